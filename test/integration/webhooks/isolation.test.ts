import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { emitWebhookEvents, type DeliveryRef } from '../../../activities/webhooks';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors } from '../gateway/support/contract';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { startBlackhole, type Blackhole } from '../support/blackhole';

/**
 * One organization's webhooks cannot stall the others: deliveries run on their own task queue
 * and slots, an organization has a cap on attempts in flight, on endpoints and on replays, no
 * database lock is held across a POST, and an endpoint that keeps failing is disabled. The
 * receivers are real: a blackhole (accepts, never answers) and a verifying receiver on loopback.
 * The gateway and the worker read their webhook settings from `env`, this suite's own configuration.
 */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_RETRY_INITIAL_MS: '300',
  WEBHOOK_RETRY_COEFFICIENT: '2',
  WEBHOOK_RETRY_MAX_INTERVAL_MS: '2000',
  WEBHOOK_MAX_ATTEMPTS: '3',
  // Few delivery slots, so that a test can fill them.
  WEBHOOK_WORKER_SLOTS: '3',
  WEBHOOK_ORG_BUSY_RETRY_MS: '200',
};

let gw: InProcessGateway;
let worker: TestWorker;
let pool: Pool;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  gw = await startInProcessGateway({ env });
  pool = gw.pool;
  worker = await startTestWorker({ pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue, env });
}, 120_000);

afterAll(async () => {
  for (const close of closers) await close();
  await worker?.stop();
  await gw?.close();
});

/** Runs with some settings of `env` changed; what a series reads when it starts (the policy) stays with it. */
async function withEnv<T>(settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(settings).map((k) => [k, env[k]]));
  Object.assign(env, settings);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(before))
      if (v === undefined) delete env[k];
      else env[k] = v;
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function blackhole(): Promise<Blackhole> {
  const hole = await startBlackhole();
  closers.push(() => hole.close());
  return hole;
}

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  closers.push(() => r.close());
  return r;
}

async function orgWithEndpoint(
  url: string,
  plan = 'large',
): Promise<{ apiKey: string; orgId: string; endpointId: string; secret: string }> {
  const { apiKey, orgId } = await createOrgWithKey(pool, plan as 'large');
  const reply = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url } });
  expect(reply.status).toBe(201);
  return { apiKey, orgId, endpointId: reply.body.id, secret: reply.body.secret };
}

function emitBatchCompleted(orgId: string, count = 1): Promise<DeliveryRef[]> {
  return emitWebhookEvents(
    pool,
    worker.client,
    worker.taskQueue,
    Array.from({ length: count }, () => {
      const jobId = randomUUID();
      return {
        orgId,
        type: 'batch_completed' as const,
        eventKey: `batch:${jobId}`,
        data: { jobId, totalItems: 1, completedItems: 1, failedItems: 0, potentialMatchItems: 0, completedAt: new Date().toISOString() },
      };
    }),
    env,
  );
}

const attemptsOf = async (orgId: string): Promise<number> =>
  (
    await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.org_id = $1',
      [orgId],
    )
  ).rows[0].n;

/** Ends an organization's deliveries to a blackhole: the endpoint removed (pending ones cancelled), the held requests dropped. */
async function drain(apiKey: string, endpointId: string, hole: Blackhole, orgId: string): Promise<void> {
  expect((await call(gw.url, 'DELETE', `/v1/webhook-endpoints/${endpointId}`, { apiKey })).status).toBe(200);
  hole.reset();
  await until(
    'no attempt of the organization in flight',
    async () =>
      (await pool.query('SELECT 1 FROM webhook_deliveries WHERE org_id = $1 AND sending_until > now()', [orgId])).rowCount === 0 &&
      hole.open() === 0,
  );
}

async function settled(apiKey: string, id: string) {
  let body: { status: string; attempts: Array<{ statusCode: number | null }> } | undefined;
  await until(
    `delivery ${id} settled`,
    async () => {
      body = (await call(gw.url, 'GET', `/v1/webhook-deliveries/${id}`, { apiKey })).body;
      return body!.status !== 'pending';
    },
    30_000,
    250,
  ); // through the API, within the plan's rate limit
  return body!;
}

