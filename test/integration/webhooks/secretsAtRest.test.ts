import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Pool } from 'pg';
import { reencryptSecrets, type DeliveryRef } from '../../../activities/webhooks';
import { webhookSecretKeys } from '../../../infra/base/config';
import { createDatabaseFromTemplate, dropDatabase } from '../../harness/stack';
import { call, createOrgWithKey, REPO_ROOT, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { emitBatchCompleted } from '../support/batchCompleted';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, verifyByContract, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * Webhook signing secrets are stored encrypted under an envelope key of WEBHOOK_SECRET_KEYS,
 * and opened only by the delivery attempt, which signs with them. The gateway (which seals at
 * creation and rotation) and the worker run in this process and read WEBHOOK_SECRET_KEYS from
 * their configuration (`env`, this suite's own) at each call, so a test changes the keys there as
 * an operator would between deploys. A database of its own: `reencryptSecrets` rewrites every
 * endpoint of the database.
 */
const env: NodeJS.ProcessEnv = { ...process.env, WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_RETRY_INITIAL_MS: '300', WEBHOOK_MAX_ATTEMPTS: '3' };
const keysBefore = env.WEBHOOK_SECRET_KEYS;
const newKey = (): string => randomBytes(32).toString('base64');

let gw: InProcessGateway;
let worker: TestWorker;
let pool: Pool;
let databaseUrl: string;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(`secrets_${randomBytes(3).toString('hex')}`);
  gw = await startInProcessGateway({ databaseUrl, env });
  pool = gw.pool;
  worker = await startTestWorker({ pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue, env });
}, 120_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await worker?.stop();
  await gw?.close();
  if (databaseUrl) await dropDatabase(databaseUrl);
});

afterEach(() => {
  if (keysBefore === undefined) delete env.WEBHOOK_SECRET_KEYS;
  else env.WEBHOOK_SECRET_KEYS = keysBefore;
});

async function endpointWithReceiver(): Promise<{
  receiver: WebhookReceiver;
  apiKey: string;
  orgId: string;
  endpointId: string;
  secret: string;
}> {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const { apiKey, orgId } = await createOrgWithKey(pool, 'large');
  const reply = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url, events: ['batch_completed'] } });
  expect(reply.status).toBe(201);
  receiver.secret = reply.body.secret;
  return { receiver, apiKey, orgId, endpointId: reply.body.id, secret: reply.body.secret };
}

async function storedRow(
  endpointId: string,
): Promise<{ secret: string | null; secret_ciphertext: string | null; secret_key_id: string | null }> {
  const { rows } = await pool.query('SELECT secret, secret_ciphertext, secret_key_id FROM webhook_endpoints WHERE id = $1', [endpointId]);
  return rows[0];
}

function emit(orgId: string): Promise<DeliveryRef[]> {
  return emitBatchCompleted(pool, worker, orgId, env);
}

