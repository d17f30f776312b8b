/**
 * Paired batch benchmark: the current code against another commit's checkout, on the same
 * generated lists and the same names, through the real path of each (gateway process,
 * batchScreening workflows on a Temporal dev server, a worker with infra/worker.ts's settings,
 * the matcher process(es) its stack runs, PostgreSQL). Each run is a process of its own
 * (support/batchRun.ts) that boots its checkout's stack from nothing; runs alternate which goes
 * first (base, current, current, base, ...) so the drift of a shared machine falls on both
 * alike. Prints each run with where its time went, then the medians, and whether both
 * returned the same screenings.
 *
 *   git worktree add /some/dir <commit>   # with node_modules and .venv linked from this checkout
 *   npm run bench:batch-paired -- --base /some/dir [--rounds 2] [--batches 50] [--items 2000]
 *     [--entries 350000] [--registry 2000000] [--seed 7] [--base-matchers N] [--current-matchers N] [--current-first]
 *
 * Quick: --batches 5 --entries 20000 --registry 5000. The matcher count of a side defaults to
 * what its checkout's stack runs (infra/dev/matcherReplicas.ts; 1 where it has none).
 */
import path from 'node:path';
import { runScript } from '../../infra/dev/runScript';
import { numberArg } from './support/args';
import { describeRun, median, outsideMatchersMs, runBatchWorkload } from './support/batchReport';
import type { BatchRunFigures } from './support/batchRun';

const ROUNDS = numberArg('rounds', 2);
const WORKLOAD = {
  batches: numberArg('batches', 50),
  items: numberArg('items', 2000),
  entries: numberArg('entries', 350_000),
  registry: numberArg('registry', 2_000_000),
  seed: numberArg('seed', 7),
};
const CURRENT = path.resolve(__dirname, '..', '..');
/** --current-first: the current code runs first in odd rounds (the second half of an ABBA pair split over two runs of this bench). */
const CURRENT_FIRST = process.argv.includes('--current-first') ? 1 : 0;

async function main(): Promise<void> {
  const at = process.argv.indexOf('--base');
  const base = at >= 0 ? process.argv[at + 1] : undefined;
  if (!base) throw new Error('--base <checkout of the commit to compare with> is required');
  const checkouts = { base: path.resolve(base), current: CURRENT };
  const matchers = { base: numberArg('base-matchers', 0), current: numberArg('current-matchers', 0) };
  const { batches, items, entries, registry, seed } = WORKLOAD;
  console.log(
    `batch paired bench: ${batches} concurrent batches of ${items} (${batches * items} items), ${entries} list entries + ${registry} NPPES organizations, seed ${seed}, ${ROUNDS} rounds`,
  );
  console.log(`base: ${checkouts.base}\ncurrent: ${checkouts.current}`);
  const runs: Record<'base' | 'current', BatchRunFigures[]> = { base: [], current: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: ('base' | 'current')[] = (round + CURRENT_FIRST) % 2 === 0 ? ['base', 'current'] : ['current', 'base'];
    for (const which of order) {
      const figures = await runBatchWorkload(checkouts[which], { ...WORKLOAD, ...(matchers[which] ? { matchers: matchers[which] } : {}) });
      runs[which].push(figures);
      console.log(`round ${round + 1} ${which.padEnd(7)} ${describeRun(figures)}`);
    }
  }
  for (const which of ['base', 'current'] as const) {
    const r = runs[which];
    const cpu = Object.keys(r[0].cpuSeconds)
      .map((name) => `${name} ${median(r.map((f) => f.cpuSeconds[name])).toFixed(1)} s`)
      .join(', ');
    console.log(
      `median ${which.padEnd(7)} ${median(r.map((f) => f.wallSeconds)).toFixed(1)} s  ${median(r.map((f) => f.itemsPerSecond)).toFixed(0)} items/s; CPU ${cpu}; matcher screening ${median(r.map((f) => f.matcherScreeningSeconds)).toFixed(1)} s; CPU per item outside the matchers ${median(r.map(outsideMatchersMs)).toFixed(3)} ms`,
    );
  }
  const shas = new Set([...runs.base, ...runs.current].map((f) => f.resultsSha256));
  console.log(shas.size === 1 ? `same screening results (sha256 ${[...shas][0]})` : `screening results differ: ${[...shas].join(', ')}`);
}

runScript(main);