describe('delivery task queue', () => {
  it('runs deliveries apart: a blackhole holding every delivery slot does not hold up another organization’s batch', async () => {
    const hole = await blackhole();
    const blocked = await orgWithEndpoint(hole.url);
    const refs = await withEnv({ WEBHOOK_TIMEOUT_MS: '20000', WEBHOOK_ORG_CONCURRENCY: '50' }, async () => {
      const emitted = await emitBatchCompleted(blocked.orgId, 10);
      await until('the blackhole holds every delivery slot', () => hole.open() >= 3);
      return emitted;
    });
    const other = await createOrgWithKey(pool, 'large');
    const submitted = await call(gw.url, 'POST', '/v1/batch', {
      apiKey: other.apiKey,
      headers: { 'Idempotency-Key': randomUUID() },
      body: {
        items: [
          { type: 'person', name: 'Jordan Q Exampleson' },
          { type: 'organization', legalName: 'Acme Care' },
        ],
      },
    });
    expect(submitted.status).toBe(202);
    await until(
      'the other organization’s batch completed',
      async () => (await call(gw.url, 'GET', `/v1/batch/${submitted.body.jobId}`, { apiKey: other.apiKey })).body.state === 'completed',
      60_000,
      250,
    );
    // Every blackhole attempt was still hanging (none had timed out and been logged) when the batch completed.
    expect(await attemptsOf(blocked.orgId)).toBe(0);
    expect(hole.open()).toBeGreaterThanOrEqual(3);
    const description = await worker.client.workflow.getHandle(`webhook-delivery/${refs[0].id}`).describe();
    expect(description.taskQueue).toBe(worker.deliveryQueue);
    expect(worker.deliveryQueue).not.toBe(worker.taskQueue);
    await drain(blocked.apiKey, blocked.endpointId, hole, blocked.orgId);
  }, 120_000);
});

describe('per-organization cap on attempts in flight', () => {
  it('keeps an organization to its cap; its attempts over the cap hold no slot, so another organization’s delivery gets through', async () => {
    const hole = await blackhole();
    const blocked = await orgWithEndpoint(hole.url);
    const target = await receiver();
    const other = await orgWithEndpoint(target.url);
    target.secret = other.secret;
    await withEnv({ WEBHOOK_ORG_CONCURRENCY: '2' }, async () => {
      await withEnv({ WEBHOOK_TIMEOUT_MS: '8000' }, () => emitBatchCompleted(blocked.orgId, 6));
      await until('the blackhole holds the organization’s cap', () => hole.open() === 2);
      const [ref] = await emitBatchCompleted(other.orgId);
      const [got] = await target.waitFor(1, 20_000);
      expect(got.verification.ok).toBe(true);
      expect((await settled(other.apiKey, ref.id)).status).toBe('succeeded');
      // The first two attempts are still hanging: the other delivery did not wait for them.
      expect(await attemptsOf(blocked.orgId)).toBe(0);
      expect(hole.maxOpen()).toBe(2);
    });
    await drain(blocked.apiKey, blocked.endpointId, hole, blocked.orgId);
  });

  it('counts a turn refused by the cap as no attempt: every delivery still gets its full series', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    target.answer = () => 500;
    target.delayMs = () => 300;
    await withEnv({ WEBHOOK_ORG_CONCURRENCY: '1' }, async () => {
      const refs = await withEnv({ WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_RETRY_INITIAL_MS: '100' }, () => emitBatchCompleted(org.orgId, 3));
      for (const ref of refs) {
        const delivery = await settled(org.apiKey, ref.id);
        expect(delivery.status).toBe('failed');
        expect(delivery.attempts.map((a) => a.statusCode)).toEqual([500, 500]);
      }
    });
    // One at a time: each request arrived after the one before it had been held and answered.
    const arrivals = target.received.map((got) => got.receivedAt).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(6);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i] - arrivals[i - 1]).toBeGreaterThanOrEqual(290);
  });
});

