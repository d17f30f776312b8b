import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { emitWebhookEvents, REFUSED_ADDRESS_REASON, type DeliveryRef } from '../../../activities/webhooks';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors, schemaErrors } from '../gateway/support/contract';
import { emitBatchCompleted as emitBatchCompletedEvent } from '../support/batchCompleted';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, verifyByContract, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * Webhook endpoints and signed deliveries end to end: the gateway, the delivery workflow on a
 * real Temporal dev server, and a real receiver on loopback that verifies every signature.
 * A short retry policy is set in `env`, this suite's own configuration, which the gateway, the
 * worker and the emitter read instead of process.env.
 */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_RETRY_INITIAL_MS: '300',
  WEBHOOK_RETRY_COEFFICIENT: '2',
  WEBHOOK_RETRY_MAX_INTERVAL_MS: '10000',
  WEBHOOK_MAX_ATTEMPTS: '5',
};

let gw: InProcessGateway;
let worker: TestWorker;
let pool: Pool;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  gw = await startInProcessGateway({ env });
  pool = gw.pool;
  worker = await startTestWorker({ pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue, env });
}, 120_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await worker?.stop();
  await gw?.close();
});

async function receiverWithEndpoint(
  events?: string[],
): Promise<{ receiver: WebhookReceiver; apiKey: string; orgId: string; endpointId: string }> {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const { apiKey, orgId } = await createOrgWithKey(pool, 'large');
  const reply = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url, ...(events ? { events } : {}) } });
  expect(reply.status).toBe(201);
  receiver.secret = reply.body.secret;
  return { receiver, apiKey, orgId, endpointId: reply.body.id };
}

/** Emits a `batch_completed` event; `policy` changes settings for this emission only (a series keeps the policy it started with). */
function emitBatchCompleted(orgId: string, policy: Record<string, string> = {}): Promise<DeliveryRef[]> {
  return emitBatchCompletedEvent(pool, worker, orgId, { ...env, ...policy }, { items: 2, potentialMatches: 1 });
}

const signatureT = (got: { headers: Record<string, string | string[] | undefined> }): number =>
  Number(/^t=(\d+),/.exec(String(got.headers['service-signature']))![1]);

async function settledDelivery(apiKey: string, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await call(gw.url, 'GET', `/v1/webhook-deliveries/${id}`, { apiKey });
    expect(reply.status).toBe(200);
    if (reply.body.status !== 'pending') return reply.body;
    if (Date.now() > deadline) throw new Error(`delivery ${id} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A monitored record of the organization, as PUT /monitor would have stored it. */
async function insertMonitoredRecord(orgId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at)
     VALUES ($1, '{"type":"person","name":"Test Person"}', $2, 'person', false, 'clear', '{}', '{}', now()) RETURNING id`,
    [orgId, randomUUID()],
  );
  return rows[0].id;
}

