/**
 * How the batch rate falls as the lists grow: the same batch workload (support/batchRun.ts,
 * the real path on this checkout) against generated lists of several sizes, each run a process
 * of its own, with where the time went at each size: CPU seconds per process (matchers, the
 * worker, the gateway, the Temporal server, PostgreSQL's backends), the matchers' own screening
 * time, and the Temporal task latencies read from the workflows' histories.
 *
 *   npm run bench:batch-scaling -- [--sizes 10000:5000,50000:2000000,150000:2000000,350000:2000000]
 *     [--batches 10] [--items 2000] [--seed 7] [--matchers N]
 *
 * A size is ENTRIES:REGISTRY (list entries, NPPES organizations); 10,000:5,000 is about the demo lists.
 */
import path from 'node:path';
import { runScript } from '../../infra/dev/runScript';
import { numberArg } from './support/args';
import { describeRun, runBatchWorkload } from './support/batchReport';

const CURRENT = path.resolve(__dirname, '..', '..');

function sizesArg(): Array<{ entries: number; registry: number }> {
  const at = process.argv.indexOf('--sizes');
  const text = at >= 0 ? process.argv[at + 1] : '10000:5000,50000:2000000,150000:2000000,350000:2000000';
  return (text ?? '').split(',').map((size) => {
    const [entries, registry] = size.split(':').map(Number);
    if (!Number.isInteger(entries) || !Number.isInteger(registry) || entries < 1 || registry < 1)
      throw new Error(`--sizes needs ENTRIES:REGISTRY pairs, got ${size}`);
    return { entries, registry };
  });
}

async function main(): Promise<void> {
  const workload = { batches: numberArg('batches', 10), items: numberArg('items', 2000), seed: numberArg('seed', 7) };
  const matchers = numberArg('matchers', 0);
  console.log(`batch scaling bench: ${workload.batches} concurrent batches of ${workload.items}, seed ${workload.seed}`);
  const rows: string[] = [];
  for (const size of sizesArg()) {
    const f = await runBatchWorkload(CURRENT, { ...workload, ...size, ...(matchers ? { matchers } : {}) });
    console.log(`${size.entries} entries + ${size.registry} registry: ${describeRun(f)}`);
    const cpu = f.cpuSeconds;
    rows.push(
      `| ${size.entries} + ${size.registry} | ${f.wallSeconds.toFixed(1)} | ${f.itemsPerSecond.toFixed(0)} | ${cpu.matchers.toFixed(1)} | ${cpu['worker (bench process)'].toFixed(1)} | ${cpu['postgres backends'].toFixed(1)} | ${cpu['temporal server'].toFixed(1)} | ${cpu.gateway.toFixed(1)} | ${f.temporal.activities.screenBatchChunk?.waitMs.toFixed(0) ?? '-'} | ${f.temporal.workflowTasks.waitMs.toFixed(0)} |`,
    );
  }
  console.log(
    '\n| entries + registry | wall s | items/s | matchers CPU s | worker CPU s | postgres CPU s | temporal CPU s | gateway CPU s | chunk wait ms | wf task wait ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

runScript(main);
