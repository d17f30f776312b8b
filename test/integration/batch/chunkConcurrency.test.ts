import { randomBytes, randomUUID } from 'node:crypto';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startSlowProxy, type SlowProxy } from '../support/slowProxy';
import { BATCH_CHUNK_CONCURRENCY, BATCH_CHUNK_SIZE } from '../../../workflows/batchScreening';

/**
 * A batch holds at most BATCH_CHUNK_CONCURRENCY matcher calls at once, although the worker has
 * more activity slots and each chunk makes several calls (one at a time): a slow hop between the
 * worker and the matcher holds each call long enough that the calls of concurrent chunks
 * overlap, and counts the most held at once. (That a batch with more chunks than the bound runs
 * them in waves, the workflow's unit test shows: a batch of 2,000 items is BATCH_CHUNK_CONCURRENCY chunks.)
 */
let gw: InProcessGateway;
let proxy: SlowProxy;
let worker: TestWorker;

beforeAll(async () => {
  gw = await startInProcessGateway({ taskQueue: `chunks-${randomBytes(4).toString('hex')}` });
  proxy = await startSlowProxy(gw.matcherServer!.url, 400);
  worker = await startTestWorker({ pool: gw.pool, matcherUrl: proxy.url, taskQueue: gw.deps.taskQueue });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await proxy?.close();
  await gw?.close();
});

it('never holds more matcher calls of one batch at once than the bound, though the worker has room for more', async () => {
  const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
  const items = Array.from({ length: BATCH_CHUNK_CONCURRENCY * BATCH_CHUNK_SIZE }, (_, i) => ({
    type: 'person',
    name: `Bounded Person ${i}`,
  }));
  proxy.resetMaxInFlight();
  const submitted = await call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items }, headers: { 'idempotency-key': randomUUID() } });
  expect(submitted.status).toBe(202);

  const deadline = Date.now() + 90_000;
  let job = (await call(gw.url, 'GET', `/v1/batch/${submitted.body.jobId}`, { apiKey })).body;
  while (job.state !== 'completed') {
    if (Date.now() > deadline) throw new Error(`batch did not complete: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 200));
    job = (await call(gw.url, 'GET', `/v1/batch/${submitted.body.jobId}`, { apiKey })).body;
  }
  expect(job.completedItems).toBe(items.length);
  expect(proxy.maxInFlight()).toBeLessThanOrEqual(BATCH_CHUNK_CONCURRENCY);
  // Chunks did overlap, so a missing bound (up to the worker's 8 slots) would have shown.
  expect(proxy.maxInFlight()).toBeGreaterThanOrEqual(2);
});