describe('webhook endpoints', () => {
  it('registers an endpoint: the secret is shown once, the list carries no secret', async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const { apiKey } = await createOrgWithKey(pool, 'small');
    const created = await call(gw.url, 'POST', '/v1/webhook-endpoints', {
      apiKey,
      body: { url: receiver.url, events: ['batch_completed'] },
    });
    expect(created.status).toBe(201);
    expect(responseErrors('/webhook-endpoints', 'post', 201, created.body)).toBeNull();
    expect(created.body).toMatchObject({ url: receiver.url, events: ['batch_completed'] });
    expect(created.body.secret).toMatch(/^whsec_/);

    const listed = await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey });
    expect(responseErrors('/webhook-endpoints', 'get', 200, listed.body)).toBeNull();
    expect(listed.body.endpoints).toEqual([
      {
        id: created.body.id,
        url: receiver.url,
        events: ['batch_completed'],
        createdAt: created.body.createdAt,
        enabled: true,
        disabledAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
  });

  it('subscribes to all three events when none are named', async () => {
    const { apiKey } = await createOrgWithKey(pool, 'small');
    const created = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: 'http://127.0.0.1:9/x' } });
    expect(created.body.events).toEqual(['match_status_change', 'batch_completed', 'list_update']);
  });

  it.each([
    ['a private address', 'https://10.0.0.7/hook'],
    ['a private address in 192.168/16', 'http://192.168.1.20/hook'],
    ['a private address in 172.16/12', 'https://172.20.0.1/hook'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['the cloud metadata address, IPv4-mapped in hex', 'http://[::ffff:a9fe:a9fe]/'],
    ['the cloud metadata address as one decimal number', 'http://2852039166/'],
    ['an IPv6 unique-local address', 'https://[fd00::1]/hook'],
    ['an IPv6 link-local address', 'https://[fe80::1]/hook'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.1.2.3]/hook'],
    ['the unspecified address', 'http://0.0.0.0/hook'],
    ['a scheme other than http(s)', 'ftp://127.0.0.1/hook'],
    ['a host that does not resolve', 'https://no-such-host.invalid/hook'],
  ])('refuses %s with 400 naming url and stores nothing', async (_, url) => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'small');
    const reply = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_request');
    expect(Object.keys(reply.body.fields)).toEqual(['url']);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM webhook_endpoints WHERE org_id = $1', [orgId]);
    expect(rows[0].n).toBe(0);
  });

  it.each([
    ['http://169090600/hook', '10.20.30.40'],
    ['http://2852039166/', '169.254.169.254'],
    ['http://[::ffff:a9fe:a9fe]/', '169.254.169.254'],
    ['http://0xc0a80001/hook', '192.168.0.1'],
  ])('refuses %s in general terms, never naming the address it resolves to (%s)', async (url, resolved) => {
    const { apiKey } = await createOrgWithKey(pool, 'small');
    const reply = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url } });
    expect(reply.status).toBe(400);
    expect(reply.body.fields.url).toEqual([REFUSED_ADDRESS_REASON]);
    expect(reply.body.message).toBe(`The webhook URL is refused: ${REFUSED_ADDRESS_REASON}.`);
    expect(JSON.stringify(reply.body)).not.toContain(resolved);
  });

  it("answers 404 for another organization's endpoint, on removal and on rotation", async () => {
    const { endpointId } = await receiverWithEndpoint();
    const other = await createOrgWithKey(pool, 'small');
    expect((await call(gw.url, 'DELETE', `/v1/webhook-endpoints/${endpointId}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'DELETE', `/v1/webhook-endpoints/${randomUUID()}`, { apiKey: other.apiKey })).status).toBe(404);
  });

  it('removes an endpoint: it is no longer listed and a second removal is 404', async () => {
    const { apiKey, endpointId } = await receiverWithEndpoint();
    const removed = await call(gw.url, 'DELETE', `/v1/webhook-endpoints/${endpointId}`, { apiKey });
    expect(removed).toMatchObject({ status: 200, body: { id: endpointId } });
    expect((await call(gw.url, 'GET', '/v1/webhook-endpoints', { apiKey })).body.endpoints).toEqual([]);
    expect((await call(gw.url, 'DELETE', `/v1/webhook-endpoints/${endpointId}`, { apiKey })).status).toBe(404);
  });
});

describe('webhook delivery', () => {
  it('retries a receiver that answers 500, then 200: the delivery arrives and every attempt is logged', async () => {
    const { receiver, apiKey, orgId, endpointId } = await receiverWithEndpoint();
    receiver.answer = (n) => (n === 0 ? 500 : 200);
    // A wait of at least 1 s between the attempts, so their t (whole seconds) must differ.
    const [ref] = await emitBatchCompleted(orgId, { WEBHOOK_RETRY_INITIAL_MS: '1000' });
    const delivery = await settledDelivery(apiKey, ref.id);
    expect(responseErrors('/webhook-deliveries/{deliveryId}', 'get', 200, delivery)).toBeNull();
    expect(delivery).toMatchObject({ id: ref.id, endpointId, eventType: 'batch_completed', status: 'succeeded', replayOf: null });
    expect(delivery.attempts.map((a: { statusCode: number; error: string | null }) => [a.statusCode, a.error])).toEqual([
      [500, 'answered 500'],
      [200, null],
    ]);

    const [first, second] = await receiver.waitFor(2);
    for (const got of [first, second]) {
      expect(got.verification.ok).toBe(true);
      expect(got.headers['service-webhook-id']).toBe(ref.id);
      expect(got.headers['service-event-type']).toBe('batch_completed');
      expect(schemaErrors('WebhookEvent', JSON.parse(got.rawBody.toString('utf8')))).toBeNull();
    }
    // The body bytes are identical across attempts; t is set at each attempt (the time the log records for it).
    expect(second.rawBody.equals(first.rawBody)).toBe(true);
    expect([first, second].map((got) => got.verification.t)).toEqual([signatureT(first), signatureT(second)]);
    expect(signatureT(second)).toBeGreaterThan(signatureT(first));
    expect(delivery.attempts.map((a: { attemptedAt: string }) => Math.floor(Date.parse(a.attemptedAt) / 1000))).toEqual([
      signatureT(first),
      signatureT(second),
    ]);
    // Each attempt's signature holds for its own t only.
    expect(
      verifyByContract(
        String(second.headers['service-signature']).replace(`t=${signatureT(second)}`, `t=${signatureT(first)}`),
        second.rawBody,
        receiver.secret,
      ),
    ).toMatchObject({ ok: false, reason: 'signature mismatch' });
  });

  it('times out a receiver that does not answer in time, logs the attempt without a status and retries it', async () => {
    const { receiver, apiKey, orgId } = await receiverWithEndpoint();
    const timeoutMs = Number(env.WEBHOOK_TIMEOUT_MS);
    receiver.delayMs = (n) => (n === 0 ? timeoutMs + 3000 : 0);
    const [ref] = await emitBatchCompleted(orgId);
    const delivery = await settledDelivery(apiKey, ref.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a: { statusCode: number | null; error: string | null }) => [a.statusCode, a.error])).toEqual([
      [null, `timed out after ${timeoutMs} ms`],
      [200, null],
    ]);
    expect(delivery.attempts[0].latencyMs).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(delivery.attempts[0].latencyMs).toBeLessThan(timeoutMs + 3000);
    const [held, retried] = await receiver.waitFor(2);
    expect(retried.receivedAt - held.receivedAt).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(retried.rawBody.equals(held.rawBody)).toBe(true);
  });

  it('waits longer between each attempt while the receiver stays down, then marks the delivery failed', async () => {
    const { receiver, apiKey, orgId } = await receiverWithEndpoint();
    receiver.answer = () => 503;
    // Temporal schedules retries in whole seconds: 1 s, then ×2, four attempts.
    const [ref] = await emitBatchCompleted(orgId, { WEBHOOK_RETRY_INITIAL_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '4' });
    const delivery = await settledDelivery(apiKey, ref.id);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 503, 503]);
    const times = (await receiver.waitFor(4)).map((r) => r.receivedAt);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    // Waits of 1, 2 and 4 s: each clearly longer than the one before.
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1] * 1.5);

    const failed = await call(gw.url, 'GET', '/v1/webhook-deliveries?status=failed', { apiKey });
    expect(responseErrors('/webhook-deliveries', 'get', 200, failed.body)).toBeNull();
    expect(failed.body.deliveries.map((d: { id: string }) => d.id)).toEqual([ref.id]);
    expect((await call(gw.url, 'GET', '/v1/webhook-deliveries?status=succeeded', { apiKey })).body.deliveries).toEqual([]);
  });

  it('signs the next attempt with the rotated secret; the old secret no longer verifies', async () => {
    const { receiver, apiKey, orgId, endpointId } = await receiverWithEndpoint();
    const oldSecret = receiver.secret;
    receiver.answer = (n) => (n === 0 ? 500 : 200);
    // A long first wait: the rotation below lands between the first attempt and the retry.
    const [ref] = await emitBatchCompleted(orgId, { WEBHOOK_RETRY_INITIAL_MS: '3000' });
    const [first] = await receiver.waitFor(1);
    const rotation = await call(gw.url, 'POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { apiKey });
    expect(rotation.status).toBe(200);
    expect(responseErrors('/webhook-endpoints/{endpointId}/rotate-secret', 'post', 200, rotation.body)).toBeNull();
    const rotatedSecret: string = rotation.body.secret;
    expect(rotatedSecret).not.toBe(oldSecret);
    receiver.secret = rotatedSecret;
    expect(receiver.received).toHaveLength(1);

    expect((await settledDelivery(apiKey, ref.id)).status).toBe('succeeded');
    const [, second] = await receiver.waitFor(2);
    expect(first.verification.ok).toBe(true);
    expect(second.verification.ok).toBe(true);
    const signature = String(second.headers['service-signature']);
    expect(verifyByContract(signature, second.rawBody, rotatedSecret).ok).toBe(true);
    expect(verifyByContract(signature, second.rawBody, oldSecret)).toMatchObject({ ok: false, reason: 'signature mismatch' });
  });

  it('replays a delivery as a new delivery with the same body bytes', async () => {
    const { receiver, apiKey, orgId } = await receiverWithEndpoint();
    const [ref] = await emitBatchCompleted(orgId);
    await settledDelivery(apiKey, ref.id);
    const replay = await call(gw.url, 'POST', `/v1/webhook-deliveries/${ref.id}/replay`, { apiKey });
    expect(replay.status).toBe(202);
    expect(responseErrors('/webhook-deliveries/{deliveryId}/replay', 'post', 202, replay.body)).toBeNull();
    expect(replay.body).toMatchObject({ replayOf: ref.id, status: 'pending', eventType: 'batch_completed' });
    expect((await settledDelivery(apiKey, replay.body.id)).status).toBe('succeeded');
    const [original, replayed] = await receiver.waitFor(2);
    expect(replayed.headers['service-webhook-id']).toBe(replay.body.id);
    expect(replayed.rawBody.equals(original.rawBody)).toBe(true);
    expect(replayed.verification.ok).toBe(true);
    expect(original.verification.ok).toBe(true);
  });

  it("answers 404 for another organization's delivery, on read and on replay", async () => {
    const { apiKey, orgId } = await receiverWithEndpoint();
    const [ref] = await emitBatchCompleted(orgId);
    await settledDelivery(apiKey, ref.id);
    const other = await createOrgWithKey(pool, 'small');
    expect((await call(gw.url, 'GET', `/v1/webhook-deliveries/${ref.id}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'POST', `/v1/webhook-deliveries/${ref.id}/replay`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'GET', '/v1/webhook-deliveries', { apiKey: other.apiKey })).body.deliveries).toEqual([]);
    expect((await call(gw.url, 'GET', `/v1/webhook-deliveries/${randomUUID()}`, { apiKey })).status).toBe(404);
  });

  it('records an event once per endpoint when the emitter is retried', async () => {
    const { receiver, apiKey, orgId } = await receiverWithEndpoint();
    // Held (under the time-out) so the delivery is still pending when the emitter repeats.
    receiver.delayMs = () => 1000;
    const eventKey = `batch:${randomUUID()}`;
    const event = {
      orgId,
      type: 'batch_completed' as const,
      eventKey,
      data: { jobId: 'j', totalItems: 0, completedItems: 0, failedItems: 0, potentialMatchItems: 0, completedAt: new Date().toISOString() },
    };
    const first = await emitWebhookEvents(pool, worker.client, worker.taskQueue, [event], env);
    const again = await emitWebhookEvents(pool, worker.client, worker.taskQueue, [event], env);
    expect(first).toHaveLength(1);
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect((await settledDelivery(apiKey, first[0].id)).status).toBe('succeeded');
    // Once delivered, a third repeat returns nothing to start: the delivery is not pending.
    expect(await emitWebhookEvents(pool, worker.client, worker.taskQueue, [event], env)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(1);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_key = $1', [eventKey]);
    expect(rows[0].n).toBe(1);
    expect((await call(gw.url, 'GET', '/v1/webhook-deliveries', { apiKey })).body.deliveries).toHaveLength(1);
  });

  it('checks the target again at delivery time: an endpoint that now points at a private address is not contacted', async () => {
    const { receiver, apiKey, orgId, endpointId } = await receiverWithEndpoint();
    // As if DNS had moved the registered host to a private address after registration.
    await pool.query("UPDATE webhook_endpoints SET url = 'http://10.255.0.1:9/hook' WHERE id = $1", [endpointId]);
    const [ref] = await emitBatchCompleted(orgId, { WEBHOOK_MAX_ATTEMPTS: '2' });
    const delivery = await settledDelivery(apiKey, ref.id);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((a: { statusCode: null; error: string }) => [a.statusCode, a.error])).toEqual([
      [null, `target refused: ${REFUSED_ADDRESS_REASON}`],
      [null, `target refused: ${REFUSED_ADDRESS_REASON}`],
    ]);
    expect(receiver.received).toHaveLength(0);
  });

  it('pages the delivery log newest first and filters it by event type', async () => {
    const { apiKey, orgId } = await receiverWithEndpoint();
    const refs = [...(await emitBatchCompleted(orgId)), ...(await emitBatchCompleted(orgId)), ...(await emitBatchCompleted(orgId))];
    for (const ref of refs) await settledDelivery(apiKey, ref.id);
    const first = await call(gw.url, 'GET', '/v1/webhook-deliveries?limit=2', { apiKey });
    expect(first.body.deliveries).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call(gw.url, 'GET', `/v1/webhook-deliveries?limit=2&cursor=${first.body.nextCursor}`, { apiKey });
    expect(second.body).toMatchObject({ nextCursor: null });
    const ids = [...first.body.deliveries, ...second.body.deliveries].map((d: { id: string }) => d.id);
    expect(new Set(ids)).toEqual(new Set(refs.map((r) => r.id)));
    const times = [...first.body.deliveries, ...second.body.deliveries].map((d: { createdAt: string }) => d.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call(gw.url, 'GET', '/v1/webhook-deliveries?eventType=batch_completed', { apiKey })).body.deliveries).toHaveLength(3);
    expect((await call(gw.url, 'GET', '/v1/webhook-deliveries?eventType=list_update', { apiKey })).body.deliveries).toEqual([]);
    const badCursor = await call(gw.url, 'GET', '/v1/webhook-deliveries?cursor=nonsense', { apiKey });
    expect({ status: badCursor.status, fields: badCursor.body.fields }).toEqual({ status: 400, fields: { cursor: [expect.any(String)] } });
    expect((await call(gw.url, 'GET', '/v1/webhook-deliveries?status=lost', { apiKey })).status).toBe(400);
  });

  it('DELETE /monitor waits for an attempt in flight for that record; after it answers no webhook comes, and replay is refused', async () => {
    const { receiver, apiKey, orgId } = await receiverWithEndpoint();
    const recordId = await insertMonitoredRecord(orgId);
    const holdMs = 1200;
    // The first attempt is held, then answered 500 so a retry would follow.
    receiver.delayMs = (n) => (n === 0 ? holdMs : 0);
    receiver.answer = () => 500;
    const [ref] = await emitWebhookEvents(
      pool,
      worker.client,
      worker.taskQueue,
      [
        {
          orgId,
          type: 'match_status_change',
          eventKey: `record:${recordId}:${Date.now()}`,
          monitoredRecordId: recordId,
          data: { recordId, previousStatus: 'clear', status: 'potential_match' },
        },
      ],
      env,
    );
    const [inFlight] = await receiver.waitFor(1);
    const removed = await call(gw.url, 'DELETE', `/v1/monitor/${recordId}`, { apiKey });
    const removedAt = Date.now();
    expect(removed.status).toBe(200);
    // Answered only once the attempt in flight was answered and logged.
    expect(removedAt - inFlight.receivedAt).toBeGreaterThanOrEqual(holdMs - 100);
    const afterRemoval = await settledDelivery(apiKey, ref.id);
    expect(afterRemoval.status).toBe('cancelled');
    expect(afterRemoval.attempts.map((a: { statusCode: number | null }) => a.statusCode)).toEqual([500]);
    // Well past the 300 ms retry wait: nothing more arrived.
    await new Promise((r) => setTimeout(r, 2000));
    expect(receiver.received.filter((got) => got.receivedAt >= removedAt)).toEqual([]);
    expect(receiver.received).toHaveLength(1);

    const replay = await call(gw.url, 'POST', `/v1/webhook-deliveries/${ref.id}/replay`, { apiKey });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 'invalid_request', fields: { id: [expect.stringMatching(/monitored record was removed/)] } });
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE replay_of = $1', [ref.id]);
    expect(rows[0].n).toBe(0);
  });

  it('does not send a pending delivery whose monitored record was removed without cancelling it', async () => {
    const { receiver, apiKey, orgId } = await receiverWithEndpoint();
    const recordId = await insertMonitoredRecord(orgId);
    await pool.query('UPDATE monitored_records SET removed_at = now() WHERE id = $1', [recordId]);
    const [ref] = await emitWebhookEvents(
      pool,
      worker.client,
      worker.taskQueue,
      [
        {
          orgId,
          type: 'match_status_change',
          eventKey: `record:${recordId}:${Date.now()}`,
          monitoredRecordId: recordId,
          data: { recordId, previousStatus: 'clear', status: 'potential_match' },
        },
      ],
      env,
    );
    expect((await settledDelivery(apiKey, ref.id)).status).toBe('cancelled');
    expect(receiver.received).toHaveLength(0);
  });

  it('delivers only the event types an endpoint subscribed to', async () => {
    const { orgId } = await receiverWithEndpoint(['list_update']);
    expect(await emitBatchCompleted(orgId)).toEqual([]);
  });
});

