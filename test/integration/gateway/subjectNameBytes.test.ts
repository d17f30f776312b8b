import { randomUUID } from 'node:crypto';
import { MAX_SUBJECT_NAME_BYTES } from '../../../gateway/openapi/nameBytes';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from './support/stack';

/**
 * A subject's names together are bounded in UTF-8 bytes, on every endpoint that takes a
 * subject: 51 names of 255 four-byte characters are within the character bounds, yet about
 * 52 KB each, and a re-screen packs hundreds of subjects into one matcher call.
 */
let gw: InProcessGateway;
let apiKey: string;
let orgId: string;

const fourByteName = '\u{1D504}'.repeat(255); // 255 characters, 1020 bytes
const heavyPerson = { type: 'person', name: fourByteName, aliases: Array.from({ length: 50 }, () => fourByteName) };
const heavyOrganization = { type: 'organization', legalName: fourByteName, aliases: Array.from({ length: 50 }, () => fourByteName) };
// The longest ASCII subject the character bounds allow: 51 × 255 bytes, within the byte bound.
const longestAsciiPerson = {
  type: 'person',
  name: 'Jane Q Public'.padEnd(255, 'x'),
  aliases: Array.from({ length: 50 }, (_, i) => `Alias ${i}`.padEnd(255, 'y')),
};

beforeAll(async () => {
  gw = await startInProcessGateway({ redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}namebytes:${randomUUID()}:` });
  ({ apiKey, orgId } = await createOrgWithKey(gw.pool, 'enterprise'));
});
afterAll(async () => {
  await gw.close();
});

function expectNameBytesRefusal(fields: Record<string, string[]>, nameField: string): void {
  expect(Object.keys(fields).sort()).toEqual(['aliases', nameField].sort());
  for (const reasons of Object.values(fields)) expect(reasons.join(' ')).toMatch(new RegExp(`at most ${MAX_SUBJECT_NAME_BYTES} bytes`));
}

describe("the bound on a subject's name bytes in the served document", () => {
  it('is stated on both entity variants', async () => {
    const doc = (await call(gw.url, 'GET', '/v1/openapi.json')).body;
    for (const [schema, nameField] of [
      ['PersonEntity', 'name'],
      ['OrganizationEntity', 'legalName'],
    ]) {
      expect(doc.components.schemas[schema]['x-max-name-bytes']).toEqual({ limit: MAX_SUBJECT_NAME_BYTES, fields: [nameField, 'aliases'] });
      expect(doc.components.schemas[schema].description).toContain(`${MAX_SUBJECT_NAME_BYTES} bytes`);
    }
  });
});

describe('POST /v1/screen', () => {
  it('refuses a person and an organization whose names together exceed the bound, naming the fields, and meters nothing', async () => {
    const person = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: heavyPerson });
    expect(person.status).toBe(400);
    expect(person.body.code).toBe('invalid_request');
    expect(typeof person.body.message).toBe('string');
    expectNameBytesRefusal(person.body.fields, 'name');
    const organization = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: heavyOrganization });
    expect(organization.status).toBe(400);
    expectNameBytesRefusal(organization.body.fields, 'legalName');
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(0);
  });

  it('screens the longest ASCII subject the character bounds allow', async () => {
    const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: longestAsciiPerson });
    expect(reply.status).toBe(200);
  });
});

describe('POST /v1/batch', () => {
  it("turns an item over the bound into that item's error result; the batch is accepted", async () => {
    const reply = await call(gw.url, 'POST', '/v1/batch', {
      apiKey,
      headers: { 'idempotency-key': randomUUID() },
      body: { items: [longestAsciiPerson, heavyPerson] },
    });
    expect(reply.status).toBe(202);
    const { rows } = await gw.pool.query<{
      idx: number;
      outcome: string | null;
      error: { code: string; fields: Record<string, string[]> } | null;
    }>('SELECT idx, outcome, error FROM batch_items WHERE job_id = $1 ORDER BY idx', [reply.body.jobId]);
    expect(rows.map((r) => r.outcome)).toEqual([null, 'error']);
    expect(rows[1].error!.code).toBe('invalid_request');
    expectNameBytesRefusal(rows[1].error!.fields, 'name');
  });
});

describe('PUT /v1/monitor', () => {
  it('refuses a subject over the bound and enrolls nothing', async () => {
    const reply = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: heavyOrganization });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_request');
    expectNameBytesRefusal(reply.body.fields, 'legalName');
    const { rowCount } = await gw.pool.query('SELECT 1 FROM monitored_records WHERE org_id = $1', [orgId]);
    expect(rowCount).toBe(0);
  });
});
