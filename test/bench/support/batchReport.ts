import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BatchRunFigures } from './batchRun';

/** Runs one batch workload (batchRun.ts) on `checkout` in a process of its own; its progress goes to stderr. */
export function runBatchWorkload(checkout: string, options: Record<string, number>): Promise<BatchRunFigures> {
  const args = [
    '--import',
    'tsx',
    path.join(__dirname, 'batchRun.ts'),
    '--checkout',
    checkout,
    ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, String(value)]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the batch run of ${checkout} exited with code ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() as string) as BatchRunFigures);
    });
  });
}

export function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const seconds = (s: number): string => `${s.toFixed(1)} s`;
const percent = (share: number): string => `${(share * 100).toFixed(0)}%`;

/** CPU milliseconds per item of every process of the path but the matchers (worker, gateway, PostgreSQL, Temporal). */
export function outsideMatchersMs(f: BatchRunFigures): number {
  const outside = Object.entries(f.cpuSeconds).reduce((sum, [name, s]) => (name === 'matchers' ? sum : sum + s), 0);
  return (outside * 1000) / f.items;
}

/** One run's line: wall, rate, and where the time went. */
export function describeRun(f: BatchRunFigures): string {
  const cpu = Object.entries(f.cpuSeconds)
    .map(([name, s]) => `${name} ${seconds(s)}`)
    .join(', ');
  const chunk = f.temporal.activities.screenBatchChunk;
  const wt = f.temporal.workflowTasks;
  return [
    `${seconds(f.wallSeconds)}  ${f.itemsPerSecond.toFixed(0)} items/s  (${f.completed} completed, ${f.failed} failed, ${f.potentialMatches} potential matches; ${f.matchers} matcher(s))`,
    `    CPU: ${cpu}; matcher screening wall (its histogram, summed over concurrent calls) ${seconds(f.matcherScreeningSeconds)}; machine ${f.machine ?? 'n/a'}`,
    // On a shared machine a matcher can be screening without being on a core: the first share is
    // how long calls were being screened, the second how much CPU the matchers got.
    `    matchers screening ${percent(f.matcherScreeningSeconds / (f.wallSeconds * f.matchers))} of the run, on a core ${percent(f.cpuSeconds.matchers / (f.wallSeconds * f.matchers))} (${f.matchers} replica(s)); CPU per item outside the matchers ${outsideMatchersMs(f).toFixed(3)} ms`,
    ...(f.workerThreads
      ? [
          `    worker CPU by thread: ${Object.entries(f.workerThreads)
            .map(([name, s]) => `${name} ${seconds(s)}`)
            .join(', ')}`,
        ]
      : []),
    `    peak RSS MB: ${Object.entries(f.peakRssMb)
      .map(([name, mb]) => `${name} ${mb}`)
      .join(', ')}`,
    `    Temporal: ${f.temporal.workflows} workflows; ${wt.count} workflow tasks (wait ${wt.waitMs.toFixed(1)} ms, run ${wt.runMs.toFixed(1)} ms); ` +
      Object.entries(f.temporal.activities)
        .map(([type, t]) => `${t.count} ${type} (wait ${t.waitMs.toFixed(0)} ms, run ${t.runMs.toFixed(0)} ms)`)
        .join(', ') +
      (chunk ? `; ${((f.temporal.activities.screenBatchChunk.count / f.items) * 100).toFixed(1)} chunk activities per 100 items` : ''),
  ].join('\n');
}
