import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { emitWebhookEvents, getDeliveryForOperator, type DeliveryRef } from '../../../activities/webhooks';
import { deliveryWorkflowId } from '../../../workflows/contracts';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { emitBatchCompleted } from '../support/batchCompleted';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * The on-call tools, run as an operator runs them (`screenctl`, a process of its own) against the run's stack.
 * The short delivery policy is in `env`, this suite's own configuration: the gateway, the worker and the
 * emitter read it, and screenctl gets it on top of this process's environment.
 */
const run = promisify(execFile);
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_RETRY_INITIAL_MS: '300',
  WEBHOOK_RETRY_COEFFICIENT: '2',
  WEBHOOK_MAX_ATTEMPTS: '2',
};

let gw: InProcessGateway;
let worker: TestWorker;
let receiver: WebhookReceiver;

beforeAll(async () => {
  gw = await startInProcessGateway({ env });
  worker = await startTestWorker({ pool: gw.pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue, env });
  receiver = await startWebhookReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await worker?.stop();
  await gw?.close();
});

async function screenctl(...args: string[]): Promise<string> {
  return screenctlWith({}, ...args);
}

/** Runs screenctl with the suite's configuration, some of it changed (the policy a reset's fresh series starts with). */
async function screenctlWith(settings: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['infra/cli/screenctl.js', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ...settings, TEMPORAL_TASK_QUEUE: worker.taskQueue, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

/** screenctl's failure message (it must fail). */
async function screenctlRefusal(...args: string[]): Promise<string> {
  const outcome = await screenctl(...args).then(
    (stdout) => ({ failed: false, message: stdout }),
    (err: { stderr?: string; message: string }) => ({ failed: true, message: `${err.stderr ?? ''}${err.message}` }),
  );
  expect(outcome).toMatchObject({ failed: true });
  return outcome.message;
}

async function endpointFor(orgId: string, apiKey: string): Promise<void> {
  const endpoint = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url } });
  expect(endpoint.status).toBe(201);
  receiver.secret = endpoint.body.secret;
}

/** Emits a `batch_completed` event; `policy` changes settings for this emission only (a series keeps the policy it started with). */
function emitBatch(orgId: string, policy: Record<string, string> = {}): Promise<DeliveryRef[]> {
  return emitBatchCompleted(gw.pool, worker, orgId, { ...env, ...policy });
}

async function settled(id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivery = await getDeliveryForOperator(gw.pool, id);
    if (delivery && delivery.status !== 'pending') return delivery;
    if (Date.now() > deadline) throw new Error(`delivery ${id} still pending`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A new organization whose endpoint answers 500 to every attempt, and a `batch_completed` delivery to it that has failed. */
async function failedDelivery() {
  const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
  const endpoint = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url } });
  receiver.secret = endpoint.body.secret;
  receiver.answer = () => 500;
  const [ref] = await emitBatchCompleted(gw.pool, worker, orgId, env);
  expect((await settled(ref.id)).status).toBe('failed');
  return { orgId, ref };
}

