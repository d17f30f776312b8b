import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { lookup } from 'node:dns/promises';
import {
  claimAttempt,
  emitWebhookEvents,
  recordDeliveries,
  startDeliveryWorkflows,
  type DeliveryRef,
  type WebhookEventToEmit,
} from '../../../activities/webhooks';
import { createWebhookDeliveryActivities } from '../../../activities/webhooks/activities';
import { createLogger } from '../../../infra/base/log';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors } from '../gateway/support/contract';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { startBlackhole, type Blackhole } from '../support/blackhole';
import { startNameServer, type NameServer } from '../support/nameServer';

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
/** The suite's name server (WEBHOOK_DNS_SERVERS of the attempts made here): `answerName` decides each name. */
let nameServer: NameServer;
let answerName: (name: string) => Promise<string | 'never'> | string | 'never' = () => 'never';

beforeAll(async () => {
  nameServer = await startNameServer((name) => answerName(name));
  gw = await startInProcessGateway({ env });
  pool = gw.pool;
  worker = await startTestWorker({ pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue, env });
}, 120_000);

afterAll(async () => {
  for (const close of closers) await close();
  await worker?.stop();
  await gw?.close();
  await nameServer?.close();
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

function batchCompleted(orgId: string): WebhookEventToEmit {
  const jobId = randomUUID();
  return {
    orgId,
    type: 'batch_completed' as const,
    eventKey: `batch:${jobId}`,
    data: { jobId, totalItems: 1, completedItems: 1, failedItems: 0, potentialMatchItems: 0, completedAt: new Date().toISOString() },
  };
}

function emitBatchCompleted(orgId: string, count = 1): Promise<DeliveryRef[]> {
  return emitWebhookEvents(
    pool,
    worker.client,
    worker.taskQueue,
    Array.from({ length: count }, () => batchCompleted(orgId)),
    env,
  );
}

/** The delivery worker's activities as the worker builds them, called here directly, resolving names through the suite's name server. */
function deliveryActivities(settings: Record<string, string> = {}) {
  return createWebhookDeliveryActivities({
    pool,
    logger: createLogger('isolation-test', 'silent'),
    temporal: worker.client,
    env: { ...env, WEBHOOK_DNS_SERVERS: nameServer.address, ...settings },
  });
}

async function monitoredRecord(orgId: string): Promise<string> {
  const {
    rows: [record],
  } = await pool.query<{ id: string }>(
    `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at)
     VALUES ($1, '{"type":"person","name":"Test Person"}', $2, 'person', false, 'clear', '{}', '{}', now()) RETURNING id`,
    [orgId, randomUUID()],
  );
  return record.id;
}

const statusOf = async (id: string): Promise<string> =>
  (await pool.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [id])).rows[0].status;

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
  it('is disabled after N failed deliveries in a row, shown in the endpoints API, is sent nothing, and is enabled again by the customer', async () => {
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

    // Nothing is started for it while disabled: the event is held.
    expect(await emitBatchCompleted(org.orgId)).toEqual([]);
    const replay = await call(
      gw.url,
      'POST',
      `/v1/webhook-deliveries/${(await pool.query('SELECT id FROM webhook_deliveries WHERE org_id = $1 LIMIT 1', [org.orgId])).rows[0].id}/replay`,
      { apiKey: org.apiKey },
    );
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'invalid_request', fields: { id: [expect.stringMatching(/disabled/)] } });

    target.answer = () => 204;
    const enabled = await call(gw.url, 'POST', `/v1/webhook-endpoints/${org.endpointId}/enable`, { apiKey: org.apiKey });
    expect(enabled.status).toBe(200);
    expect(responseErrors('/webhook-endpoints/{endpointId}/enable', 'post', 200, enabled.body)).toBeNull();
    expect(enabled.body).toMatchObject({ id: org.endpointId, enabled: true, disabledAt: null });
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

describe('held deliveries: what a disabled endpoint misses is kept and sent once it is enabled', () => {
  it('holds the deliveries pending when it was disabled and the events recorded while it is, lists them as held, and sends every one after POST /enable', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    target.answer = () => 500;
    // Two deliveries committed and waiting (their workflows not yet at their attempt) when the endpoint is disabled.
    const waiting = [
      ...(await recordDeliveries(pool, batchCompleted(org.orgId))),
      ...(await recordDeliveries(pool, batchCompleted(org.orgId))),
    ];
    expect(waiting).toHaveLength(2);
    await withEnv({ WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES: '1', WEBHOOK_MAX_ATTEMPTS: '1' }, async () => {
      const [failing] = await emitBatchCompleted(org.orgId);
      expect((await settled(org.apiKey, failing.id)).status).toBe('failed');
    });
    expect((await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey: org.apiKey })).body.endpoints[0]).toMatchObject({
      enabled: false,
    });
    // An event while it is disabled: recorded, held.
    const whileDisabled = batchCompleted(org.orgId);
    expect(await emitWebhookEvents(pool, worker.client, worker.taskQueue, [whileDisabled], env)).toEqual([]);

    const held = await call(gw.url, 'GET', '/v1/webhook-deliveries?status=held', { apiKey: org.apiKey });
    expect(held.status).toBe(200);
    expect(responseErrors('/webhook-deliveries', 'get', 200, held.body)).toBeNull();
    expect(held.body.deliveries).toHaveLength(3);
    expect(target.received).toHaveLength(1);

    target.answer = () => 204;
    expect((await call(gw.url, 'POST', `/v1/webhook-endpoints/${org.endpointId}/enable`, { apiKey: org.apiKey })).status).toBe(200);
    const arrived = await target.waitFor(4);
    const bodies = arrived.slice(1).map((got) => JSON.parse(got.rawBody.toString('utf8')) as { data: { jobId: string } });
    expect(bodies.map((b) => b.data.jobId).sort()).toEqual(
      [
        ...(
          await Promise.all(
            waiting.map(async (w) => (await pool.query('SELECT body FROM webhook_deliveries WHERE id = $1', [w.id])).rows[0].body),
          )
        ).map((body: string) => (JSON.parse(body) as { data: { jobId: string } }).data.jobId),
        whileDisabled.data.jobId,
      ].sort(),
    );
    expect(arrived.slice(1).every((got) => got.verification.ok)).toBe(true);
    await until(
      'no delivery of the organization left held or pending',
      async () =>
        (await pool.query("SELECT 1 FROM webhook_deliveries WHERE org_id = $1 AND status IN ('held', 'pending')", [org.orgId])).rowCount ===
        0,
    );
    // Sent once each: nothing more arrives.
    await new Promise((r) => setTimeout(r, 1000));
    expect(target.received).toHaveLength(4);
  });

  it('dates the failing streak from its first failed attempt: a delivery created days ago that fails once does not disable a healthy endpoint', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    target.secret = org.secret;
    target.answer = () => 500;
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 3600_000);
    await withEnv({ WEBHOOK_MAX_ATTEMPTS: '1' }, async () => {
      const refs = await recordDeliveries(pool, batchCompleted(org.orgId), fourDaysAgo);
      await startDeliveryWorkflows(worker.client, worker.taskQueue, refs, { env, db: pool });
      expect((await settled(org.apiKey, refs[0].id)).status).toBe('failed');
    });
    const {
      rows: [e],
    } = await pool.query<{ disabled: boolean; streak_s: number; failed: number }>(
      'SELECT disabled_at IS NOT NULL AS disabled, extract(epoch FROM now() - failing_since)::float AS streak_s, failed_deliveries_in_row AS failed FROM webhook_endpoints WHERE id = $1',
      [org.endpointId],
    );
    expect(e.disabled).toBe(false);
    expect(e.failed).toBe(1);
    expect(e.streak_s).toBeLessThan(600);
  });

  it('does not count a series that ran out of time waiting behind the organization’s cap as a failure of the receiver', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    const [ref] = await recordDeliveries(pool, batchCompleted(org.orgId));
    await deliveryActivities({ WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES: '1' }).markDeliveryFailed({
      deliveryId: ref.id,
      receiverFailed: false,
    });
    expect(await statusOf(ref.id)).toBe('failed');
    const {
      rows: [e],
    } = await pool.query('SELECT disabled_at, failed_deliveries_in_row, failing_since FROM webhook_endpoints WHERE id = $1', [
      org.endpointId,
    ]);
    expect(e).toEqual({ disabled_at: null, failed_deliveries_in_row: null, failing_since: null });
  });
});

