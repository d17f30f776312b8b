import { isScaleName, type ScaleName } from './synthetic/scales';

/**
 * The list scale `npm start` publishes: `--scale <name>` (or `--scale=<name>`) on its command
 * line, else LIST_SCALE, else demo. `full` is the real lists' sizes (NPPES about 2M organizations).
 */
export function listScaleFrom(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ScaleName {
  const at = argv.findIndex((arg) => arg === '--scale' || arg.startsWith('--scale='));
  const raw = at < 0 ? env.LIST_SCALE || 'demo' : argv[at].startsWith('--scale=') ? argv[at].slice('--scale='.length) : argv[at + 1];
  if (raw === undefined || !isScaleName(raw)) {
    throw new Error(`unknown list scale "${raw ?? ''}" (from ${at < 0 ? 'LIST_SCALE' : '--scale'}): expected small, demo or full`);
  }
  return raw;
}