describe('screenctl deliveries', () => {
  it('lists a failed delivery, resets it into a fresh series that succeeds, and replays it as a new delivery', async () => {
    const { orgId, ref } = await failedDelivery();

    const failed = JSON.parse(await screenctl('deliveries', 'list', '--status', 'failed', '--org', orgId, '--json'));
    expect(failed.map((d: { id: string }) => d.id)).toEqual([ref.id]);
    expect(await screenctl('deliveries', 'list', '--status', 'failed', '--org', orgId)).toContain(`${ref.id}  failed`);

    receiver.answer = () => 200;
    expect(await screenctl('deliveries', 'reset', ref.id)).toContain(`webhook-delivery/${ref.id}`);
    const reset = await settled(ref.id);
    expect(reset.status).toBe('succeeded');
    expect(reset.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);

    const replayId = (await screenctl('deliveries', 'replay', ref.id)).trim();
    expect(replayId).not.toBe(ref.id);
    expect(await settled(replayId)).toMatchObject({ status: 'succeeded', replayOf: ref.id });
    const ids = receiver.received.map((r) => r.headers['service-webhook-id']);
    expect(ids.filter((id) => id === ref.id)).toHaveLength(3);
    expect(ids.filter((id) => id === replayId)).toHaveLength(1);
    expect(JSON.parse(await screenctl('deliveries', 'show', replayId))).toMatchObject({
      id: replayId,
      workflowId: `webhook-delivery/${replayId}`,
    });

    // A delivery that arrived is not reset (a replay makes a new one).
    expect(await screenctlRefusal('deliveries', 'reset', ref.id)).toMatch(/cannot be reset: it is succeeded/);
  });

  it('gives a reset series every attempt of its policy again', async () => {
    const { ref } = await failedDelivery();
    expect(await screenctl('deliveries', 'reset', ref.id)).toContain(`webhook-delivery/${ref.id}`);
    const reset = await settled(ref.id);
    expect(reset.status).toBe('failed');
    expect(reset.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);
  });

  it('resets a delivery whose workflow is still retrying: the old series ends, the fresh one delivers once the receiver recovers', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    await endpointFor(orgId, apiKey);
    const start = receiver.received.length;
    const ofRef = (id: string) => receiver.received.slice(start).filter((got) => got.headers['service-webhook-id'] === id);
    receiver.answer = () => 500;
    // The old series waits 2 s, 4 s, ... between attempts and would run for a minute.
    const [ref] = await emitBatch(orgId, { WEBHOOK_RETRY_INITIAL_MS: '2000', WEBHOOK_MAX_ATTEMPTS: '6' });
    const deadline = Date.now() + 30_000;
    while (ofRef(ref.id).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(ofRef(ref.id)).toHaveLength(1);
    const old = await worker.client.workflow.getHandle(deliveryWorkflowId(ref.id)).describe();
    expect(old.status.name).toBe('RUNNING');

    // Reset while the receiver still fails: the fresh series (1 s waits, 5 attempts) gets a 500 first.
    expect(await screenctlWith({ WEBHOOK_RETRY_INITIAL_MS: '1000', WEBHOOK_MAX_ATTEMPTS: '5' }, 'deliveries', 'reset', ref.id)).toContain(
      `webhook-delivery/${ref.id}`,
    );
    expect((await worker.client.workflow.getHandle(deliveryWorkflowId(ref.id), old.runId).describe()).status.name).toBe('TERMINATED');
    const fresh = await worker.client.workflow.getHandle(deliveryWorkflowId(ref.id)).describe();
    expect(fresh.runId).not.toBe(old.runId);
    while (ofRef(ref.id).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    receiver.answer = () => 200;

    const delivered = await settled(ref.id);
    expect(delivered.status).toBe('succeeded');
    expect(ofRef(ref.id).filter((got) => got.answeredStatus === 200)).toHaveLength(1);
    expect(ofRef(ref.id).every((got) => got.verification.ok)).toBe(true);
    // One log across both series, numbered without gaps or doubles.
    expect(delivered.attempts.map((a) => a.attempt)).toEqual(delivered.attempts.map((_, i) => i + 1));
    expect(delivered.attempts.map((a) => a.statusCode).slice(-1)).toEqual([200]);
    expect(delivered.attempts).toHaveLength(ofRef(ref.id).length);
    expect(await worker.client.workflow.getHandle(deliveryWorkflowId(ref.id)).result()).toBe('delivered');
  });

  it('refuses to replay or reset a delivery of a removed monitored record, and to reset a cancelled delivery', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    await endpointFor(orgId, apiKey);
    receiver.answer = () => 500;
    const { rows } = await gw.pool.query<{ id: string }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at)
       VALUES ($1, '{"type":"person","name":"Test Person"}', $2, 'person', false, 'clear', '{}', '{}', now()) RETURNING id`,
      [orgId, randomUUID()],
    );
    const recordId = rows[0].id;
    const [ref] = await emitWebhookEvents(
      gw.pool,
      worker.client,
      worker.taskQueue,
      [
        {
          orgId,
          type: 'match_status_change',
          eventKey: `record:${recordId}:1`,
          monitoredRecordId: recordId,
          data: { recordId, previousStatus: 'clear', status: 'potential_match' },
        },
      ],
      env,
    );
    expect((await settled(ref.id)).status).toBe('failed');
    // Removed as DELETE /monitor/{id} removes it (the failed delivery is not pending, so it stays failed).
    await gw.pool.query('UPDATE monitored_records SET removed_at = now() WHERE id = $1', [recordId]);
    const before = receiver.received.length;
    expect(await screenctlRefusal('deliveries', 'replay', ref.id)).toMatch(/monitored record was removed/);
    expect(await screenctlRefusal('deliveries', 'reset', ref.id)).toMatch(/monitored record was removed/);
    expect((await getDeliveryForOperator(gw.pool, ref.id))!.status).toBe('failed');
    const { rows: replays } = await gw.pool.query('SELECT 1 FROM webhook_deliveries WHERE replay_of = $1', [ref.id]);
    expect(replays).toEqual([]);

    await gw.pool.query("UPDATE webhook_deliveries SET status = 'cancelled' WHERE id = $1", [ref.id]);
    expect(await screenctlRefusal('deliveries', 'reset', ref.id)).toMatch(/cannot be reset: it is cancelled/);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.length).toBe(before);
  });
});
