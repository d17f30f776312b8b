import { randomUUID } from 'node:crypto';
import { SUBJECT_TEXT_PATTERN } from '../../../gateway/openapi/schemas';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from './support/stack';
import { responseErrors } from './support/contract';
import { startTestWorker, type TestWorker } from '../support/worker';

/**
 * A subject's names and text fields hold no control character and no unpaired UTF-16
 * surrogate. PostgreSQL jsonb refuses U+0000 and lone surrogates, so before this rule such a
 * batch item failed the whole batch with 500 on every retry, and PUT /monitor failed with 500
 * after its screening had run. Now: 400 on /screen and /monitor, an `error` result in a batch.
 */
let gw: InProcessGateway;
let worker: TestWorker;

const REASON = /control characters or unpaired UTF-16 surrogates/;
// The item of the issue: a control character and a lone high surrogate in the npi.
const issueItem = { type: 'person', name: 'Jane Q Public', npi: '\u00c5\u000e12\udb1234567' };
const valid = { type: 'person', name: 'Jane Q Public', npi: '1234567890', state: 'TX' };

/** One bad string in each text field of a subject, with the field the 400 must name. */
const badSubjects: Array<[string, Record<string, unknown>, string]> = [
  ['U+0000 in name', { type: 'person', name: 'Jane\u0000Public' }, 'name'],
  ['a lone high surrogate in name', { type: 'person', name: 'Jane \udb12 Public' }, 'name'],
  ['a lone low surrogate in legalName', { type: 'organization', legalName: 'Acme \udc00 LLC' }, 'legalName'],
  ['a line break in legalName', { type: 'organization', legalName: 'Acme\nHome Health' }, 'legalName'],
  ['a tab in an alias', { type: 'person', name: 'Jane Public', aliases: ['Jane\tQ'] }, 'aliases[0]'],
  ['a C1 control in providerType', { type: 'person', name: 'Jane Public', providerType: 'Nurse\u0085' }, 'providerType'],
  ["the issue's npi", issueItem, 'npi'],
  ['DEL in state', { type: 'organization', legalName: 'Acme LLC', state: 'T\u007f' }, 'state'],
];

beforeAll(async () => {
  gw = await startInProcessGateway({ redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}subjecttext:${randomUUID()}:` });
  worker = await startTestWorker({ pool: gw.pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await gw?.close();
});

async function usage(apiKey: string): Promise<{ screenCalls: number; recordMonths: number }> {
  return (await call(gw.url, 'GET', '/v1/usage', { apiKey })).body;
}

describe('the rule in the served document', () => {
  it('is a pattern on every text field of both subjects', async () => {
    const schemas = (await call(gw.url, 'GET', '/v1/openapi.json')).body.components.schemas;
    const person = schemas.PersonEntity.properties;
    const organization = schemas.OrganizationEntity.properties;
    for (const field of [
      person.npi,
      person.state,
      person.providerType,
      person.aliases.items,
      organization.npi,
      organization.state,
      organization.aliases.items,
    ]) {
      expect(field.pattern).toBe(SUBJECT_TEXT_PATTERN);
    }
    for (const field of [person.name, organization.legalName]) expect(field.allOf).toEqual([{ pattern: SUBJECT_TEXT_PATTERN }]);
  });
});

describe('POST /v1/screen', () => {
  it.each(badSubjects)('refuses %s with 400 naming the field, and meters nothing', async (_label, subject, field) => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: subject });
    expect(reply.status).toBe(400);
    expect(responseErrors('/screen', 'post', 400, reply.body)).toBeNull();
    expect(reply.body.code).toBe('invalid_request');
    expect(Object.keys(reply.body.fields)).toEqual([field]);
    expect(reply.body.fields[field].join(' ')).toMatch(REASON);
    expect((await usage(apiKey)).screenCalls).toBe(0);
  });

  it('screens names with characters outside the BMP (surrogate pairs) and accents', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const reply = await call(gw.url, 'POST', '/v1/screen', {
      apiKey,
      body: { type: 'person', name: 'Åsa \u{1D504}\u{1F600} Öberg', aliases: ['Zoë'] },
    });
    expect(reply.status).toBe(200);
  });
});

describe('PUT /v1/monitor', () => {
  it("refuses the issue's subject with 400 naming npi: no record, no record-month, no workflow", async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'enterprise');
    const reply = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: issueItem });
    expect(reply.status).toBe(400);
    expect(responseErrors('/monitor', 'put', 400, reply.body)).toBeNull();
    expect(reply.body.fields.npi.join(' ')).toMatch(REASON);
    expect((await gw.pool.query('SELECT 1 FROM monitored_records WHERE org_id = $1', [orgId])).rowCount).toBe(0);
    expect((await gw.pool.query('SELECT 1 FROM usage_events WHERE org_id = $1', [orgId])).rowCount).toBe(0);
    const runs: string[] = [];
    for await (const run of worker.client.workflow.list({ query: `OrgId = "${orgId}"` })) runs.push(run.workflowId);
    expect(runs).toEqual([]);
  });
});

describe('POST /v1/batch', () => {
  it("accepts a batch holding the issue's item and one with U+0000 in a key: each becomes an error result, the rest is screened", async () => {
    const { apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium');
    const withNulKey = { type: 'person', name: 'Jane Public', 'x\u0000': 1 };
    const items = [valid, issueItem, withNulKey, ...badSubjects.map(([, subject]) => subject)];
    const submitted = await call(gw.url, 'POST', '/v1/batch', { apiKey, headers: { 'idempotency-key': randomUUID() }, body: { items } });
    expect(submitted.status).toBe(202);
    const deadline = Date.now() + 60_000;
    let job;
    for (;;) {
      job = (await call(gw.url, 'GET', `/v1/batch/${submitted.body.jobId}`, { apiKey })).body;
      if (job.state === 'completed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job.state).toBe('completed');
    expect(responseErrors('/batch/{jobId}', 'get', 200, job)).toBeNull();
    expect([job.totalItems, job.completedItems, job.failedItems]).toEqual([items.length, 1, items.length - 1]);
    expect(job.results.map((r: { outcome: string }) => r.outcome)).toEqual(['completed', ...Array(items.length - 1).fill('error')]);
    expect(job.results[1].error.fields.npi.join(' ')).toMatch(REASON);
    expect(job.results[2].error.fields['x\\u0000']).toEqual(['unknown field']);
    // The refused item is kept, in a form jsonb holds: what jsonb refuses is written out as its escape.
    const stored = await gw.pool.query<{ item: Record<string, unknown> }>('SELECT item FROM batch_items WHERE job_id = $1 AND idx = 1', [
      submitted.body.jobId,
    ]);
    expect(stored.rows[0].item).toEqual({ ...issueItem, npi: '\u00c5\u000e12\\udb1234567' });
    // Only the completed item is metered.
    expect((await usage(apiKey)).screenCalls).toBe(1);
    expect((await gw.pool.query("SELECT 1 FROM usage_events WHERE org_id = $1 AND kind = 'batch_item'", [orgId])).rowCount).toBe(1);
  });
});
