import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '../../infra/base/db/pool';
import { BATCH_CHUNK_SIZE } from '../../workflows/batchScreening';
import { call, createOrgWithKey } from '../integration/gateway/support/stack';
import { startSlowProxy, type SlowProxy } from '../integration/support/slowProxy';
import { startWebhookReceiver, type WebhookReceiver } from '../integration/support/webhookReceiver';
import { restartPostgres, restartTemporal, until } from './support/faults';
import { startGatewayProcess, startMatcherProcess, startWorkerProcess, type ServiceProcess } from './support/services';

/**
 * A 2,000-item batch with a fault in its middle (chunks committed, others held on their way to
 * the matcher): the Temporal dev server killed and started again on its SQLite file, or
 * PostgreSQL stopped as in a crash and started again. The job completes on the same processes;
 * every item has one result and is metered once; its batch_completed event is delivered once.
 */
const ITEMS = 2000;
let pool: Pool;
let matcher: ServiceProcess;
let proxy: SlowProxy;
let gateway: ServiceProcess;
let worker: ServiceProcess;
let receiver: WebhookReceiver;
const taskQueue = `faults-batch-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  pool = createPool({ max: 4 });
  matcher = await startMatcherProcess('batch-matcher');
  // 1 s on the way to the matcher: a fault lands while chunks are in flight.
  proxy = await startSlowProxy(matcher.url, 1000);
  worker = startWorkerProcess('batch-worker', taskQueue, { MATCHER_URL: proxy.url });
  gateway = await startGatewayProcess('batch-gateway', { MATCHER_URL: matcher.url, TEMPORAL_TASK_QUEUE: taskQueue });
  receiver = await startWebhookReceiver();
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await gateway?.stop();
  await proxy?.close();
  await matcher?.stop();
  await receiver?.close();
  await pool?.end();
});

interface Job {
  state: string;
  completedItems: number;
  failedItems: number;
  results?: unknown[];
}

async function readJob(apiKey: string, jobId: string): Promise<Job> {
  const reply = await call(gateway.url, 'GET', `/v1/batch/${jobId}`, { apiKey });
  if (reply.status !== 200) throw new Error(`GET /v1/batch answered ${reply.status}`);
  return reply.body as Job;
}

async function meteredItems(orgId: string, jobId: string): Promise<{ rows: number; items: number }> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS rows, count(DISTINCT event_key)::int AS items
       FROM usage_events WHERE org_id = $1 AND kind = 'batch_item' AND event_key LIKE $2`,
    [orgId, `${jobId}:%`],
  );
  return rows[0];
}

async function batchThroughFault(fault: () => Promise<void>): Promise<void> {
  const { apiKey, orgId } = await createOrgWithKey(pool, 'enterprise');
  const endpoint = await call(gateway.url, 'POST', '/v1/webhook-endpoints', {
    apiKey,
    body: { url: receiver.url, events: ['batch_completed'] },
  });
  expect(endpoint.status).toBe(201);
  receiver.secret = endpoint.body.secret;
  const receivedBefore = receiver.received.length;
  const items = Array.from({ length: ITEMS }, (_, i) => ({ type: 'person', name: `Fault Batch Person ${i}` }));
  const submitted = await call(gateway.url, 'POST', '/v1/batch', { apiKey, body: { items }, headers: { 'idempotency-key': randomUUID() } });
  expect(submitted.status).toBe(202);
  const jobId = submitted.body.jobId as string;

  let atFault: Job | null = null;
  await until('chunks committed and others in flight', 90_000, async () => {
    atFault = await readJob(apiKey, jobId);
    return atFault.completedItems >= BATCH_CHUNK_SIZE && proxy.inFlight() > 0;
  });
  expect(atFault!.completedItems).toBeLessThan(ITEMS);
  await fault();

  let job: Job | null = null;
  await until(
    'the batch completed',
    // A chunk failing while the database is down is retried with a growing back-off (up to 100 s between tries).
    170_000,
    async () => {
      job = await readJob(apiKey, jobId);
      return job.state === 'completed';
    },
    () => job && { ...job, results: undefined },
  );
  expect(job).toMatchObject({ completedItems: ITEMS, failedItems: 0 });
  expect(job!.results).toHaveLength(ITEMS);
  const { rows } = await pool.query(
    'SELECT count(*)::int AS n, count(DISTINCT idx)::int AS distinct_items FROM batch_items WHERE job_id = $1',
    [jobId],
  );
  expect(rows[0]).toEqual({ n: ITEMS, distinct_items: ITEMS });
  expect(await meteredItems(orgId, jobId)).toEqual({ rows: ITEMS, items: ITEMS });
  expect((await call(gateway.url, 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(ITEMS);

  await receiver.waitFor(receivedBefore + 1, 60_000);
  // A moment for a second delivery of the same event, were there one.
  await new Promise((r) => setTimeout(r, 1000));
  const events = receiver.received.slice(receivedBefore).map((r) => JSON.parse(r.rawBody.toString('utf8')));
  expect(events.map((e) => [e.type, e.data.jobId])).toEqual([['batch_completed', jobId]]);
}

describe('a 2,000-item batch through infrastructure faults', () => {
  it('completes with every item metered once when the Temporal dev server is killed and restarted mid-batch', async () => {
    await batchThroughFault(() => restartTemporal(2000));
  });

  it('completes with every item metered once when PostgreSQL restarts mid-batch', async () => {
    await batchThroughFault(() => restartPostgres(2000));
  });
});
