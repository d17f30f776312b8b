import { randomUUID } from 'node:crypto';
import { call, createOrgWithKey, preloadScreens, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors, schemaErrors } from '../gateway/support/contract';
import { createListsDatabase, type ListsDatabase } from '../lists/support';
import { publishLeie } from '../support/lists';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { billingPeriod } from '../../../activities/metering/period';
import { idempotencyKeyHash, startBatchWorkflow } from '../../../activities/batch';
import { batchWorkflowId } from '../../../workflows/contracts';
import { submitBatchOnce } from '../../../gateway/billing/batchSubmission';

/**
 * Batch screening end to end: the gateway, the batchScreening workflow on the run's Temporal
 * dev server, the worker's activities, a matcher holding an LEIE version, PostgreSQL.
 */
let db: ListsDatabase;
let gw: InProcessGateway;
let worker: TestWorker;
const receivers: WebhookReceiver[] = [];

const listed = { type: 'person', name: 'Jordan Q Exampleson', dateOfBirth: '1978-02-14' };
const clear = { type: 'person', name: 'Unlisted Person Zyx', state: 'TX' };
const organization = { type: 'organization', legalName: 'Acme Home Health LLC' };

beforeAll(async () => {
  db = await createListsDatabase();
  await publishLeie(db.pool, [{ last: 'EXAMPLESON', first: 'JORDAN', dob: '19780214' }]);
  gw = await startInProcessGateway({ databaseUrl: db.url });
  worker = await startTestWorker({ pool: gw.pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue });
}, 120_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await worker?.stop();
  await gw?.close();
  await db?.drop();
});

async function submit(apiKey: string, key: string | null, items: unknown[]) {
  return call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items }, headers: key ? { 'idempotency-key': key } : {} });
}