/** Emits one event and waits for it at the receiver: the delivery must have succeeded, signed so that `secret` verifies it. */
async function deliveredAndVerifiedWith(orgId: string, receiver: WebhookReceiver, secret: string): Promise<void> {
  const before = receiver.received.length;
  const [ref] = await emit(orgId);
  const got = (await receiver.waitFor(before + 1))[before];
  expect(got.headers['service-webhook-id']).toBe(ref.id);
  expect(verifyByContract(String(got.headers['service-signature']), got.rawBody, secret)).toMatchObject({ ok: true });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const {
      rows: [d],
    } = await pool.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [ref.id]);
    if (d.status === 'succeeded') return;
    if (Date.now() > deadline) throw new Error(`delivery ${ref.id} is ${d.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook signing secrets at rest', () => {
  it('POST /v1/webhook-endpoints stores the secret encrypted under the current key id, never in plain text', async () => {
    env.WEBHOOK_SECRET_KEYS = `k-2026:${newKey()}`;
    const { endpointId, secret } = await endpointWithReceiver();
    const row = await storedRow(endpointId);
    expect(row.secret).toBeNull();
    expect(row.secret_key_id).toBe('k-2026');
    expect(row.secret_ciphertext).toEqual(expect.any(String));
    expect(row.secret_ciphertext).not.toContain(secret);
    expect(row.secret_ciphertext).not.toContain(secret.slice(6, 26));
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE row_to_json(webhook_endpoints)::text LIKE $1',
      [`%${secret.slice(6, 26)}%`],
    );
    expect(rows[0].n).toBe(0);
  });

  it('POST /v1/webhook-endpoints/{id}/rotate-secret stores the new secret encrypted too', async () => {
    const { apiKey, endpointId } = await endpointWithReceiver();
    const rotated = await call(gw.url, 'POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`, { apiKey });
    expect(rotated.status).toBe(200);
    const row = await storedRow(endpointId);
    expect(row).toMatchObject({ secret: null, secret_key_id: webhookSecretKeys(env).currentKeyId });
    expect(row.secret_ciphertext).not.toContain(rotated.body.secret);
  });

  it('signs a delivery with the secret the customer was shown, opened from its ciphertext', async () => {
    const { receiver, orgId, secret } = await endpointWithReceiver();
    await deliveredAndVerifiedWith(orgId, receiver, secret);
    expect(receiver.received.every((got) => got.verification.ok)).toBe(true);
  });

  it('still signs with a secret stored under an old key id after a new key is added, and after re-encryption the old key can go', async () => {
    const oldKey = newKey();
    const nextKey = newKey();
    env.WEBHOOK_SECRET_KEYS = `old:${oldKey}`;
    const { receiver, orgId, endpointId, secret } = await endpointWithReceiver();
    expect((await storedRow(endpointId)).secret_key_id).toBe('old');

    // Step 1 of the rotation: the new key first, the old one kept.
    env.WEBHOOK_SECRET_KEYS = `new:${nextKey},old:${oldKey}`;
    await deliveredAndVerifiedWith(orgId, receiver, secret);

    // Step 2: re-encrypt in batches; step 3: remove the old key.
    const result = await reencryptSecrets(pool, webhookSecretKeys(env), 2);
    expect(result.reencrypted).toBeGreaterThanOrEqual(1);
    // Nothing plain or under 'old' is left; the other tests' rows, under key ids not configured here, are left as they are.
    const {
      rows: [left],
    } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_endpoints WHERE secret IS NOT NULL OR secret_key_id = 'old'",
    );
    expect(left.n).toBe(0);
    expect(await storedRow(endpointId)).toMatchObject({ secret: null, secret_key_id: 'new' });
    env.WEBHOOK_SECRET_KEYS = `new:${nextKey}`;
    await deliveredAndVerifiedWith(orgId, receiver, secret);
  });

  it('reads a secret stored in plain text, and re-encryption encrypts it without changing it', async () => {
    const { receiver, orgId, endpointId } = await endpointWithReceiver();
    const plain = `whsec_${randomBytes(32).toString('base64url')}`;
    // As written before encryption at rest.
    await pool.query('UPDATE webhook_endpoints SET secret = $2, secret_ciphertext = NULL, secret_key_id = NULL WHERE id = $1', [
      endpointId,
      plain,
    ]);
    receiver.secret = plain;
    await deliveredAndVerifiedWith(orgId, receiver, plain);

    await reencryptSecrets(pool, webhookSecretKeys(env), 500);
    const row = await storedRow(endpointId);
    expect(row.secret).toBeNull();
    expect(row.secret_ciphertext).not.toContain(plain.slice(6, 26));
    await deliveredAndVerifiedWith(orgId, receiver, plain);
  });

  it('sends nothing while the key a secret is stored under is not configured, and delivers once it is back', async () => {
    const oldKey = newKey();
    env.WEBHOOK_SECRET_KEYS = `gone:${oldKey}`;
    const { receiver, orgId, secret } = await endpointWithReceiver();
    env.WEBHOOK_SECRET_KEYS = `other:${newKey()}`;
    const before = receiver.received.length;
    const [ref] = await emit(orgId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received).toHaveLength(before);
    env.WEBHOOK_SECRET_KEYS = `other:${newKey()},gone:${oldKey}`;
    const got = (await receiver.waitFor(before + 1))[before];
    expect(got.headers['service-webhook-id']).toBe(ref.id);
    expect(verifyByContract(String(got.headers['service-signature']), got.rawBody, secret)).toMatchObject({ ok: true });
  }, 60_000);
});

describe('production configuration', () => {
  /** Runs an entry point as the image does (NODE_ENV=production) without WEBHOOK_SECRET_KEYS. */
  function runWithoutKeys(entry: string): Promise<{ code: number | null; stderr: string }> {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      GATEWAY_PORT: '0',
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    delete childEnv.WEBHOOK_SECRET_KEYS;
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), entry], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    return new Promise((resolve) =>
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr: output });
      }),
    );
  }

  it.each(['gateway/main.ts', 'infra/worker.ts'])(
    '%s refuses to start without WEBHOOK_SECRET_KEYS',
    async (entry) => {
      const { code, stderr } = await runWithoutKeys(entry);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stderr).toMatch(/WEBHOOK_SECRET_KEYS is required in production/);
    },
    90_000,
  );
});