describe('DELETE /monitor/{id}: nothing is sent once it has answered', () => {
  /** A match_status_change of a fresh record, to a receiver reached by a host name the suite's name server answers. */
  async function recordDelivery() {
    const target = await receiver();
    const host = `hook-${randomUUID().slice(0, 8)}.test`;
    const org = await orgWithEndpoint(target.url);
    await pool.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [org.endpointId, target.url.replace('127.0.0.1', host)]);
    const recordId = await monitoredRecord(org.orgId);
    const [ref] = await recordDeliveries(pool, {
      orgId: org.orgId,
      type: 'match_status_change',
      eventKey: `record:${recordId}:${Date.now()}`,
      monitoredRecordId: recordId,
      data: { recordId, previousStatus: 'clear', status: 'potential_match' },
    });
    return { target, host, org, recordId, ref };
  }

  it('re-checks the claim before writing: the worker paused past its claim while DELETE answered 200, and the POST is not sent', async () => {
    const { target, host, org, recordId, ref } = await recordDelivery();
    let deleted = 0;
    let pause: Promise<void> | null = null;
    // The pause: between the claim and the request (here, while the host is being resolved), the claim runs out and DELETE answers.
    answerName = async (name) => {
      if (name !== host) return 'never';
      pause ??= (async () => {
        await pool.query('UPDATE webhook_deliveries SET sending_until = now() WHERE id = $1', [ref.id]);
        deleted = (await call(gw.url, 'DELETE', `/v1/monitor/${recordId}`, { apiKey: org.apiKey })).status;
      })();
      await pause;
      return '127.0.0.1';
    };
    const outcome = await deliveryActivities().attemptDelivery({ deliveryId: ref.id, timeoutMs: 5000 });
    expect(deleted).toBe(200);
    expect(outcome).toEqual({ outcome: 'cancelled' });
    await new Promise((r) => setTimeout(r, 500));
    expect(target.received).toHaveLength(0);
    expect(await statusOf(ref.id)).toBe('cancelled');
  });

  it('sends nothing when the claim ran out during a pause, and leaves the delivery to a later attempt', async () => {
    const { target, host, ref } = await recordDelivery();
    answerName = async (name) => {
      if (name !== host) return 'never';
      await pool.query('UPDATE webhook_deliveries SET sending_until = now() WHERE id = $1', [ref.id]);
      return '127.0.0.1';
    };
    await expect(deliveryActivities().attemptDelivery({ deliveryId: ref.id, timeoutMs: 5000 })).rejects.toMatchObject({
      type: 'WebhookClaimLost',
    });
    expect(target.received).toHaveLength(0);
    expect(await statusOf(ref.id)).toBe('pending');
    expect((await pool.query('SELECT 1 FROM webhook_delivery_attempts WHERE delivery_id = $1', [ref.id])).rowCount).toBe(0);
  });
});

