/**
 * Batch benchmark: a 2000-item batch from POST /v1/batch to `completed`, at full list scale
 * (the matcher benchmark's synthetic 350k entries + 2M NPPES organizations, in a matcher
 * process of its own), through the real path: a gateway process, the batchScreening workflow
 * on a Temporal dev server, a worker with infra/worker.ts's settings, PostgreSQL. Also the
 * matcher's own time per item (matchMany of 100, one call at a time, one pass over the batch's
 * items after a warm-up on queries of another seed), to show what of the wall time is
 * screening and what is orchestration.
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
import { generateEntries, generateQueries, WARM_UP_SEED_OFFSET } from './support/matcherData';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { median } from './support/batchReport';
import { runScript } from '../../infra/dev/runScript';

const ITEMS = numberArg('items', 2000);
const RUNS = numberArg('runs', 3);
const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const SEED = numberArg('seed', 7);

async function main(): Promise<void> {
  console.log(`batch bench: ${ITEMS} items, ${ENTRIES} list entries + ${REGISTRY} NPPES organizations, cores=${os.cpus().length}`);
  const bench = await startBenchStack();
  const matchers = await startMatcherReplicas({ count: 1, entries: ENTRIES, registry: REGISTRY, seed: SEED });
  const taskQueue = `bench-batch-${randomBytes(3).toString('hex')}`;
  const gateway = await spawnGateway('batch', {
    DATABASE_URL: bench.stack.databaseUrl,
    TEMPORAL_ADDRESS: bench.stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    MATCHER_URL: matchers.urls[0],
  });
  try {
    const worker = await bench.startWorker({ taskQueue, matcherUrl: matchers.urls[0] });
    const org = await createOrganization(bench.pool, { name: 'Bench batch', plan: 'enterprise' });
    const { apiKey } = await issueApiKey(bench.pool, org.id);
    const entries = generateEntries(createRng(SEED), ENTRIES);
    const items = generateQueries(SEED, entries, ITEMS, REGISTRY);
    // Warm-up queries of another seed: the timed pass must not find the batch's own items already seen.
    const warmUp = generateQueries(SEED + WARM_UP_SEED_OFFSET, entries, ITEMS, REGISTRY);

    // The matcher's share: 100 per matchMany, one call at a time, one timed pass over the batch's items.
    const screenAll = async (queries: typeof items, label: string): Promise<number> => {
      const started = performance.now();
      for (let i = 0; i < queries.length; i += 100) {
        await worker.matcher.matchMany(queries.slice(i, i + 100), { requestId: `bench-${label}-${i}`, timeoutMs: 60_000 });
      }
      return (performance.now() - started) / queries.length;
    };
    await screenAll(warmUp, 'warm-up');
    const perItem = await screenAll(items, 'timed');
    console.log(
      `  matcher alone: ${perItem.toFixed(2)} ms per item (matchMany of 100, sequential, after a warm-up on other queries) → ${((perItem * items.length) / 1000).toFixed(1)} s of screening for the batch on one matcher`,
    );

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
        job = (await (
          await fetch(`${gateway.url}/v1/batch/${jobId}`, { headers: { authorization: `Bearer ${apiKey}` } })
        ).json()) as typeof job;
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

runScript(main);
