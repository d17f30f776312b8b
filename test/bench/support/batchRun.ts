/**
 * One timed batch workload on one checkout's code, in a process of its own (bench:batch-paired
 * and bench:batch-scaling run it): that checkout's bench stack (a throwaway database, a Temporal
 * dev server, its workflow bundle, a worker with its infra/worker.ts settings in this process),
 * its matcher process(es) over the generated lists, its gateway process. The workload is the
 * same whatever the checkout: `batches` concurrent POST /v1/batch of `items` names each, from
 * this checkout's generator. Prints its figures as one JSON line on stdout; progress on stderr.
 *
 *   tsx test/bench/support/batchRun.ts --checkout DIR --matchers N --batches 50 --items 2000
 *     --entries 350000 --registry 2000000 --seed 7 [--profile FILE]
 *
 * --profile writes a CPU profile of the worker's JavaScript thread over the timed window (open it
 * in Chrome DevTools) to see what of its time is JSON, the PostgreSQL driver, the HTTP client.
 */
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createHash, randomUUID } from 'node:crypto';
import { createRng } from '../../../infra/dev/synthetic/parties';
import type { Entity } from '../../../matcher/types';
import { runScript } from '../../../infra/dev/runScript';
import { numberArg } from './args';
import { generateEntries, generateQueries, WARM_UP_SEED_OFFSET } from './matcherData';
import { cmdlineOf, processTree, sampleProcessCpu, threadCpu } from './processCpu';
import { historyTimings, type HistoryTimings } from './temporalTimings';
import { readCpuTimes, describeCpuTimes } from './cpuTimes';

type BenchStackModule = typeof import('./benchStack');
type BenchGatewayModule = typeof import('./benchGateway');
type MatcherReplicasModule = typeof import('./matcherReplicas');
type OrganizationsModule = typeof import('../../../gateway/orgs/organizations');
type ApiKeysModule = typeof import('../../../gateway/auth/apiKeys');

const BATCHES = numberArg('batches', 50);
const ITEMS = numberArg('items', 2000);
const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const SEED = numberArg('seed', 7);
const MATCHERS = numberArg('matchers', 0);

export interface BatchRunFigures {
  checkout: string;
  matchers: number;
  items: number;
  wallSeconds: number;
  itemsPerSecond: number;
  completed: number;
  failed: number;
  potentialMatches: number;
  /** sha256 over every item's screening as the API returns it, without its timestamp. */
  resultsSha256: string;
  /** CPU seconds per process over the timed window. */
  cpuSeconds: Record<string, number>;
  /** The bench process's (the worker's) CPU seconds by thread name: JavaScript, the SDK's native threads, GC. */
  workerThreads: Record<string, number>;
  /** Peak resident MB per process group, sampled each second. */
  peakRssMb: Record<string, number>;
  /** Matcher-side screening time (its own histogram, summed over replicas), seconds. */
  matcherScreeningSeconds: number;
  machine: string | null;
  temporal: HistoryTimings;
}

function optionalStringArg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function stringArg(name: string): string {
  const value = optionalStringArg(name);
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

/** Profiles this process's JavaScript thread until the returned function is called, then writes the profile to `file`. */
async function startProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

const log = (line: string): boolean => process.stderr.write(`${line}\n`);

/** The matchers' own screening time so far: matcher_screening_duration_seconds_sum for /match-many. */
async function screeningSeconds(urls: string[]): Promise<number> {
  let sum = 0;
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('matcher_screening_duration_seconds_sum{') && l.includes('route="/match-many"'));
    if (line) sum += Number(line.split(' ').pop());
  }
  return sum;
}

/** The matcher replica count the checkout's stack runs (infra/dev/matcherReplicas.ts), 1 where it has none. */
async function checkoutMatcherCount(checkout: string): Promise<number> {
  if (MATCHERS > 0) return MATCHERS;
  try {
    const mod = (await import(path.join(checkout, 'infra', 'dev', 'matcherReplicas'))) as {
      matcherReplicaCount(env: NodeJS.ProcessEnv): number;
    };
    return mod.matcherReplicaCount(process.env);
  } catch {
    return 1;
  }
}

/** The screening as the contract has it, without what differs between two runs of the same code (its timestamp). */
function withoutRunFields(this: unknown, key: string, value: unknown): unknown {
  return key === 'checkedAt' || key === 'candidatesScored' || key === 'maxViableCandidates' ? undefined : value;
}