async function completed(apiKey: string, jobId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await call(gw.url, 'GET', `/v1/batch/${jobId}`, { apiKey });
    expect(reply.status).toBe(200);
    expect(responseErrors('/batch/{jobId}', 'get', 200, reply.body)).toBeNull();
    if (reply.body.state === 'completed') return reply.body;
    if (Date.now() > deadline) throw new Error(`batch ${jobId} not completed: ${JSON.stringify(reply.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function ledger(orgId: string): Promise<string[]> {
  const { rows } = await gw.pool.query("SELECT event_key FROM usage_events WHERE org_id = $1 AND kind = 'batch_item' ORDER BY event_key", [
    orgId,
  ]);
  return rows.map((r) => r.event_key);
}

async function screenCalls(apiKey: string): Promise<number> {
  return (await call(gw.url, 'GET', '/v1/usage', { apiKey })).body.screenCalls;
}

/** The org's batch workflow ids as Temporal visibility lists them; visibility lags, so poll until one shows. */
async function listedBatchWorkflowIds(orgId: string, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ids: string[] = [];
    for await (const run of worker.client.workflow.list({ query: `OrgId = "${orgId}"` })) ids.push(run.workflowId);
    const batchIds = ids.filter((id) => id.startsWith('batch/'));
    if (batchIds.length > 0 || Date.now() > deadline) return batchIds;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function jobCount(orgId: string): Promise<number> {
  const { rows } = await gw.pool.query('SELECT count(*)::int AS n FROM batch_jobs WHERE org_id = $1', [orgId]);
  return rows[0].n;
}

describe('POST /v1/batch', () => {
  it('screens valid items, turns invalid ones into error results, and completes with results by index', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const items = [listed, { type: 'person' }, clear, 'not an entity', organization, { type: 'person', name: 'A B', firstName: 'A' }];
    const reply = await submit(apiKey, randomUUID(), items);
    expect(reply.status).toBe(202);
    expect(responseErrors('/batch', 'post', 202, reply.body)).toBeNull();
    const job = await completed(apiKey, reply.body.jobId);

    expect(job).toMatchObject({ jobId: reply.body.jobId, state: 'completed', totalItems: 6, completedItems: 3, failedItems: 3 });
    expect(Date.parse(job.createdAt)).toBeLessThanOrEqual(Date.parse(job.startedAt));
    expect(Date.parse(job.startedAt)).toBeLessThanOrEqual(Date.parse(job.completedAt));
    expect(job.results.map((r: { index: number; outcome: string }) => [r.index, r.outcome])).toEqual([
      [0, 'completed'],
      [1, 'error'],
      [2, 'completed'],
      [3, 'error'],
      [4, 'completed'],
      [5, 'error'],
    ]);
    const [first, second, third, fourth, , sixth] = job.results;
    expect(first.result.status).toBe('potential_match');
    expect(first.result.matches[0]).toMatchObject({
      label: 'Potential match — verification required',
      provenance: { sourceList: expect.any(String), listVersionId: expect.any(String) },
    });
    expect(first.result.matches[0].fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', state: 'matched' })]));
    expect(second.error).toEqual({ code: 'invalid_request', message: expect.any(String), fields: { name: ['required'] } });
    expect(third.result.status).toBe('clear');
    expect(Object.keys(fourth.error.fields)).toEqual(['item']);
    expect(sixth.error.fields.name).toEqual([expect.stringMatching(/removed/)]);

    expect(await ledger(orgId)).toEqual([0, 2, 4].map((i) => `${job.jobId}:${i}`).sort());
    const usage = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(usage.body.screenCalls).toBe(3);
  });

  it('answers an item nested 5,000 arrays deep (10 KB) with an error result for that item, never a 5xx', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const deepName = `{"type":"person","name":${nested(5000)}}`;
    // 200,000 levels is 400 KB, well inside the 4 MB body limit.
    for (const deep of [nested(5000), deepName, nested(200_000)]) {
      const body = `{"items":[${JSON.stringify(clear)},${deep}]}`;
      const reply = await call(gw.url, 'POST', '/v1/batch', {
        apiKey,
        rawBody: body,
        headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      });
      expect(reply.status).toBe(202);
      const job = await completed(apiKey, reply.body.jobId);
      expect(job.results.map((r: { outcome: string }) => r.outcome)).toEqual(['completed', 'error']);
      expect(job.results[1].error).toMatchObject({ code: 'invalid_request', fields: expect.any(Object) });
    }
    expect(await screenCalls(apiKey)).toBe(3);
    expect(await jobCount(orgId)).toBe(3);
  });

  it('requires an Idempotency-Key: 400 naming it, nothing written', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const reply = await submit(apiKey, null, [clear]);
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ 'Idempotency-Key': ['required header'] });
    expect(await jobCount(orgId)).toBe(0);
  });

  it('refuses an items array out of bounds with 400 and writes nothing', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    expect((await submit(apiKey, randomUUID(), [])).body.fields).toEqual({ items: ['must have at least 1 item'] });
    expect(
      (
        await submit(
          apiKey,
          randomUUID(),
          Array.from({ length: 2001 }, () => clear),
        )
      ).status,
    ).toBe(400);
    expect(await jobCount(orgId)).toBe(0);
  });

  it('returns the same job for a resubmitted key, before and after completion, with no further screening or metering', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const key = randomUUID();
    const first = await submit(apiKey, key, [listed, clear]);
    const again = await submit(apiKey, key, [listed, clear]);
    expect(again).toMatchObject({ status: 202, body: { jobId: first.body.jobId } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await completed(apiKey, first.body.jobId);
    const afterCompletion = await submit(apiKey, key, [listed, clear]);
    expect(afterCompletion).toMatchObject({ status: 202, body: { jobId: first.body.jobId } });
    await new Promise((r) => setTimeout(r, 500));
    expect(await jobCount(orgId)).toBe(1);
    expect(await ledger(orgId)).toHaveLength(2);
  });

  it('creates one job, one workflow and one metering per item for 20 concurrent submissions of one key', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'large');
    const key = randomUUID();
    const items = Array.from({ length: 150 }, (_, i) => ({ type: 'person', name: `Concurrent Person ${i}` }));
    const replies = await Promise.all(Array.from({ length: 20 }, () => submit(apiKey, key, items)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(202));
    const jobIds = new Set(replies.map((r) => r.body.jobId));
    expect(jobIds.size).toBe(1);
    const [jobId] = jobIds;
    const job = await completed(apiKey, jobId);
    expect(job.completedItems).toBe(150);
    expect(await jobCount(orgId)).toBe(1);
    expect(await ledger(orgId)).toHaveLength(150);
    const batchIds = await listedBatchWorkflowIds(orgId);
    expect(batchIds).toHaveLength(1);
    expect(batchIds[0]).toMatch(new RegExp(`^batch/${orgId}/[0-9a-f]{32}$`));
  });

  it('admits 20 concurrent submissions of one key on a capped plan whose allowance fits the batch exactly once', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
    const period = billingPeriod(new Date());
    // 8 valid items and exactly 8 units left: a second reservation for the key would not fit and answer 402.
    await preloadScreens(gw.pool, orgId, period, 492);
    const key = randomUUID();
    const items = [
      ...Array.from({ length: 8 }, (_, i) => ({ type: 'person', name: `Capped Concurrent ${i}` })),
      { type: 'person' },
      'not an entity',
    ];
    const replies = await Promise.all(Array.from({ length: 20 }, () => submit(apiKey, key, items)));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(202));
    const jobIds = new Set(replies.map((r) => r.body.jobId));
    expect(jobIds.size).toBe(1);
    const [jobId] = jobIds;
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    const job = await completed(apiKey, jobId);
    expect(job).toMatchObject({ totalItems: 10, completedItems: 8, failedItems: 2 });
    expect(await jobCount(orgId)).toBe(1);
    expect(await ledger(orgId)).toEqual(Array.from({ length: 8 }, (_, i) => `${jobId}:${i}`).sort());
    expect(await screenCalls(apiKey)).toBe(500);
    const { rows } = await gw.pool.query('SELECT count(*)::int AS n FROM allowance_reservations WHERE org_id = $1', [orgId]);
    expect(rows[0].n).toBe(0);
  });

  it('returns the job id to a resubmission once its batch used up a capped allowance; a new key gets 402', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
    await preloadScreens(gw.pool, orgId, billingPeriod(new Date()), 497);
    const key = randomUUID();
    const first = await submit(apiKey, key, [listed, clear, organization]);
    expect(first.status).toBe(202);
    await completed(apiKey, first.body.jobId);
    const ledgerAfterJob = await ledger(orgId);
    expect(ledgerAfterJob).toHaveLength(3);
    expect(await screenCalls(apiKey)).toBe(500);

    const again = await submit(apiKey, key, [listed, clear, organization]);
    expect(again).toMatchObject({ status: 202, body: { jobId: first.body.jobId } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const newKey = await submit(apiKey, randomUUID(), [clear]);
    expect(newKey.status).toBe(402);
    expect(newKey.body.code).toBe('api_allowance_reached');

    await new Promise((r) => setTimeout(r, 500));
    expect(await ledger(orgId)).toEqual(ledgerAfterJob);
    expect(await screenCalls(apiKey)).toBe(500);
    expect(await jobCount(orgId)).toBe(1);
  });

  it('starts again a job whose workflow was terminated, when its key is resubmitted, with the stored item count', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const key = randomUUID();
    const invalid = { code: 'invalid_request' as const, message: 'invalid', fields: { name: ['required'] } };
    // A job whose run started, took it to processing, and was then terminated by an operator.
    const job = await submitBatchOnce(gw.pool, {
      orgId,
      plan: 'medium',
      period: billingPeriod(new Date()),
      idempotencyKey: key,
      items: [
        { item: listed, error: null },
        { item: clear, error: null },
        { item: { type: 'person' }, error: invalid },
      ],
    });
    await startBatchWorkflow(worker.client, `parked-${randomUUID()}`, { jobId: job.jobId, orgId, idempotencyKey: key, totalItems: 3 });
    await gw.pool.query("UPDATE batch_jobs SET state = 'processing', started_at = now() WHERE id = $1 AND org_id = $2", [job.jobId, orgId]);
    const handle = worker.client.workflow.getHandle(batchWorkflowId(orgId, idempotencyKeyHash(key)));
    await handle.terminate('test: a run lost mid-job');

    // A different body under the used key: the job keeps its own items, and the summary counts them.
    const again = await submit(apiKey, key, [clear]);
    expect(again).toMatchObject({ status: 202, body: { jobId: job.jobId } });
    const done = await completed(apiKey, job.jobId);
    expect(done).toMatchObject({ totalItems: 3, completedItems: 2, failedItems: 1 });
    expect(await ledger(orgId)).toHaveLength(2);
    // The job reads completed before the workflow sends batch_completed and closes.
    let latest = await handle.describe();
    for (
      const deadline = Date.now() + 15_000;
      latest.status.name === 'RUNNING' && Date.now() < deadline;
      latest = await handle.describe()
    ) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(latest.status.name).toBe('COMPLETED');
    expect(await latest.staticSummary()).toBe(`batch ${job.jobId}: 3 items`);
  });

  it('refuses a batch whose valid items exceed what is left of a capped allowance: 402, nothing written', async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'small');
    await preloadScreens(gw.pool, orgId, billingPeriod(new Date()), 495);
    const tooMany = await submit(
      apiKey,
      randomUUID(),
      Array.from({ length: 6 }, () => clear),
    );
    expect(tooMany.status).toBe(402);
    expect(tooMany.body.code).toBe('api_allowance_reached');
    expect(await jobCount(orgId)).toBe(0);
    // Invalid items take no allowance: five valid ones and an invalid one fit.
    const fits = await submit(apiKey, randomUUID(), [...Array.from({ length: 5 }, () => clear), { type: 'person' }]);
    expect(fits.status).toBe(202);
    const job = await completed(apiKey, fits.body.jobId);
    expect(job).toMatchObject({ completedItems: 5, failedItems: 1 });
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(500);
    const { rows } = await gw.pool.query('SELECT count(*)::int AS n FROM allowance_reservations WHERE org_id = $1 AND amount > 0', [orgId]);
    expect(rows[0].n).toBe(0);
  });

  it('delivers batch_completed to the organization endpoint', async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const endpoint = await call(gw.url, 'POST', '/v1/webhook-endpoints', {
      apiKey,
      body: { url: receiver.url, events: ['batch_completed'] },
    });
    receiver.secret = endpoint.body.secret;
    const reply = await submit(apiKey, randomUUID(), [listed, clear, { type: 'person' }]);
    const job = await completed(apiKey, reply.body.jobId);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery.verification.ok).toBe(true);
    const body = JSON.parse(delivery.rawBody.toString('utf8'));
    expect(schemaErrors('WebhookEvent', body)).toBeNull();
    expect(body).toMatchObject({
      type: 'batch_completed',
      data: { jobId: job.jobId, totalItems: 3, completedItems: 2, failedItems: 1, potentialMatchItems: 1, completedAt: job.completedAt },
    });
  });
});

describe('GET /v1/batch/{jobId}', () => {
  it("answers 404 for another organization's job, an unknown id and a malformed id", async () => {
    const owner = await createOrgWithKey(gw.pool, 'medium');
    const reply = await submit(owner.apiKey, randomUUID(), [clear]);
    const other = await createOrgWithKey(gw.pool, 'medium');
    for (const id of [reply.body.jobId, randomUUID(), 'not-a-job']) {
      const got = await call(gw.url, 'GET', `/v1/batch/${id}`, { apiKey: other.apiKey });
      expect({ status: got.status, code: got.body.code }).toEqual({ status: 404, code: 'not_found' });
    }
    expect((await call(gw.url, 'GET', `/v1/batch/${reply.body.jobId}`, { apiKey: owner.apiKey })).status).toBe(200);
  });
});