describe('no database lock across the POST', () => {
  it('holds no lock on the monitored record while an attempt waits on the receiver; DELETE /monitor still answers only once it has ended', async () => {
    const hole = await blackhole();
    const org = await orgWithEndpoint(hole.url);
    const {
      rows: [record],
    } = await pool.query<{ id: string }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at)
       VALUES ($1, '{"type":"person","name":"Test Person"}', $2, 'person', false, 'clear', '{}', '{}', now()) RETURNING id`,
      [org.orgId, randomUUID()],
    );
    await withEnv({ WEBHOOK_TIMEOUT_MS: '10000' }, () =>
      emitWebhookEvents(
        pool,
        worker.client,
        worker.taskQueue,
        [
          {
            orgId: org.orgId,
            type: 'match_status_change',
            eventKey: `record:${record.id}:${Date.now()}`,
            monitoredRecordId: record.id,
            data: { recordId: record.id, previousStatus: 'clear', status: 'potential_match' },
          },
        ],
        env,
      ),
    );
    await until('the attempt is in flight', () => hole.open() === 1);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL lock_timeout = '1s'");
      await client.query('UPDATE monitored_records SET checked_at = checked_at WHERE id = $1', [record.id]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const {
      rows: [idle],
    } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction' AND query ILIKE '%monitored_records%'",
    );
    expect(idle.n).toBe(0);

    let droppedAt = 0;
    const drop = setTimeout(() => {
      droppedAt = Date.now();
      hole.reset();
    }, 1000);
    const removed = await call(gw.url, 'DELETE', `/v1/monitor/${record.id}`, { apiKey: org.apiKey });
    const answeredAt = Date.now();
    clearTimeout(drop);
    expect(removed.status).toBe(200);
    expect(droppedAt).toBeGreaterThan(0);
    expect(answeredAt).toBeGreaterThanOrEqual(droppedAt);
    await new Promise((r) => setTimeout(r, 1500));
    expect(hole.accepted()).toBe(0);
  });
});

describe('POST /webhook-endpoints: endpoints per organization', () => {
  it('refuses an endpoint past the cap with 400 naming url, and stores nothing; concurrent registrations cannot pass it', async () => {
    await withEnv({ WEBHOOK_MAX_ENDPOINTS_PER_ORG: '3' }, async () => {
      const { apiKey } = await createOrgWithKey(pool, 'large');
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: `http://127.0.0.1:9/hook/${i}` } }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
      const refused = replies.find((r) => r.status === 400)!;
      expect(refused.body).toEqual({
        code: 'invalid_request',
        message: expect.stringMatching(/at most 3 webhook endpoints/),
        fields: { url: [expect.any(String)] },
      });
      expect(responseErrors('/webhook-endpoints', 'post', 400, refused.body)).toBeNull();
      const listed = await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey });
      expect(listed.body.endpoints).toHaveLength(3);

      expect((await call(gw.url, 'DELETE', `/v1/webhook-endpoints/${listed.body.endpoints[0].id}`, { apiKey })).status).toBe(200);
      expect((await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: 'http://127.0.0.1:9/hook/again' } })).status).toBe(
        201,
      );
    });
  });
});

describe('POST /webhook-deliveries/{id}/replay: replays per organization', () => {
  it('answers 429 rate_limited with Retry-After past the limit, and creates no delivery', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    const [ref] = await emitBatchCompleted(org.orgId);
    await withEnv({ WEBHOOK_REPLAYS_PER_MINUTE: '3' }, async () => {
      const statuses: number[] = [];
      let refused;
      for (let i = 0; i < 4; i++) {
        const reply = await call(gw.url, 'POST', `/v1/webhook-deliveries/${ref.id}/replay`, { apiKey: org.apiKey });
        statuses.push(reply.status);
        if (reply.status === 429) refused = reply;
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(refused!.body).toEqual({
        code: 'rate_limited',
        message: expect.stringMatching(/replay 3 deliveries per minute\. Retry in \d+ seconds?\./),
      });
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(responseErrors('/webhook-deliveries/{deliveryId}/replay', 'post', 429, refused!.body)).toBeNull();
    });
    const {
      rows: [r],
    } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE replay_of = $1', [ref.id]);
    expect(r.n).toBe(3);
  });
});

