/**
 * Batch benchmark: a 2000-item batch from POST /v1/batch to `completed`, at full list scale
 * (the matcher benchmark's synthetic 350k entries + 2M NPPES organizations, in a matcher
 * process of its own), through the real path: a gateway process, the batchScreening workflow
 * on a Temporal dev server, a worker with infra/worker.ts's settings, PostgreSQL. Also the
 * matcher's own time per item (matchMany of 100, one call at a time), to show what of the
 * wall time is screening and what is orchestration.
 *
 *   npm run bench:batch -- [--items 2000] [--runs 3] [--entries 350000] [--registry 2000000] [--seed 7]
 */
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRng } from '../../infra/dev/synthetic/parties';
import { createOrganization } from '../../gateway/orgs/organizations';
import { issueApiKey } from '../../gateway/auth/apiKeys';
import { numberArg } from './support/args';
import { startBenchStack } from './support/benchStack';
import { spawnGateway } from './support/benchGateway';
import { startMatcherReplicas } from './support/matcherReplicas';
import { generateEntries, generateQueries } from './support/matcherData';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';

const ITEMS = numberArg('items', 2000);
const RUNS = numberArg('runs', 3);
const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const SEED = numberArg('seed', 7);

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  console.log(`batch bench: ${ITEMS} items, ${ENTRIES} list entries + ${REGISTRY} NPPES organizations, cores=${os.cpus().length}`);
  const bench = await startBenchStack();
  const matchers = await startMatcherReplicas({ count: 1, entries: ENTRIES, registry: REGISTRY, seed: SEED });
  const taskQueue = `bench-batch-${randomBytes(3).toString('hex')}`;
  const gateway = await spawnGateway('batch', {
    DATABASE_URL: bench.stack.databaseUrl, TEMPORAL_ADDRESS: bench.stack.temporalAddress, TEMPORAL_TASK_QUEUE: taskQueue, MATCHER_URL: matchers.urls[0],
  });
  try {
    const worker = await bench.startWorker({ taskQueue, matcherUrl: matchers.urls[0] });
    const org = await createOrganization(bench.pool, { name: 'Bench batch', plan: 'enterprise' });
    const { apiKey } = await issueApiKey(bench.pool, org.id);
    const items = generateQueries(SEED, generateEntries(createRng(SEED), ENTRIES), ITEMS, REGISTRY);

    // The matcher's share: the same items, 100 per matchMany, one call at a time (the first pass warms it).
    const perItem: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const started = performance.now();
      for (let i = 0; i < items.length; i += 100) await worker.matcher.matchMany(items.slice(i, i + 100), { requestId: `bench-${pass}-${i}`, timeoutMs: 60_000 });
      if (pass === 1) perItem.push((performance.now() - started) / items.length);
    }
    console.log(`  matcher alone: ${perItem[0].toFixed(2)} ms per item (matchMany of 100, sequential) → ${(perItem[0] * items.length / 1000).toFixed(1)} s of screening for the batch on one matcher`);

    const walls: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const cpuBefore = readCpuTimes();
      const started = Date.now();
      const posted = await fetch(`${gateway.url}/v1/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ items }),
      });
      const accepted = Date.now();
      if (posted.status !== 202) throw new Error(`POST /v1/batch answered ${posted.status}: ${await posted.text()}`);
      const { jobId } = (await posted.json()) as { jobId: string };
      let processingAt = 0;
      let job: { state: string; completedItems: number; failedItems: number; results?: Array<{ result?: { status: string } }> };
      for (;;) {
        job = await (await fetch(`${gateway.url}/v1/batch/${jobId}`, { headers: { authorization: `Bearer ${apiKey}` } })).json() as typeof job;
        if (!processingAt && job.state !== 'queued') processingAt = Date.now();
        if (job.state === 'completed') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const wall = (Date.now() - started) / 1000;
      walls.push(wall);
      const potential = job.results!.filter((r) => r.result?.status === 'potential_match').length;
      console.log(
        `  run ${run}: POST → completed ${wall.toFixed(2)} s (POST answered in ${accepted - started} ms, processing after ${processingAt - started} ms); ` +
          `${(ITEMS / wall).toFixed(0)} items/s; completed ${job.completedItems}, failed ${job.failedItems}, potential matches ${potential}; ` +
          `CPU ${describeCpuTimes(cpuBefore, readCpuTimes()) ?? 'n/a'}`,
      );
    }
    console.log(`  median POST → completed: ${median(walls).toFixed(2)} s over ${RUNS} runs (target ≤ 10 s)`);
  } finally {
    await gateway.stop();
    matchers.stop();
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
