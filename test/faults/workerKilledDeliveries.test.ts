import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { Pool } from 'pg';
import { createPool } from '../../infra/base/db/pool';
import { createEndpoint, emitWebhookEvents } from '../../activities/webhooks';
import { createOrganization } from '../../gateway/orgs/organizations';
import { startWebhookReceiver, type WebhookReceiver } from '../integration/support/webhookReceiver';
import { startWorkerProcess, type ServiceProcess } from './support/services';

/**
 * A worker process SIGKILLed while attempts are in flight (held open by the receiver): on a new
 * worker every delivery is still sent and ends delivered; one the receiver had answered 2xx
 * before the kill is never sent again; one whose attempt died with the worker is sent again,
 * with the same event id, once.
 */
const EVENTS = 30;
const ANSWERED_BEFORE_KILL = 10;
/** The organization's cap on attempts in flight: this many are held open when the worker dies. */
const CAP = 4;
const HOLD_MS = 120_000;
let pool: Pool;
let receiver: WebhookReceiver;
let connection: Connection;
let client: Client;
let worker: ServiceProcess | null = null;
const taskQueue = `faults-deliveries-${randomBytes(4).toString('hex')}`;
// An attempt lost with its worker is given up after WEBHOOK_TIMEOUT_MS + 30 s (the activity's start-to-close).
const workerEnv = { WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_ORG_CONCURRENCY: String(CAP) };

beforeAll(async () => {
  pool = createPool({ max: 4 });
  receiver = await startWebhookReceiver();
  connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS as string });
  client = new Client({ connection });
});

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await connection?.close();
  await pool?.end();
});

const eventIdOf = (raw: Buffer): string => (JSON.parse(raw.toString('utf8')) as { id: string }).id;

async function succeededCount(orgId: string): Promise<number> {
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM webhook_deliveries WHERE org_id = $1 AND status = 'succeeded'", [
    orgId,
  ]);
  return rows[0].n;
}

async function until(what: string, timeoutMs: number, done: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('worker SIGKILLed while delivery attempts are in flight', () => {
  it('sends every delivery, none again after a 2xx, and the lost attempts once more with the same event id', async () => {
    const org = await createOrganization(pool, { name: 'faults deliveries', plan: 'enterprise' });
    const endpoint = await createEndpoint(pool, org.id, receiver.url, ['batch_completed']);
    receiver.secret = endpoint!.secret;
    let killed = false;
    // The first arrivals are answered at once; the next ones are held open until the worker dies.
    receiver.delayMs = (n) => (!killed && n >= ANSWERED_BEFORE_KILL ? HOLD_MS : 0);

    worker = startWorkerProcess('deliveries-worker-1', taskQueue, workerEnv);
    const events = Array.from({ length: EVENTS }, (_, i) => ({
      orgId: org.id,
      type: 'batch_completed' as const,
      eventKey: `batch:faults-${taskQueue}-${i}`,
      data: { jobId: `faults-${i}`, state: 'completed' },
    }));
    // The starter sets each series' policy (its attempt time-out) and the delivery queue, as the worker's emitters do.
    const refs = await emitWebhookEvents(pool, client, taskQueue, events, { ...process.env, ...workerEnv });
    expect(refs).toHaveLength(EVENTS);

    // The kill: the first answers are recorded as delivered and the cap's worth of attempts is held open.
    await until('answered deliveries recorded and attempts held', 60_000, async () => {
      return receiver.received.length >= ANSWERED_BEFORE_KILL + CAP && (await succeededCount(org.id)) >= ANSWERED_BEFORE_KILL;
    });
    const answered = new Set(receiver.received.slice(0, ANSWERED_BEFORE_KILL).map((r) => eventIdOf(r.rawBody)));
    const heldAtKill = receiver.received.slice(ANSWERED_BEFORE_KILL).map((r) => eventIdOf(r.rawBody));
    expect(heldAtKill.length).toBe(CAP);
    await worker.kill();
    killed = true;
    expect(await succeededCount(org.id)).toBe(ANSWERED_BEFORE_KILL);

    worker = startWorkerProcess('deliveries-worker-2', taskQueue, workerEnv);
    await until('every delivery delivered', 120_000, async () => (await succeededCount(org.id)) === EVENTS);

    const received = receiver.received.map((r) => ({ id: eventIdOf(r.rawBody), ok: r.verification.ok }));
    expect(received.every((r) => r.ok)).toBe(true);
    const times = new Map<string, number>();
    for (const r of received) times.set(r.id, (times.get(r.id) ?? 0) + 1);
    expect(times.size).toBe(EVENTS);
    for (const id of answered) expect(times.get(id)).toBe(1);
    for (const id of heldAtKill) expect(times.get(id)).toBe(2);
    expect(received).toHaveLength(EVENTS + CAP);
    const { rows } = await pool.query(
      `SELECT d.id, count(a.*) FILTER (WHERE a.status_code BETWEEN 200 AND 299)::int AS ok
         FROM webhook_deliveries d LEFT JOIN webhook_delivery_attempts a ON a.delivery_id = d.id
        WHERE d.org_id = $1 GROUP BY d.id`,
      [org.id],
    );
    expect(rows.map((r) => r.ok)).toEqual(Array(EVENTS).fill(1));
  });
});
