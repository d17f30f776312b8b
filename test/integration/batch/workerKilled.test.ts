import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID, randomBytes } from 'node:crypto';
import path from 'node:path';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startSlowProxy } from '../support/slowProxy';
import { BATCH_CHUNK_CONCURRENCY, BATCH_CHUNK_SIZE } from '../../../workflows/batchScreening';

/**
 * A worker process killed with SIGKILL in the middle of a batch: the job still completes on a
 * new worker and every item is metered exactly once (the ledger count equals the completed items).
 * Each chunk commits after each of its matcher calls, so calls are in flight after the first ones commit.
 */
const ITEMS = BATCH_CHUNK_CONCURRENCY * BATCH_CHUNK_SIZE;
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
let gw: InProcessGateway;
let proxy: Awaited<ReturnType<typeof startSlowProxy>>;
let child: ChildProcess | null = null;
let replacement: TestWorker | null = null;

beforeAll(async () => {
  gw = await startInProcessGateway({ taskQueue: `kill-${randomBytes(4).toString('hex')}` });
  // 400 ms per matcher call: chunks are in flight when the worker dies.
  proxy = await startSlowProxy(gw.matcherServer!.url, 400);
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await replacement?.stop();
  await proxy?.close();
  await gw?.close();
});

function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'infra/worker.ts'], {
    cwd: REPO_ROOT,
    // WORKER_SCHEDULES=off: this extra worker must not touch the list-ingestion schedules other suites use.
    env: { ...process.env, MATCHER_URL: proxy.url, TEMPORAL_TASK_QUEUE: gw.deps.taskQueue, LOG_LEVEL: 'silent', WORKER_SCHEDULES: 'off' },
    stdio: 'ignore',
  });
}

async function readJob(apiKey: string, jobId: string) {
  return (await call(gw.url, 'GET', `/v1/batch/${jobId}`, { apiKey })).body;
}

async function ledgerRowsOfJob(orgId: string, jobId: string): Promise<number> {
  const { rows } = await gw.pool.query(
    "SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1 AND kind = 'batch_item' AND event_key LIKE $2",
    [orgId, `${jobId}:%`],
  );
  return rows[0].n;
}

describe('batch screening when a worker is killed', () => {
  it('completes after SIGKILL mid-batch and a restart, each item metered once', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'enterprise');
    const items = Array.from({ length: ITEMS }, (_, i) => ({ type: 'person', name: `Killed Worker Person ${i}` }));
    const submitted = await call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items }, headers: { 'idempotency-key': randomUUID() } });
    expect(submitted.status).toBe(202);
    const jobId = submitted.body.jobId;

    child = startWorkerProcess();
    // Kill once some chunks have committed and, at that very moment, at least one chunk's matcher
    // call is held by the proxy (its results not committed): the loop fails the test if that never happens.
    let atKill = await readJob(apiKey, jobId);
    const deadline = Date.now() + 90_000;
    while (atKill.completedItems < BATCH_CHUNK_SIZE || proxy.inFlight() === 0) {
      if (Date.now() > deadline) throw new Error(`worker made no progress: ${JSON.stringify(atKill)}, in flight ${proxy.inFlight()}`);
      await new Promise((r) => setTimeout(r, 50));
      atKill = await readJob(apiKey, jobId);
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = null;
    // No worker runs now, so what the job shows is what it was at the kill.
    atKill = await readJob(apiKey, jobId);
    expect(atKill.state).toBe('processing');
    expect(atKill.completedItems).toBeGreaterThanOrEqual(BATCH_CHUNK_SIZE);
    expect(atKill.completedItems).toBeLessThan(ITEMS);
    expect(await ledgerRowsOfJob(orgId, jobId)).toBe(atKill.completedItems);

    replacement = await startTestWorker({ pool: gw.pool, matcherUrl: proxy.url, taskQueue: gw.deps.taskQueue });
    let job = atKill;
    const finish = Date.now() + 120_000;
    while (job.state !== 'completed') {
      if (Date.now() > finish) throw new Error(`batch did not complete: ${JSON.stringify({ ...job, results: undefined })}`);
      await new Promise((r) => setTimeout(r, 200));
      job = await readJob(apiKey, jobId);
    }
    expect(job).toMatchObject({ completedItems: ITEMS, failedItems: 0 });
    expect(job.results).toHaveLength(ITEMS);
    expect(await ledgerRowsOfJob(orgId, jobId)).toBe(job.completedItems);
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(job.completedItems);
    // The waits above bound each phase (a worker process starting, a lost chunk's heartbeat time-out and retry): the test as a whole may take as long as they allow.
  }, 240_000);
});