describe('host names of webhook targets are resolved off the libuv pool', () => {
  it('four of one organization’s attempts waiting on a name server that never answers leave another organization’s delivery and the pool free', async () => {
    const target = await receiver();
    const a = await orgWithEndpoint(target.url);
    const b = await orgWithEndpoint(target.url);
    target.secret = b.secret;
    const hung = `hung-${randomUUID().slice(0, 8)}.test`;
    const normal = `normal-${randomUUID().slice(0, 8)}.test`;
    // A's host: the name server reads each query and never replies. B's: answered at once.
    answerName = (name) => (name === normal ? '127.0.0.1' : 'never');
    await pool.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [a.endpointId, target.url.replace('127.0.0.1', hung)]);
    await pool.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [b.endpointId, target.url.replace('127.0.0.1', normal)]);
    const activities = deliveryActivities({ WEBHOOK_DNS_TIMEOUT_MS: '20000', WEBHOOK_ORG_CONCURRENCY: '10' });
    const policy = { timeoutMs: 60_000, initialIntervalMs: 1000, backoffCoefficient: 2, maximumIntervalMs: 1000, maximumAttempts: 1 };

    const aRefs = [];
    for (let i = 0; i < 4; i++) aRefs.push(...(await recordDeliveries(pool, batchCompleted(a.orgId))));
    let aSettled = 0;
    // Each attempt of A is bounded by its own time-out (8 s), long after B's delivery should be done. Started one after
    // the other (each once the name server holds its A and AAAA queries), so that no claim finds another counting.
    const aAttempts: Array<Promise<unknown>> = [];
    for (const [i, ref] of aRefs.entries()) {
      aAttempts.push(
        activities
          .attemptDelivery({ deliveryId: ref.id, timeoutMs: 8000, policy })
          .catch(() => undefined)
          .finally(() => aSettled++),
      );
      await until(`the name server holds the queries of A’s attempt ${i + 1}`, () => nameServer.queries(hung) >= 2 * (i + 1));
    }

    const [bRef] = await recordDeliveries(pool, batchCompleted(b.orgId));
    const started = Date.now();
    expect(await activities.attemptDelivery({ deliveryId: bRef.id, timeoutMs: policy.timeoutMs, policy })).toMatchObject({
      outcome: 'delivered',
    });
    const tookMs = Date.now() - started;
    // libuv's pool (getaddrinfo, file reads) is not held by A's lookups either.
    expect(await lookup('localhost')).toMatchObject({ address: expect.any(String) });
    // Every one of A's attempts is still waiting on its name server: B went through beside them, not after them.
    expect(aSettled).toBe(0);
    expect(target.received.map((got) => got.headers['service-webhook-id'])).toEqual([bRef.id]);
    // The figure is "under 1 s"; timing is not asserted on a shared machine, the order above is.
    console.info(`B's delivery beside A's four hung lookups: ${tookMs} ms`);
    // A's attempts end at their time-out, each logged as one, nothing sent.
    await Promise.all(aAttempts);
    expect(target.received).toHaveLength(1);
    const {
      rows: [logged],
    } = await pool.query<{ n: number; timed_out: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE a.error LIKE 'timed out%')::int AS timed_out
         FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.org_id = $1`,
      [a.orgId],
    );
    expect(logged).toEqual({ n: 4, timed_out: 4 });
  }, 60_000);
});

describe('delivery claims hold no database connection while they wait for a turn', () => {
  it('refuses a claim as busy at once while another attempt of the organization holds its advisory lock', async () => {
    const target = await receiver();
    const org = await orgWithEndpoint(target.url);
    const [ref] = await recordDeliveries(pool, batchCompleted(org.orgId));
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT pg_advisory_xact_lock(hashtextextended('webhook-org-attempts:' || $1, 0))", [org.orgId]);
      const claim = await Promise.race([
        claimAttempt(pool, { deliveryId: ref.id, series: null, holdMs: 10_000, orgCap: 4 }),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(claim).toMatchObject({ kind: 'busy' });
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(await claimAttempt(pool, { deliveryId: ref.id, series: null, holdMs: 10_000, orgCap: 4 })).toMatchObject({ kind: 'claimed' });
  });
});
