import { resolve } from 'node:path';
import { formatReport, writeReportJson } from './eval/report';
import { runEval, SIZES, type EvalOptions } from './eval/runEval';
import { loadListSet, type ListSetScale } from './eval/precision/listSet';
import { formatPrecision, PRECISION_DEFAULTS, runPrecision, type PrecisionOptions } from './eval/precision/runPrecision';
import { runScript } from '../../infra/dev/runScript';

/**
 * `npm run eval:matcher [-- --scale demo|full] [--size small|full] [--seed N] [--baseline-per-class N] [--roster-seed N] [--precision-only]`
 *
 * Precision: an ordinary roster (on no list) against the list set (`--scale`: demo, or full from
 * .data/lists/full). Recall: a labelled synthetic list (`--size`, full: 50k persons) with the matcher
 * and a Jaro–Winkler baseline; at full scale the set's LEIE, SAM and state entries join the index as
 * unlabelled distractors (a name printed exactly as a target's counts as its namesake). Prints both,
 * writes .data/eval/latest.json, and exits 0 whatever the figures: this measures, CI decides.
 */
function parseArgs(argv: string[]): EvalOptions & { precision: PrecisionOptions; precisionOnly: boolean; listScale: ListSetScale } {
  const value = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    if (at >= 0) return argv[at + 1];
    const inline = argv.find((arg) => arg.startsWith(`${flag}=`));
    return inline?.slice(flag.length + 1);
  };
  const listScale = value('--scale') ?? 'demo';
  if (listScale !== 'demo' && listScale !== 'full') throw new Error(`--scale must be demo or full, got ${listScale}`);
  const size = value('--size') ?? 'full';
  if (size !== 'small' && size !== 'full') throw new Error(`--size must be small or full, got ${size}`);
  const seed = Number(value('--seed') ?? 20261122);
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const options: EvalOptions = { size, seed, ...SIZES[size] };
  const count = (flag: string): number | undefined => {
    const raw = value(flag);
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got ${raw}`);
    return n;
  };
  options.baselinePerClass = count('--baseline-per-class') ?? options.baselinePerClass;
  options.perClass = count('--per-class') ?? options.perClass;
  const rosterSeed = Number(value('--roster-seed') ?? PRECISION_DEFAULTS.seed);
  if (!Number.isInteger(rosterSeed)) throw new Error('--roster-seed must be an integer');
  return {
    ...options,
    precision: { ...PRECISION_DEFAULTS, seed: rosterSeed },
    precisionOnly: argv.includes('--precision-only'),
    listScale,
  };
}

async function main(): Promise<void> {
  const { precision: precisionOptions, precisionOnly, listScale, ...options } = parseArgs(process.argv.slice(2));
  const progress = (message: string): void => void process.stderr.write(`· ${message}\n`);
  progress(`reading the ${listScale} list set through the adapters`);
  const lists = await loadListSet(listScale, progress);
  const precision = runPrecision(lists, precisionOptions, progress);
  // The registry serves the precision roster's organizations only.
  lists.registry.clear();
  const distractors = listScale === 'full' ? lists.entries : [];
  const report = precisionOnly ? null : runEval(options, progress, distractors);
  if (report) process.stdout.write(`${formatReport(report)}\n\n`);
  process.stdout.write(`${formatPrecision(precision)}\n`);
  const path = resolve(__dirname, '..', '..', '.data', 'eval', 'latest.json');
  writeReportJson({ ...(report ?? {}), precision }, path);
  process.stderr.write(`wrote ${path}\n`);
}

runScript(main);
