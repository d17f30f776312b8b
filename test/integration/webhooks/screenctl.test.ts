import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { emitWebhookEvents, getDelivery } from '../../../activities/webhooks';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

/** The on-call tools, run as an operator runs them (`screenctl`, a process of its own) against the run's stack. */
const run = promisify(execFile);
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const POLICY = { WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_RETRY_INITIAL_MS: '300', WEBHOOK_RETRY_COEFFICIENT: '2', WEBHOOK_MAX_ATTEMPTS: '2' };

let gw: InProcessGateway;
let worker: TestWorker;
let receiver: WebhookReceiver;

beforeAll(async () => {
  Object.assign(process.env, POLICY);
  gw = await startInProcessGateway();
  worker = await startTestWorker({ pool: gw.pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue });
  receiver = await startWebhookReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await worker?.stop();
  await gw?.close();
});

async function screenctl(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['infra/cli/screenctl.js', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, TEMPORAL_TASK_QUEUE: worker.taskQueue, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

async function settled(id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivery = await getDelivery(gw.pool, null, id);
    if (delivery && delivery.status !== 'pending') return delivery;
    if (Date.now() > deadline) throw new Error(`delivery ${id} still pending`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('screenctl deliveries', () => {
  it('lists a failed delivery, resets it into a fresh series that succeeds, and replays it as a new delivery', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const endpoint = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url } });
    receiver.secret = endpoint.body.secret;
    receiver.answer = () => 500;
    const jobId = randomUUID();
    const [ref] = await emitWebhookEvents(gw.pool, worker.client, worker.taskQueue, [{
      orgId, type: 'batch_completed', eventKey: `batch:${jobId}`,
      data: { jobId, totalItems: 1, completedItems: 1, failedItems: 0, potentialMatchItems: 0, completedAt: new Date().toISOString() },
    }]);
    expect((await settled(ref.id)).status).toBe('failed');

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
    expect(JSON.parse(await screenctl('deliveries', 'show', replayId))).toMatchObject({ id: replayId, workflowId: `webhook-delivery/${replayId}` });
  });
});
