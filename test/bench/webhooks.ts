/**
 * Webhook delivery benchmark: sustained deliveries per second to a loopback receiver that
 * verifies every signature, through the real path: events recorded in PostgreSQL, one
 * webhookDelivery workflow each on a Temporal dev server, a worker with infra/worker.ts's
 * settings, a signed POST per delivery, every attempt logged.
 *
 *   npm run bench:webhooks -- [--events 2000] [--emit-batch 100] [--deadline-s 300]
 *
 * A delivery refused (a bad signature answers 401 and is retried for hours) or lost would
 * keep the run waiting: past the deadline it stops and exits non-zero, saying how far it got.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { createEndpoint, emitWebhookEvents, verifyWebhook, type WebhookEventToEmit } from '../../activities/webhooks';
import { createOrganization } from '../../gateway/orgs/organizations';
import { numberArg } from './support/args';
import { startBenchStack } from './support/benchStack';
import { percentileOf } from './support/pacedLoad';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { runScript } from '../../infra/dev/runScript';

const EVENTS = numberArg('events', 2000);
const EMIT_BATCH = numberArg('emit-batch', 100);
const DEADLINE_MS = numberArg('deadline-s', 300) * 1000;

/** Resolves false when `promise` has not settled within `ms`. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  const bench = await startBenchStack();
  const received = new Map<string, number>();
  let refused = 0;
  let secret = '';
  let done: () => void = () => undefined;
  const allReceived = new Promise<void>((resolve) => (done = resolve));
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const check = verifyWebhook({ headers: req.headers, rawBody: Buffer.concat(chunks), secret });
      if (!check.ok) refused++;
      else if (!received.has(check.deliveryId!)) received.set(check.deliveryId!, Date.now());
      res.statusCode = check.ok ? 204 : 401;
      res.end();
      if (received.size >= EVENTS) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const org = await createOrganization(bench.pool, { name: 'Bench webhooks', plan: 'enterprise' });
    secret = (await createEndpoint(bench.pool, org.id, url, ['batch_completed']))!.secret;
    const taskQueue = `bench-webhooks-${randomBytes(3).toString('hex')}`;
    await bench.startWorker({ taskQueue, matcherUrl: 'http://127.0.0.1:9' });
    console.log(`webhook bench: ${EVENTS} events, one endpoint on loopback, one worker (8 activity slots), cores=${os.cpus().length}`);

    const emittedAt = new Map<string, number>();
    const cpuBefore = readCpuTimes();
    const started = Date.now();
    for (let i = 0; i < EVENTS; i += EMIT_BATCH) {
      const events: WebhookEventToEmit[] = Array.from({ length: Math.min(EMIT_BATCH, EVENTS - i) }, () => {
        const jobId = randomUUID();
        return {
          orgId: org.id,
          type: 'batch_completed',
          eventKey: `batch:${jobId}`,
          data: { jobId, totalItems: 1, completedItems: 1, failedItems: 0, potentialMatchItems: 0, completedAt: new Date().toISOString() },
        };
      });
      const at = Date.now();
      for (const ref of await emitWebhookEvents(bench.pool, bench.client, taskQueue, events)) emittedAt.set(ref.id, at);
    }
    const emitted = Date.now();
    if (!(await within(allReceived, Math.max(0, started + DEADLINE_MS - Date.now())))) {
      throw new Error(
        `deadline: ${received.size} of ${EVENTS} deliveries verified after ${DEADLINE_MS / 1000} s (${refused} requests refused by signature); ` +
          'see `screenctl deliveries list --status pending` for what is stuck',
      );
    }
    const finished = Date.now();
    const cpu = describeCpuTimes(cpuBefore, readCpuTimes());
    const latencies = [...received].map(([id, at]) => at - (emittedAt.get(id) ?? started)).sort((a, b) => a - b);
    const seconds = (finished - started) / 1000;
    console.log(`  emitted ${EVENTS} events (recorded + workflows started) in ${((emitted - started) / 1000).toFixed(1)} s`);
    console.log(
      `  delivered ${received.size} verified deliveries in ${seconds.toFixed(1)} s: ${(received.size / seconds).toFixed(0)} deliveries/s sustained`,
    );
    console.log(
      `  emit → receipt latency p50=${percentileOf(latencies, 50)} ms p99=${percentileOf(latencies, 99)} ms; refused signatures: ${refused}`,
    );
    // The receiver answers before the worker records that attempt: let the last ones land.
    const settleBy = Date.now() + 10_000;
    let rows: Array<{ status: string; n: number }> = [];
    do {
      if (rows.length) await new Promise((r) => setTimeout(r, 100));
      ({ rows } = await bench.pool.query('SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status'));
    } while (rows.some((r) => r.status === 'pending') && Date.now() < settleBy);
    console.log(`  delivery log: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    if (cpu) console.log(`  machine CPU over the run (all processes, all cores = 100%): ${cpu}`);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    await bench.close();
  }
}

runScript(main);