async function main(): Promise<void> {
  const checkout = path.resolve(stringArg('checkout'));
  const from = (rel: string): Promise<unknown> => import(path.join(checkout, rel));
  const { startBenchStack } = (await from('test/bench/support/benchStack')) as BenchStackModule;
  const { spawnGateway } = (await from('test/bench/support/benchGateway')) as BenchGatewayModule;
  const { startMatcherReplicas } = (await from('test/bench/support/matcherReplicas')) as MatcherReplicasModule;
  const { createOrganization } = (await from('gateway/orgs/organizations')) as OrganizationsModule;
  const { issueApiKey } = (await from('gateway/auth/apiKeys')) as ApiKeysModule;
  const matcherCount = await checkoutMatcherCount(checkout);

  let items: Entity[][];
  let warmUp: Entity[];
  {
    const entries = generateEntries(createRng(SEED), ENTRIES);
    const all = generateQueries(SEED, entries, BATCHES * ITEMS, REGISTRY);
    items = Array.from({ length: BATCHES }, (_, b) => all.slice(b * ITEMS, (b + 1) * ITEMS));
    warmUp = generateQueries(SEED + WARM_UP_SEED_OFFSET, entries, Math.min(ITEMS, 2000), REGISTRY);
  }

  const started = Date.now();
  const bench = await startBenchStack();
  const matchers = await startMatcherReplicas({ count: matcherCount, entries: ENTRIES, registry: REGISTRY, seed: SEED });
  const taskQueue = `bench-batch-${randomUUID().slice(0, 8)}`;
  const gateway = await spawnGateway('batch', {
    DATABASE_URL: bench.stack.databaseUrl,
    TEMPORAL_ADDRESS: bench.stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    MATCHER_URL: matchers.urls.join(','),
  });
  try {
    await bench.startWorker({ taskQueue, matcherUrl: matchers.urls.join(',') });
    const org = await createOrganization(bench.pool, { name: 'Bench batch', plan: 'enterprise' });
    const { apiKey } = await issueApiKey(bench.pool, org.id);
    log(`  ${path.basename(checkout)}: stack and ${matcherCount} matcher(s) ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const submit = async (batch: Entity[]): Promise<string> => {
      const posted = await fetch(`${gateway.url}/v1/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ items: batch }),
      });
      if (posted.status !== 202) throw new Error(`POST /v1/batch answered ${posted.status}: ${await posted.text()}`);
      return ((await posted.json()) as { jobId: string }).jobId;
    };
    const untilCompleted = async (jobIds: string[]): Promise<void> => {
      for (;;) {
        const { rows } = await bench.pool.query<{ done: number }>(
          `SELECT count(*)::int AS done FROM batch_jobs WHERE id = ANY($1::uuid[]) AND state = 'completed'`,
          [jobIds],
        );
        if (rows[0].done === jobIds.length) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    // Warms every process of the path (JIT, pools, sticky caches) on names of another seed.
    await untilCompleted([await submit(warmUp)]);

    const dbName = new URL(bench.stack.databaseUrl).pathname.slice(1);
    // The stack's processes are all running by now: their trees are read once, not at every sample.
    const ours = processTree(process.pid).slice(1);
    const children = (pattern: RegExp): (() => number[]) => {
      const pids = [...new Set(ours.filter((pid) => pattern.test(cmdlineOf(pid))).flatMap(processTree))];
      return () => pids;
    };
    const sampler = await sampleProcessCpu([
      { name: 'worker (bench process)', pids: () => [process.pid] },
      { name: 'matchers', pids: children(/matcherReplica/) },
      { name: 'gateway', pids: children(/gateway\/main\.ts/) },
      { name: 'temporal server', pids: children(/temporal/) },
      {
        name: 'postgres backends',
        pids: async () =>
          (await bench.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((r) => r.pid),
      },
    ]);
    const workerThreads = threadCpu(process.pid);
    const machineBefore = readCpuTimes();
    const screeningBefore = await screeningSeconds(matchers.urls);
    const stopProfile = await startProfile(optionalStringArg('profile'));
    const timed = Date.now();
    const jobIds = await Promise.all(items.map(submit));
    await untilCompleted(jobIds);
    const wallSeconds = (Date.now() - timed) / 1000;
    await stopProfile();
    const screening = (await screeningSeconds(matchers.urls)) - screeningBefore;
    const machine = describeCpuTimes(machineBefore, readCpuTimes());
    const { cpu, rssMb } = await sampler.stop();
    const workerThreadCpu = workerThreads.stop();

    const digest = createHash('sha256');
    let completed = 0;
    let failed = 0;
    let potentialMatches = 0;
    for (const jobId of jobIds) {
      const job = (await (await fetch(`${gateway.url}/v1/batch/${jobId}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
        completedItems: number;
        failedItems: number;
        results: Array<{ outcome: string; result?: { status: string } }>;
      };
      completed += job.completedItems;
      failed += job.failedItems;
      potentialMatches += job.results.filter((r) => r.result?.status === 'potential_match').length;
      for (const r of job.results) digest.update(JSON.stringify(r, withoutRunFields));
    }
    const figures: BatchRunFigures = {
      checkout,
      matchers: matcherCount,
      items: BATCHES * ITEMS,
      wallSeconds,
      itemsPerSecond: (BATCHES * ITEMS) / wallSeconds,
      completed,
      failed,
      potentialMatches,
      resultsSha256: digest.digest('hex'),
      cpuSeconds: cpu,
      workerThreads: workerThreadCpu,
      peakRssMb: rssMb,
      matcherScreeningSeconds: screening,
      machine,
      temporal: await historyTimings(bench.client, 'batchScreening', new Date(timed)),
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await gateway.stop();
    matchers.stop();
    await bench.close();
  }
}

runScript(main);
