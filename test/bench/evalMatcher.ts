import { resolve } from 'node:path';
import { formatReport, writeReportJson } from './eval/report';
import { runEval, SIZES, type EvalOptions } from './eval/runEval';
import { formatPrecision, PRECISION_DEFAULTS, runPrecision, type PrecisionOptions } from './eval/precision/runPrecision';
import { runScript } from '../../infra/dev/runScript';

/**
 * `npm run eval:matcher [-- --size small|full] [--seed N] [--baseline-per-class N] [--roster-seed N] [--precision-only]`
 * Recall: screens a labelled synthetic set with the matcher and a plain Jaro–Winkler baseline.
 * Precision: screens an ordinary roster (on no list) against the demo list set (eval/precision/).
 * Prints both and writes .data/eval/latest.json. Exit code 0 whatever the figures: this measures, CI decides.
 */
function parseArgs(argv: string[]): EvalOptions & { precision: PrecisionOptions; precisionOnly: boolean } {
  const value = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    if (at >= 0) return argv[at + 1];
    const inline = argv.find((arg) => arg.startsWith(`${flag}=`));
    return inline?.slice(flag.length + 1);
  };
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
  return { ...options, precision: { ...PRECISION_DEFAULTS, seed: rosterSeed }, precisionOnly: argv.includes('--precision-only') };
}

async function main(): Promise<void> {
  const { precision: precisionOptions, precisionOnly, ...options } = parseArgs(process.argv.slice(2));
  const progress = (message: string): void => void process.stderr.write(`· ${message}\n`);
  const precision = await runPrecision(precisionOptions, progress);
  const report = precisionOnly ? null : runEval(options, progress);
  if (report) process.stdout.write(`${formatReport(report)}\n\n`);
  process.stdout.write(`${formatPrecision(precision)}\n`);
  const path = resolve(__dirname, '..', '..', '.data', 'eval', 'latest.json');
  writeReportJson({ ...(report ?? {}), precision }, path);
  process.stderr.write(`wrote ${path}\n`);
}

runScript(main);