describe('GET /v1/webhook-deliveries paging', () => {
  /** Deliveries stamped by the database to the microsecond (as a replay is), all in the same millisecond but the first. */
  async function deliveriesAtMicroseconds(orgId: string, endpointId: string, stamps: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const [i, createdAt] of stamps.entries()) {
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, body, status, replay_of, created_at, completed_at)
         VALUES ($1, $2, $3, 'batch_completed', $4, '{}', 'succeeded', $5, $6::timestamptz, $6::timestamptz)
         RETURNING id`,
        [orgId, endpointId, randomUUID(), `paging:${randomUUID()}`, i === 0 ? null : ids[0], createdAt],
      );
      ids.push(rows[0].id);
    }
    return ids;
  }

  it('pages through rows whose created_at differ only in microseconds without skipping or repeating one', async () => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'small');
    const created = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: 'http://127.0.0.1:9/x' } });
    expect(created.status).toBe(201);
    const ids = await deliveriesAtMicroseconds(orgId, created.body.id, [
      '2026-03-02T10:00:00.123000Z',
      '2026-03-02T10:00:00.123101Z',
      '2026-03-02T10:00:00.123202Z',
      '2026-03-02T10:00:00.123303Z',
      '2026-03-02T10:00:00.123404Z',
      '2026-03-02T10:00:00.123505Z',
      '2026-03-02T10:00:00.124000Z',
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const reply = await call(gw.url, 'GET', `/v1/webhook-deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { apiKey });
      expect(reply.status).toBe(200);
      expect(responseErrors('/webhook-deliveries', 'get', 200, reply.body)).toBeNull();
      seen.push(...reply.body.deliveries.map((d: { id: string }) => d.id));
      cursor = reply.body.nextCursor;
      if (!cursor) break;
    }
    // Newest first: every row once, in the order of their microseconds.
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses with 400 naming cursor a cursor of the right shape whose time or id is not real', async () => {
    const { apiKey } = await createOrgWithKey(pool, 'small');
    const id = '0b7e7b0e-9f0c-4d8e-8d6a-2f0f3c1d2e4f';
    const shaped = (time: string, deliveryId: string) => Buffer.from(JSON.stringify([time, deliveryId])).toString('base64url');
    for (const cursor of [
      shaped('2024-02-30T00:00:00Z', id),
      shaped('2023-02-29T12:00:00.000001Z', id),
      shaped('2026-03-02T24:00:00Z', id),
      shaped('2026-13-02T10:00:00Z', id),
      shaped('2026-03-02T10:00:00Z', '-'.repeat(36)),
      shaped('2026-03-02T10:00:00Z', `${id.slice(0, 35)}g`),
      Buffer.from(JSON.stringify(['2026-03-02T10:00:00Z', id, 'extra'])).toString('base64url'),
    ]) {
      const reply = await call(gw.url, 'GET', `/v1/webhook-deliveries?cursor=${cursor}`, { apiKey });
      expect({ cursor, status: reply.status, fields: reply.body.fields }).toEqual({
        cursor,
        status: 400,
        fields: { cursor: [expect.any(String)] },
      });
    }
    expect(
      (await call(gw.url, 'GET', `/v1/webhook-deliveries?cursor=${shaped('2024-02-29T23:59:59.999999Z', id)}`, { apiKey })).status,
    ).toBe(200);
  });

  it('reads a cursor whose time has milliseconds only', async () => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'small');
    const created = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: 'http://127.0.0.1:9/x' } });
    const ids = await deliveriesAtMicroseconds(orgId, created.body.id, ['2026-03-02T10:00:00.100000Z', '2026-03-02T10:00:00.200000Z']);
    const oldCursor = Buffer.from(JSON.stringify(['2026-03-02T10:00:00.200Z', ids[1]])).toString('base64url');
    const reply = await call(gw.url, 'GET', `/v1/webhook-deliveries?limit=2&cursor=${oldCursor}`, { apiKey });
    expect(reply.status).toBe(200);
    expect(reply.body.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
  });
});
