import { resolve } from 'node:path';
import { formatReport, writeReportJson } from './eval/report';
import { runEval, SIZES, type EvalOptions } from './eval/runEval';

/**
 * `npm run eval:matcher [-- --size small|full] [--seed N] [--baseline-per-class N]`
 * Screens a labelled synthetic set with the matcher and a plain Jaro–Winkler baseline, prints the
 * table and writes .data/eval/latest.json. Exit code 0 whatever the figures: this measures, CI decides.
 */
function parseArgs(argv: string[]): EvalOptions {
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
  return options;
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const report = runEval(options, (message) => process.stderr.write(`· ${message}\n`));
  process.stdout.write(`${formatReport(report)}\n`);
  const path = resolve(__dirname, '..', '..', '.data', 'eval', 'latest.json');
  writeReportJson(report, path);
  process.stderr.write(`wrote ${path}\n`);
}

main();
