import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { QUERY_CLASSES } from './classes';
import { pct, type BaselineFigures, type EvalReport } from './runEval';

/** Renders an EvalReport as a fixed-width table for the terminal, and as JSON on disk. */
const pad = (text: string, width: number): string => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padLeft = (text: string, width: number): string => (text.length >= width ? text : ' '.repeat(width - text.length) + text);
const share = (value: number | null): string => (value === null ? '-' : pct(value));
const fixed = (value: number | null, digits = 3): string => (value === null ? '-' : value.toFixed(digits));

function baselineLine(label: string, figures: BaselineFigures): string {
  return (
    `${pad(label, 24)} t=${figures.threshold.toFixed(3)}  recall ${padLeft(pct(figures.pooledPositiveRecall), 6)} (min class ${padLeft(pct(figures.minClassRecall), 6)})` +
    `  clean clear ${padLeft(pct(figures.cleanClearShare), 6)}  false/clean ${padLeft(figures.falseMatchesPerCleanQuery.toFixed(2), 6)}` +
    `  hard-neg clear ${padLeft(pct(figures.hardNegativeClearShare), 6)}  MRR ${figures.mrrPositive.toFixed(3)}`
  );
}

export function formatReport(report: EvalReport): string {
  const lines: string[] = [];
  const { options, list, timing } = report;
  lines.push(
    `Matcher eval — size ${options.size}, seed ${options.seed}: ${list.entries} list entries (${list.persons} persons, ${list.organizations} orgs; ` +
      `${Object.entries(list.bySource)
        .map(([source, count]) => `${source} ${count}`)
        .join(', ')})` +
      `${report.distractors > 0 ? ` + ${report.distractors} entries of the published list set as distractors` : ''}, ${report.queries} queries`,
  );
  lines.push('');
  const equal = report.baseline.equalRecall;
  const baselineHeader = equal
    ? `JW baseline @ t=${equal.threshold} (equal recall, ${report.baseline.queriesPerClass}/class)`
    : 'JW baseline @ t=0.5 (never reaches our recall)';
  lines.push(
    `${pad('class', 18)} ${pad('expect', 6)} ${padLeft('n', 5)} ${padLeft('recall', 7)} ${padLeft('MRR', 6)} ${padLeft('clear', 7)} ${padLeft('m/q', 6)} ${padLeft('exact@1', 8)} | ${baselineHeader}`,
  );
  lines.push(`${' '.repeat(66)}|  ${padLeft('recall', 7)} ${padLeft('MRR', 6)} ${padLeft('clear', 7)} ${padLeft('m/q', 7)}`);
  for (const summary of report.classes) {
    const queryClass = QUERY_CLASSES.find((candidate) => candidate.name === summary.className)!;
    const base = report.baseline.classes.find((candidate) => candidate.className === summary.className)!;
    lines.push(
      `${pad(summary.className, 18)} ${pad(queryClass.expectation, 6)} ${padLeft(String(summary.queries), 5)} ${padLeft(share(summary.recall), 7)} ${padLeft(fixed(summary.mrr), 6)} ` +
        `${padLeft(pct(summary.clearShare), 7)} ${padLeft(summary.meanMatches.toFixed(2), 6)} ${padLeft(share(summary.exactTopShare), 8)} |  ` +
        `${padLeft(share(base.recall), 7)} ${padLeft(fixed(base.mrr), 6)} ${padLeft(pct(base.clearShare), 7)} ${padLeft(base.meanMatches.toFixed(2), 7)}`,
    );
  }
  const figures = report.figures;
  lines.push('');
  lines.push(
    `Matcher: positive recall pooled ${pct(figures.pooledPositiveRecall)}, lowest class ${pct(figures.minPositiveRecall)}, MRR ${figures.mrrPositive.toFixed(3)}, ` +
      `exact names score 1 and rank first ${pct(figures.exactScoreOneRankFirst)}`,
  );
  lines.push(
    `         clean queries clear ${pct(figures.cleanClearShare)}, false matches per clean query ${figures.falseMatchesPerCleanQuery.toFixed(3)}; ` +
      `hard negatives clear ${pct(figures.hardNegativeClearShare)}, ${figures.falseMatchesPerHardNegative.toFixed(3)} matches each`,
  );
  const ours = report.baseline.oursOnSample;
  lines.push('');
  lines.push(`Baseline comparison on the sampled queries (${report.baseline.queriesPerClass} per class, clean classes 3x):`);
  lines.push(
    `${pad('matcher', 24)}          recall ${padLeft(pct(ours.pooledPositiveRecall), 6)}                     clean clear ${padLeft(pct(ours.cleanClearShare), 6)}  false/clean ${padLeft(ours.falseMatchesPerCleanQuery.toFixed(2), 6)}` +
      `  hard-neg clear ${padLeft(pct(ours.hardNegativeClearShare), 6)}  MRR ${ours.mrrPositive.toFixed(3)}`,
  );
  if (equal) lines.push(baselineLine('JW at equal recall', equal));
  else lines.push("JW never reaches the matcher's recall at any threshold >= 0.5");
  if (report.baseline.equalClear) lines.push(baselineLine('JW at equal clean-clear', report.baseline.equalClear));
  for (const point of report.baseline.curve) lines.push(baselineLine('JW curve', point));
  lines.push('');
  lines.push('Targets:');
  for (const target of report.targets) lines.push(`  [${target.met ? 'MET ' : 'MISS'}] ${target.name}: ${target.detail}`);
  lines.push('');
  const failureClasses = Object.keys(report.failures);
  if (failureClasses.length > 0) {
    lines.push('Failure examples (query <= listed name; top match):');
    for (const className of failureClasses) {
      for (const example of report.failures[className].slice(0, 3)) {
        const top = example.top === null ? 'clear' : `${example.top} @${example.topScore?.toFixed(3)} (${example.matchCount} matches)`;
        lines.push(
          `  ${pad(className, 18)} ${JSON.stringify(example.query)}${example.listed ? ` <= ${JSON.stringify(example.listed)}` : ''}; ${top}`,
        );
      }
    }
    lines.push('');
  }
  lines.push(
    `Timing (wall/cpu ms; shared machine, wall varies): list ${ms(timing.listGeneration)}, queries ${ms(timing.querySet)}, index build ${ms(timing.indexBuild)}, ` +
      `screening ${ms(timing.screening)} = ${timing.screening.queriesPerSecondWall.toFixed(0)} q/s wall, ${timing.screening.queriesPerSecondCpu.toFixed(0)} q/s cpu; baseline ${ms(timing.baseline)}`,
  );
  return lines.join('\n');
}

function ms(timing: { wallMs: number; cpuMs: number }): string {
  return `${timing.wallMs.toFixed(0)}/${timing.cpuMs.toFixed(0)}`;
}

export function writeReportJson(report: Partial<EvalReport> & Record<string, unknown>, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}