describe('endpoint disabled after failing', () => {
  it('is disabled after N failed deliveries in a row, shown in the endpoints API, gets nothing, and is enabled again by the customer', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    target.answer = () => 500;
    await withEnv({ WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES: '2', WEBHOOK_MAX_ATTEMPTS: '1' }, async () => {
      const [first] = await emitBatchCompleted(org.orgId);
      expect((await settled(org.apiKey, first.id)).status).toBe('failed');
      let endpoints = (await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey: org.apiKey })).body.endpoints;
      expect(endpoints[0]).toMatchObject({ enabled: true, disabledAt: null });
      const [second] = await emitBatchCompleted(org.orgId);
      expect((await settled(org.apiKey, second.id)).status).toBe('failed');
      const listed = await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey: org.apiKey });
      expect(responseErrors('/webhook-endpoints', 'get', 200, listed.body)).toBeNull();
      endpoints = listed.body.endpoints;
      expect(endpoints[0]).toMatchObject({ id: org.endpointId, enabled: false, disabledAt: expect.any(String) });
    });

    expect(await emitBatchCompleted(org.orgId)).toEqual([]);
    const replay = await call(
      gw.url,
      'POST',
      `/v1/webhook-deliveries/${(await pool.query('SELECT id FROM webhook_deliveries WHERE org_id = $1 LIMIT 1', [org.orgId])).rows[0].id}/replay`,
      { apiKey: org.apiKey },
    );
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'invalid_request', fields: { id: [expect.stringMatching(/disabled/)] } });

    const enabled = await call(gw.url, 'POST', `/v1/webhook-endpoints/${org.endpointId}/enable`, { apiKey: org.apiKey });
    expect(enabled.status).toBe(200);
    expect(responseErrors('/webhook-endpoints/{endpointId}/enable', 'post', 200, enabled.body)).toBeNull();
    expect(enabled.body).toMatchObject({ id: org.endpointId, enabled: true, disabledAt: null });
    target.answer = () => 204;
    const [after] = await emitBatchCompleted(org.orgId);
    expect((await settled(org.apiKey, after.id)).status).toBe('succeeded');
    const other = await createOrgWithKey(pool, 'large');
    expect((await call(gw.url, 'POST', `/v1/webhook-endpoints/${org.endpointId}/enable`, { apiKey: other.apiKey })).status).toBe(404);
  });

  it('is disabled when it has been failing for the configured time, whatever the count', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    target.answer = () => 500;
    await pool.query("UPDATE webhook_endpoints SET failing_since = now() - interval '4 days', failed_deliveries_in_row = 1 WHERE id = $1", [
      org.endpointId,
    ]);
    await withEnv({ WEBHOOK_MAX_ATTEMPTS: '1' }, async () => {
      const [ref] = await emitBatchCompleted(org.orgId);
      expect((await settled(org.apiKey, ref.id)).status).toBe('failed');
    });
    const endpoints = (await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey: org.apiKey })).body.endpoints;
    expect(endpoints[0]).toMatchObject({ enabled: false });
  });

  it('ends the run of failures when a delivery gets through', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    await pool.query("UPDATE webhook_endpoints SET failing_since = now() - interval '2 days', failed_deliveries_in_row = 5 WHERE id = $1", [
      org.endpointId,
    ]);
    const [ref] = await emitBatchCompleted(org.orgId);
    expect((await settled(org.apiKey, ref.id)).status).toBe('succeeded');
    const {
      rows: [e],
    } = await pool.query('SELECT failing_since, failed_deliveries_in_row FROM webhook_endpoints WHERE id = $1', [org.endpointId]);
    expect(e).toEqual({ failing_since: null, failed_deliveries_in_row: null });
  });
});
