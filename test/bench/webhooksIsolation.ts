/**
 * Webhook isolation benchmark: does organization A's blackhole endpoints (loopback, never answering),
 * with a backlog of deliveries (`--backlog` events, each to every endpoint) and replays at 30 a
 * minute, slow organization B down? B's batch (POST /v1/batch to its `batch_completed` delivery),
 * a burst of B's deliveries and the worker's service-pool connection waits (to stay under 50 ms)
 * are timed alone and beside A, all on real processes (gateway, matcher, Temporal dev server, the
 * worker as infra/worker.ts builds it). `--shared-pool`: both workers on one pool of 10, the baseline.
 *
 *   npm run bench:webhooks-isolation -- [--items 2000] [--deliveries 200] [--backlog 50] [--entries 20000] [--seed 7] [--shared-pool]
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Pool, PoolClient } from 'pg';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  emitWebhookEvents,
  endpointCap,
  orgAttemptCap,
  deliveryPolicy,
  deliveryPoolSize,
  deliveryWorkerSlots,
  replaysPerMinute,
  verifyWebhook,
  type WebhookEventToEmit,
} from '../../activities/webhooks';
import { createRng } from '../../infra/dev/synthetic/parties';
import { createOrganization } from '../../gateway/orgs/organizations';
import { issueApiKey } from '../../gateway/auth/apiKeys';
import { numberArg } from './support/args';
import { startBenchStack, type BenchStack } from './support/benchStack';
import { spawnGateway } from './support/benchGateway';
import { startMatcherReplicas } from './support/matcherReplicas';
import { generateEntries, generateQueries } from './support/matcherData';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { runScript } from '../../infra/dev/runScript';
import { startBlackhole, type Blackhole } from '../integration/support/blackhole';
import { createPool } from '../../infra/base/db/pool';
import { createWorkerPools } from '../../infra/worker/pools';

const ITEMS = numberArg('items', 2000);
const DELIVERIES = numberArg('deliveries', 200);
const BACKLOG = numberArg('backlog', 50);
const ENTRIES = numberArg('entries', 20_000);
const SEED = numberArg('seed', 7);
const REPLAYS_PER_MINUTE_ASKED = 30;
const DEADLINE_MS = 180_000;
const SHARED_POOL = process.argv.includes('--shared-pool');

/** Times every wait of `pool` for a connection (pool.query takes one through `connect` too) into `waits`, while `waits.on`. */
function timeConnectionWaits(pool: Pool): { on: boolean; waits: number[] } {
  const timing = { on: false, waits: [] as number[] };
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client: PoolClient, done: () => void) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    const from = performance.now();
    const record = (): void => {
      if (timing.on) timing.waits.push(performance.now() - from);
    };
    if (cb)
      return connect((err, client, done) => {
        record();
        cb(err, client, done);
      });
    return (connect() as Promise<PoolClient>).then((client) => {
      record();
      return client;
    });
  };
  return timing;
}

function describeWaits(waits: readonly number[]): string {
  if (waits.length === 0) return 'none';
  const sorted = [...waits].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `${waits.length} waits, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`;
}

/** A verifying receiver: when each delivery id first arrived. */
function startReceiver(): Promise<{ url: string; secret: { value: string }; arrived: Map<string, number>; close(): void }> {
  const arrived = new Map<string, number>();
  const secret = { value: '' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const check = verifyWebhook({ headers: req.headers, rawBody: Buffer.concat(chunks), secret: secret.value });
      if (check.ok && !arrived.has(check.deliveryId!)) arrived.set(check.deliveryId!, Date.now());
      res.statusCode = check.ok ? 204 : 401;
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        secret,
        arrived,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

async function until(what: string, check: () => boolean | Promise<boolean>, everyMs = 50): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`deadline: still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const batchEvents = (orgId: string, n: number): WebhookEventToEmit[] =>
  Array.from({ length: n }, () => {
    const jobId = randomUUID();
    return {
      orgId,
      type: 'batch_completed',
      eventKey: `bench:${jobId}`,
      data: { jobId, totalItems: 1, completedItems: 1, failedItems: 0, potentialMatchItems: 0, completedAt: new Date().toISOString() },
    };
  });

interface Timing {
  connectionWaits: string;
  batchS: number;
  batchDeliveryS: number;
  deliveriesS: number;
  cpu: string;
}

async function api(gatewayUrl: string, apiKey: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(gatewayUrl + path, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Organization B: an endpoint, its batch of ITEMS, then DELIVERIES deliveries; each timed to its last receipt. */
async function timeOrganizationB(
  bench: BenchStack,
  gatewayUrl: string,
  taskQueue: string,
  items: unknown[],
  label: string,
  servicePool: { on: boolean; waits: number[] },
): Promise<Timing> {
  const receiver = await startReceiver();
  try {
    const org = await createOrganization(bench.pool, { name: `Bench isolation B ${label}`, plan: 'enterprise' });
    const { apiKey } = await issueApiKey(bench.pool, org.id);
    const endpoint = await api(gatewayUrl, apiKey, 'POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['batch_completed'] });
    if (endpoint.status !== 201) throw new Error(`endpoint registration answered ${endpoint.status}`);
    receiver.secret.value = endpoint.body.secret as string;
    const cpuBefore = readCpuTimes();

    servicePool.waits = [];
    servicePool.on = true;
    const started = Date.now();
    const posted = await api(gatewayUrl, apiKey, 'POST', '/v1/batch', { items }, { 'idempotency-key': randomUUID() });
    if (posted.status !== 202) throw new Error(`POST /v1/batch answered ${posted.status}`);
    let completedAt = 0;
    await until(
      'B’s batch completed',
      async () => {
        const job = await api(gatewayUrl, apiKey, 'GET', `/v1/batch/${posted.body.jobId as string}`);
        if (job.body.state === 'completed') completedAt = Date.now();
        return completedAt > 0;
      },
      100,
    );
    servicePool.on = false;
    const connectionWaits = describeWaits(servicePool.waits);
    await until('B’s batch_completed delivery', () => receiver.arrived.size >= 1);
    const batchDeliveredAt = Math.max(...receiver.arrived.values());

    const burstStarted = Date.now();
    const refs = await emitWebhookEvents(bench.pool, bench.client, taskQueue, batchEvents(org.id, DELIVERIES));
    await until(`B’s ${refs.length} deliveries`, () => refs.every((r) => receiver.arrived.has(r.id)));
    const burstDone = Math.max(...refs.map((r) => receiver.arrived.get(r.id)!));
    return {
      connectionWaits,
      batchS: (completedAt - started) / 1000,
      batchDeliveryS: (batchDeliveredAt - started) / 1000,
      deliveriesS: (burstDone - burstStarted) / 1000,
      cpu: describeCpuTimes(cpuBefore, readCpuTimes()) ?? 'n/a',
    };
  } finally {
    receiver.close();
  }
}

/** Organization A: every endpoint it may have on the blackhole, a backlog of deliveries, and a client replaying them at 30 a minute. */
async function startBlackholeLoad(bench: BenchStack, gatewayUrl: string, taskQueue: string, hole: Blackhole) {
  const org = await createOrganization(bench.pool, { name: 'Bench isolation A (blackhole)', plan: 'enterprise' });
  const { apiKey } = await issueApiKey(bench.pool, org.id);
  let endpoints = 0;
  let endpointRefusal = '';
  for (;;) {
    const reply = await api(gatewayUrl, apiKey, 'POST', '/v1/webhook-endpoints', {
      url: `${hole.url}/${endpoints}`,
      events: ['batch_completed'],
    });
    if (reply.status !== 201) {
      endpointRefusal = `${reply.status} ${reply.body.code as string}`;
      break;
    }
    endpoints++;
  }
  const refs = await emitWebhookEvents(bench.pool, bench.client, taskQueue, batchEvents(org.id, BACKLOG));
  const replies = new Map<number, number>();
  let stopped = false;
  const replaying = (async () => {
    for (let i = 0; !stopped; i++) {
      const reply = await api(gatewayUrl, apiKey, 'POST', `/v1/webhook-deliveries/${refs[i % refs.length].id}/replay`);
      replies.set(reply.status, (replies.get(reply.status) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 60_000 / REPLAYS_PER_MINUTE_ASKED));
    }
  })();
  await until('the blackhole holding A’s attempts', () => hole.open() >= 1);
  return {
    describe: () =>
      `${endpoints} endpoints (the next refused: ${endpointRefusal}), ${refs.length} deliveries, replays asked ${[...replies].map(([s, n]) => `${s}×${n}`).join(' ')}; ` +
      `blackhole: ${hole.accepted()} connections, at most ${hole.maxOpen()} held at once`,
    async stop() {
      stopped = true;
      await replaying;
      for (const endpoint of (await api(gatewayUrl, apiKey, 'GET', '/v1/webhook-endpoints')).body.endpoints as Array<{ id: string }>) {
        await api(gatewayUrl, apiKey, 'DELETE', `/v1/webhook-endpoints/${endpoint.id}`);
      }
      hole.reset();
    },
  };
}

async function main(): Promise<void> {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  const policy = deliveryPolicy();
  console.log(
    `webhook isolation bench: B's batch of ${ITEMS} items and ${DELIVERIES} deliveries, alone and beside A's blackhole; ` +
      `${ENTRIES} list entries; attempt time-out ${policy.timeoutMs} ms, delivery slots ${deliveryWorkerSlots()}, per-organization cap ${orgAttemptCap()}, ` +
      `endpoints per organization ${endpointCap()}, replays ${replaysPerMinute()}/min; ` +
      `${SHARED_POOL ? 'one pool of 10 for both workers (--shared-pool)' : `service pool 10, delivery pool ${deliveryPoolSize()}`}; cores=${os.cpus().length}`,
  );
  const bench = await startBenchStack();
  const matchers = await startMatcherReplicas({ count: 1, entries: ENTRIES, registry: 0, seed: SEED });
  const taskQueue = `bench-isolation-${randomBytes(3).toString('hex')}`;
  const gateway = await spawnGateway('webhooks-isolation', {
    DATABASE_URL: bench.stack.databaseUrl,
    TEMPORAL_ADDRESS: bench.stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    MATCHER_URL: matchers.urls[0],
    WEBHOOK_ALLOW_LOOPBACK: 'true',
  });
  const hole = await startBlackhole();
  // The worker's pools as infra/worker.ts makes them (or one shared pool, the baseline).
  const shared = SHARED_POOL ? createPool({ connectionString: bench.stack.databaseUrl }) : null;
  const pools = shared ? { service: shared, delivery: shared } : createWorkerPools({ connectionString: bench.stack.databaseUrl });
  const servicePool = timeConnectionWaits(pools.service);
  let worker: { stop(): Promise<void> } | undefined;
  try {
    worker = await bench.startWorker({ taskQueue, matcherUrl: matchers.urls[0], pools });
    const items = generateQueries(SEED, generateEntries(createRng(SEED), ENTRIES), ITEMS, 0);

    const alone = await timeOrganizationB(bench, gateway.url, taskQueue, items, 'alone', servicePool);
    const load = await startBlackholeLoad(bench, gateway.url, taskQueue, hole);
    let beside: Timing;
    let loadDescription: string;
    try {
      beside = await timeOrganizationB(bench, gateway.url, taskQueue, items, 'beside', servicePool);
    } finally {
      loadDescription = load.describe();
      await load.stop();
    }
    const row = (label: string, a: number, b: number): string =>
      `  ${label.padEnd(46)} ${`${a.toFixed(2)} s`.padStart(12)} ${`${b.toFixed(2)} s`.padStart(18)}`;
    console.log(`  ${''.padEnd(46)} ${'alone'.padStart(12)} ${'beside blackhole'.padStart(18)}`);
    console.log(row(`B: POST /v1/batch (${ITEMS}) → completed`, alone.batchS, beside.batchS));
    console.log(row('B: POST /v1/batch → batch_completed received', alone.batchDeliveryS, beside.batchDeliveryS));
    console.log(row(`B: ${DELIVERIES} deliveries emitted → all received`, alone.deliveriesS, beside.deliveriesS));
    console.log(`  CPU (all processes): alone ${alone.cpu}; beside ${beside.cpu}`);
    console.log(`  B's batch: the worker's service pool, waits for a connection (target: under 50 ms beside the blackhole)`);
    console.log(`    alone:  ${alone.connectionWaits}`);
    console.log(`    beside: ${beside.connectionWaits}`);
    console.log(`  A: ${loadDescription}`);
  } finally {
    await hole.close();
    await gateway.stop();
    matchers.stop();
    await worker?.stop();
    await Promise.all([...new Set([pools.service, pools.delivery])].map((p) => p.end()));
    await bench.close();
  }
}

runScript(main);
