import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { billingPeriod } from '../../../activities/metering/period';
import { revokeApiKey } from '../../../gateway/auth/apiKeys';
import { setOrganizationPlan, setOrganizationState } from '../../../gateway/orgs/organizations';
import { openApiDocument } from '../../../gateway/openapi/document';
import {
  awaitFreshWindow,
  call,
  createOrgWithKey,
  freePort,
  preloadScreens,
  startInProcessGateway,
  type InProcessGateway,
  type Reply,
} from './support/stack';
import { documentedHeaders, responseErrors, schemaErrors } from './support/contract';

/**
 * Acceptance of the v1 contract against a running gateway (real PostgreSQL, Redis, Temporal,
 * matcher): each success response validated against the OpenAPI document, each row of the
 * contract's error table triggered.
 */
let gw: InProcessGateway;
const person = {
  type: 'person',
  name: 'Jane Q Public',
  dateOfBirth: '1970-01-31',
  npi: '1234567890',
  state: 'TX',
  providerType: 'Nurse',
  aliases: ['Jane Public'],
};
const organization = { type: 'organization', legalName: 'Acme Home Health LLC', npi: '1234567893', state: 'CA' };

beforeAll(async () => {
  gw = await startInProcessGateway({ redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}contract:${randomUUID()}:` });
});
afterAll(async () => {
  await gw.close();
});

function expectDocumented(path: string, method: string, reply: Reply): void {
  expect(responseErrors(path, method, reply.status, reply.body)).toBeNull();
}

function expectError(path: string, method: string, reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
  expect(typeof reply.body.message).toBe('string');
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  expectDocumented(path, method, reply);
}

async function screenCalls(apiKey: string): Promise<number> {
  const usage = await call(gw.url, 'GET', '/v1/usage', { apiKey });
  return usage.body.screenCalls;
}

describe('GET /v1/openapi.json', () => {
  it('serves the OpenAPI 3.1 document without a key', async () => {
    const reply = await call(gw.url, 'GET', '/v1/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(Object.keys(reply.body.paths)).toEqual(
      expect.arrayContaining(['/screen', '/batch', '/batch/{jobId}', '/monitor', '/monitor/{id}', '/lists', '/usage', '/public/lookup']),
    );
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(openApiDocument)));
  });
});

describe('GET /healthz, GET /readyz and GET /health/dependencies', () => {
  it('reports the process up, ready, and every dependency ok', async () => {
    expect((await call(gw.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(gw.url, 'GET', '/readyz')).body).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
    // Probes poll: the first one may find connections still being opened on a busy machine.
    let health = await call(gw.url, 'GET', '/health/dependencies');
    for (let i = 0; i < 30 && health.body.status !== 'ok'; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      health = await call(gw.url, 'GET', '/health/dependencies');
    }
    expect(health.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', temporal: 'ok', matcher: 'ok' } });
  });
  // A dependency down: test/integration/gateway/degradedDependencies.test.ts.
});

describe('X-Request-Id', () => {
  it('is returned as sent, or generated when absent', async () => {
    const sent = await call(gw.url, 'GET', '/v1/openapi.json', { headers: { 'x-request-id': 'req-123' } });
    expect(sent.headers.get('x-request-id')).toBe('req-123');
    const generated = await call(gw.url, 'GET', '/v1/openapi.json');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /v1/screen', () => {
  it('screens a person and an organization; each call is metered once', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    for (const entity of [person, organization]) {
      const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: entity });
      expect(reply.status).toBe(200);
      expectDocumented('/screen', 'post', reply);
      expect(reply.body.status).toBe('clear');
      for (const header of documentedHeaders('/screen', 'post', 200)) expect(reply.headers.get(header)).not.toBeNull();
    }
    expect(await screenCalls(apiKey)).toBe(2);
  });

  it('returns the stored response to a retry with the same Idempotency-Key and does not meter it again', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const headers = { 'idempotency-key': `op-${randomUUID()}` };
    const first = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers });
    const reordered = Object.fromEntries(Object.entries(person).reverse());
    const retry = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: reordered, headers });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await screenCalls(apiKey)).toBe(1);
  });

  it('refuses the same Idempotency-Key with a different body with 400 naming the header', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const headers = { 'idempotency-key': `op-${randomUUID()}` };
    await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers });
    const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: { ...person, name: 'Someone Else' }, headers });
    expectError('/screen', 'post', reply, 400, 'invalid_request');
    expect(Object.keys(reply.body.fields)).toEqual(['Idempotency-Key']);
    expect(await screenCalls(apiKey)).toBe(1);
  });

  it('refuses an Idempotency-Key sent empty or longer than the documented maximum with 400 naming the header, and meters nothing', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const schema = openApiDocument.paths['/screen'].post.parameters[0] as {
      name: string;
      schema: { minLength: number; maxLength: number };
    };
    expect([schema.name, schema.schema.minLength, schema.schema.maxLength]).toEqual(['Idempotency-Key', 1, 255]);
    for (const [key, reason] of [
      ['', 'must have at least 1 character'],
      ['k'.repeat(256), 'must have at most 255 characters'],
    ]) {
      const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': key } });
      expectError('/screen', 'post', reply, 400, 'invalid_request');
      expect(reply.body.fields).toEqual({ 'Idempotency-Key': [reason] });
    }
    const longest = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers: { 'idempotency-key': 'k'.repeat(255) } });
    expect([longest.status, longest.headers.get('idempotency-key')]).toEqual([200, 'k'.repeat(255)]);
    expect(await screenCalls(apiKey)).toBe(1);
  });

  it('generates a key when none is sent, so each call counts once', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const a = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person });
    const b = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person });
    expect(a.headers.get('idempotency-key')).not.toEqual(b.headers.get('idempotency-key'));
    expect(await screenCalls(apiKey)).toBe(2);
  });
});

describe('400 invalid_request', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createOrgWithKey(gw.pool, 'enterprise'));
  });

  const cases: Array<[string, unknown, Record<string, RegExp>]> = [
    ['an unknown field', { ...person, nickname: 'JJ' }, { nickname: /unknown field/ }],
    ['the removed person name fields', { type: 'person', firstName: 'Jane', lastName: 'Public', suffix: 'Jr' }, { name: /removed/ }],
    ['a missing type', { name: 'Jane' }, { type: /required/ }],
    ['an unknown type', { type: 'vessel', name: 'Jane' }, { type: /person/ }],
    ['a name over 255 characters', { type: 'person', name: 'x'.repeat(256) }, { name: /at most 255/ }],
    ['an empty legalName', { type: 'organization', legalName: '' }, { legalName: /at least 1/ }],
    ['a name of spaces only', { type: 'person', name: '   ' }, { name: /non-space/ }],
    ['51 aliases', { ...person, aliases: Array.from({ length: 51 }, (_, i) => `a${i}`) }, { aliases: /at most 50/ }],
    ['a 9-character npi', { ...person, npi: '123456789' }, { npi: /at least 10/ }],
    ['a 3-character state', { ...person, state: 'TEX' }, { state: /at most 2/ }],
    ['a date of birth not in YYYY-MM-DD', { ...person, dateOfBirth: '01/31/1970' }, { dateOfBirth: /YYYY-MM-DD/ }],
  ];

  it.each(cases)('refuses %s and names the field', async (_label, body, expected) => {
    const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body });
    expectError('/screen', 'post', reply, 400, 'invalid_request');
    for (const [field, reason] of Object.entries(expected)) expect(reply.body.fields[field].join(' ')).toMatch(reason);
  });

  it('refuses malformed JSON', async () => {
    const reply = await call(gw.url, 'POST', '/v1/screen', {
      apiKey,
      rawBody: '{"type": "person",',
      headers: { 'content-type': 'application/json' },
    });
    expectError('/screen', 'post', reply, 400, 'invalid_request');
    expect(reply.body.fields.body[0]).toMatch(/malformed JSON/);
  });

  it('refuses a content type other than JSON', async () => {
    const reply = await call(gw.url, 'POST', '/v1/screen', {
      apiKey,
      rawBody: 'name=Jane',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError('/screen', 'post', reply, 400, 'invalid_request');
    expect(reply.body.fields['Content-Type'][0]).toMatch(/application\/json/);
  });

  it('refuses a batch without Idempotency-Key, and batches of 0 or 2001 items', async () => {
    const missingKey = await call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items: [person] } });
    expectError('/batch', 'post', missingKey, 400, 'invalid_request');
    expect(missingKey.body.fields['Idempotency-Key']).toEqual(['required header']);
    const emptyKey = await call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items: [person] }, headers: { 'idempotency-key': '' } });
    expectError('/batch', 'post', emptyKey, 400, 'invalid_request');
    expect(emptyKey.body.fields).toEqual({ 'Idempotency-Key': ['must have at least 1 character'] });
    const longKey = await call(gw.url, 'POST', '/v1/batch', {
      apiKey,
      body: { items: [person] },
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    expectError('/batch', 'post', longKey, 400, 'invalid_request');
    expect(longKey.body.fields).toEqual({ 'Idempotency-Key': ['must have at most 255 characters'] });
    const headers = { 'idempotency-key': randomUUID() };
    const empty = await call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items: [] }, headers });
    expect(empty.body.fields.items).toEqual(['must have at least 1 item']);
    const tooMany = await call(gw.url, 'POST', '/v1/batch', {
      apiKey,
      body: { items: Array.from({ length: 2001 }, () => person) },
      headers,
    });
    expect(tooMany.body.fields.items).toEqual(['must have at most 2000 items']);
    // An invalid item does not fail the request: it becomes that item's error result (test/integration/batch).
  });

  it('records no usage for refused calls', async () => {
    expect(await screenCalls(apiKey)).toBe(0);
  });
});

describe('POST /v1/batch items, as the document describes them', () => {
  // What a fuzzer or a generated client reads: the request schema, with its refs.
  const requestBody = openApiDocument.paths['/batch'].post.requestBody as { content: Record<string, { schema: { $ref: string } }> };
  const requestSchema = requestBody.content['application/json'].schema.$ref.split('/').pop();
  const invalidItems = [42, 'not an entity', null, [], { type: 'vessel', name: 'Jane' }, { type: 'person' }, { ...person, nickname: 'JJ' }];

  it('accepts any item in the request schema and names Entity as the schema each item is validated against', () => {
    expect(requestSchema).toBe('BatchRequest');
    expect(schemaErrors('BatchRequest', { items: [person, ...invalidItems] })).toBeNull();
    expect(schemaErrors('BatchRequest', { items: [] })).not.toBeNull();
    expect(schemaErrors('BatchRequest', { items: Array.from({ length: 2001 }, () => person) })).not.toBeNull();
    expect(schemaErrors('BatchRequest', { items: [person], extra: 1 })).not.toBeNull();
    expect((openApiDocument.components.schemas.BatchItem as Record<string, unknown>)['x-validated-against']).toBe(
      '#/components/schemas/Entity',
    );
    for (const item of invalidItems) expect(schemaErrors('Entity', item)).not.toBeNull();
    expect(schemaErrors('Entity', person)).toBeNull();
  });

  it('accepts a request the request schema accepts, and makes each item invalid against Entity an error result', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const items = [person, ...invalidItems, organization];
    const reply = await call(gw.url, 'POST', '/v1/batch', { apiKey, headers: { 'idempotency-key': randomUUID() }, body: { items } });
    expect(reply.status).toBe(202);
    expectDocumented('/batch', 'post', reply);
    const { rows } = await gw.pool.query<{ outcome: string | null }>('SELECT outcome FROM batch_items WHERE job_id = $1 ORDER BY idx', [
      reply.body.jobId,
    ]);
    expect(rows.map((r) => r.outcome)).toEqual(items.map((item) => (schemaErrors('Entity', item) ? 'error' : null)));
  });
});

describe('413 payload_too_large', () => {
  it('refuses a screen body over 1 MB and a batch body over 4 MB in the error shape', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const screen = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: { ...person, providerType: 'x'.repeat(1024 * 1024) } });
    expectError('/screen', 'post', screen, 413, 'payload_too_large');
    const batch = await call(gw.url, 'POST', '/v1/batch', {
      apiKey,
      headers: { 'idempotency-key': randomUUID() },
      body: { items: Array.from({ length: 2000 }, () => ({ ...person, providerType: 'x'.repeat(2100) })) },
    });
    expectError('/batch', 'post', batch, 413, 'payload_too_large');
  });

  it('accepts a full batch of 2000 items with 255-character names', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const items = Array.from({ length: 2000 }, () => ({ type: 'person', name: 'n'.repeat(255), aliases: ['a'.repeat(255)] }));
    const reply = await call(gw.url, 'POST', '/v1/batch', { apiKey, headers: { 'idempotency-key': randomUUID() }, body: { items } });
    expect(reply.status).toBe(202);
    expectDocumented('/batch', 'post', reply);
  });
});

describe('401 unauthorized', () => {
  it('refuses a missing, malformed, unknown or revoked key', async () => {
    const { apiKey, keyId } = await createOrgWithKey(gw.pool, 'small');
    await revokeApiKey(gw.pool, keyId);
    const unknown = apiKey.replace(/_[^_]+$/, `_${'A'.repeat(43)}`);
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-key' },
      { authorization: `Bearer ${unknown}` },
      { authorization: `Bearer ${apiKey}` },
    ];
    for (const headers of variants) {
      const reply = await call(gw.url, 'GET', '/v1/usage', { headers });
      expectError('/usage', 'get', reply, 401, 'unauthorized');
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    }
  });
});

describe('402 allowance reached', () => {
  const period = billingPeriod(new Date());

  it('refuses POST /screen with single_screening_allowance_reached once a Small plan used its 500 calls, naming the reset date and bigger plans', async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'small');
    await preloadScreens(gw.pool, orgId, period, 500);
    const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person });
    expectError('/screen', 'post', reply, 402, 'single_screening_allowance_reached');
    const [y, m] = period.split('-').map(Number);
    expect(reply.body.allowance.resetsOn).toBe(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10));
    expect(reply.body.message).toContain(reply.body.allowance.resetsOn);
    expect(reply.body.allowance.plansWithMoreRoom.map((p: { plan: string }) => p.plan)).toEqual(['medium', 'large', 'enterprise']);
    expect(await screenCalls(apiKey)).toBe(500);
  });

  it('refuses POST /batch and PUT /monitor with api_allowance_reached; reads continue', async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'trial');
    await preloadScreens(gw.pool, orgId, period, 1000);
    const batch = await call(gw.url, 'POST', '/v1/batch', {
      apiKey,
      headers: { 'idempotency-key': randomUUID() },
      body: { items: [person] },
    });
    expectError('/batch', 'post', batch, 402, 'api_allowance_reached');
    const monitor = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: person });
    expectError('/monitor', 'put', monitor, 402, 'api_allowance_reached');
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey })).status).toBe(200);
  });

  it('still returns the stored response to a retry of a screen answered before the allowance ran out', async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'medium');
    await preloadScreens(gw.pool, orgId, period, 4999);
    const headers = { 'idempotency-key': `op-${randomUUID()}` };
    const last = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers });
    expect(last.status).toBe(200);
    const retry = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person, headers });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(last.body);
    const fresh = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person });
    expect(fresh.status).toBe(402);
    expect(await screenCalls(apiKey)).toBe(5000);
  });

  it('lets a Large plan continue past its 25,000 included calls and bills the excess', async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'large');
    await preloadScreens(gw.pool, orgId, period, 25_000);
    const reply = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person });
    expect(reply.status).toBe(200);
    const usage = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(usage.body.screenCalls).toBe(25_001);
    expect(usage.body.price).toEqual({
      screenCallCents: 25_001 * 6,
      recordMonthCents: 0,
      subtotalCents: 25_001 * 6,
      platformMinimumCents: 150_000,
      totalCents: 25_001 * 6,
      minimumApplied: false,
    });
  });
});

describe('403 forbidden', () => {
  it('refuses writes and screenings of a read-only organization; its reads continue', async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'medium');
    await setOrganizationState(gw.pool, orgId, 'read_only');
    const writes: Array<[string, string, string, unknown, Record<string, string>?]> = [
      ['POST', '/v1/screen', '/screen', person],
      ['POST', '/v1/batch', '/batch', { items: [person] }, { 'idempotency-key': randomUUID() }],
      ['PUT', '/v1/monitor', '/monitor', person],
      ['DELETE', `/v1/monitor/${randomUUID()}`, '/monitor/{id}', undefined],
    ];
    for (const [method, url, path, body, headers] of writes) {
      const reply = await call(gw.url, method, url, { apiKey, body, headers });
      expectError(path, method, reply, 403, 'forbidden');
    }
    const usage = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(usage.status).toBe(200);
    await setOrganizationState(gw.pool, orgId, 'active');
    expect((await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person })).status).toBe(200);
  });
});

describe('404 not_found', () => {
  it('answers unknown routes, with or without a key, and a monitored-record id that cannot exist', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const unknownApi = await call(gw.url, 'GET', '/v1/nothing-here', { apiKey });
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body.code).toBe('not_found');
    const outside = await call(gw.url, 'GET', '/nothing-here');
    expect([outside.status, outside.body.code]).toEqual([404, 'not_found']);
    const badId = await call(gw.url, 'DELETE', '/v1/monitor/not-a-record', { apiKey });
    expectError('/monitor/{id}', 'delete', badId, 404, 'not_found');
  });
});

describe('405 method_not_allowed', () => {
  const cases: Array<[string, string, string]> = [
    ['TRACE', '/v1/screen', 'POST'],
    ['PATCH', '/v1/screen', 'POST'],
    ['PATCH', '/v1/batch/00000000-0000-0000-0000-000000000000', 'GET'],
    ['PATCH', '/v1/monitor', 'GET, PUT'],
    ['POST', `/v1/monitor/${'0'.repeat(8)}-0000-0000-0000-000000000000`, 'GET, DELETE'],
    ['PATCH', '/v1/webhook-endpoints', 'GET, POST'],
    ['TRACE', '/v1/openapi.json', 'GET'],
  ];

  /** Through node:http: fetch refuses TRACE. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function send(method: string, url: string, apiKey?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
    return new Promise((resolve, reject) => {
      const req = http.request(gw.url + url, { method, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it.each(cases)('answers %s %s with 405, Allow and the error shape, with or without a key', async (method, url, allow) => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    for (const key of [apiKey, undefined]) {
      const reply = await send(method, url, key);
      expect({ status: reply.status, code: reply.body?.code, allow: reply.headers.allow }).toEqual({
        status: 405,
        code: 'method_not_allowed',
        allow,
      });
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.body.message).toContain(method);
      const documented = openApiDocument.components.responses.MethodNotAllowed as { headers: Record<string, unknown> };
      expect(Object.keys(documented.headers)).toContain('Allow');
      expect(schemaErrors('Error', reply.body)).toBeNull();
    }
  });

  it('leaves unknown paths to 404', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const reply = await call(gw.url, 'PATCH', '/v1/nothing-here', { apiKey });
    expect([reply.status, reply.body.code, reply.headers.get('allow')]).toEqual([404, 'not_found', null]);
  });
});

describe('429 rate_limited', () => {
  it("admits a Trial key's 30 requests in a minute, then refuses with an integer Retry-After named in the message", async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'trial');
    await awaitFreshWindow(gw.redis, 15_000);
    const statuses: number[] = [];
    let refused: Reply | undefined;
    for (let i = 0; i < 33; i++) {
      const reply = await call(gw.url, 'GET', '/v1/usage', { apiKey });
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
    expectError('/usage', 'get', refused!, 429, 'rate_limited');
    const retryAfter = refused!.headers.get('retry-after')!;
    expect(retryAfter).toMatch(/^[0-9]+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(refused!.body.message).toContain(`${retryAfter} second`);
  });

  it('resolves the burst limit from the plan on every call', async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'small');
    const before = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(before.headers.get('x-ratelimit-limit')).toBe('30');
    expect(before.body.price.platformMinimumCents).toBe(5_000);
    await setOrganizationPlan(gw.pool, orgId, 'enterprise');
    const after = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(after.headers.get('x-ratelimit-limit')).toBe('600');
    expect(after.body.price.platformMinimumCents).toBe(500_000);
  });
});

describe('5xx', () => {
  it('answers 503 service_unavailable when the matcher is down, and meters nothing', async () => {
    const down = await startInProcessGateway({ matcherUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      const { apiKey } = await createOrgWithKey(down.pool, 'medium');
      const reply = await call(down.url, 'POST', '/v1/screen', { apiKey, body: person });
      expectError('/screen', 'post', reply, 503, 'service_unavailable');
      expect(reply.body.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
      expect((await call(down.url, 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('answers 500 internal_error as JSON without internals', async () => {
    const broken = await startInProcessGateway({
      buildCoverageView: async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:42');
      },
    });
    try {
      const { apiKey } = await createOrgWithKey(broken.pool, 'medium');
      const reply = await call(broken.url, 'GET', '/v1/lists', { apiKey });
      expectError('/lists', 'get', reply, 500, 'internal_error');
      expect(JSON.stringify(reply.body)).not.toMatch(/secret_table|db\.ts/);
    } finally {
      await broken.close();
    }
  });
});

describe('GET /v1/usage', () => {
  it("returns the current period's screen calls, record-months and price", async () => {
    const { orgId, apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const period = billingPeriod(new Date());
    await preloadScreens(gw.pool, orgId, period, 10);
    await gw.pool.query(`INSERT INTO usage_events (org_id, period, kind, event_key) VALUES ($1, $2, 'record_month', $3)`, [
      orgId,
      period,
      `${randomUUID()}:${period}`,
    ]);
    const reply = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(reply.status).toBe(200);
    expectDocumented('/usage', 'get', reply);
    expect(reply.body).toEqual({
      period,
      screenCalls: 10,
      recordMonths: 1,
      price: {
        screenCallCents: 80,
        recordMonthCents: 4,
        subtotalCents: 84,
        platformMinimumCents: 40_000,
        totalCents: 40_000,
        minimumApplied: true,
      },
    });
  });
});

describe('GET /v1/lists', () => {
  it('returns the coverage report in the documented shape', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const reply = await call(gw.url, 'GET', '/v1/lists', { apiKey });
    expect(reply.status).toBe(200);
    expectDocumented('/lists', 'get', reply);
  });
});

describe('PUT /v1/monitor, DELETE /v1/monitor/{id}', () => {
  it('enroll in the documented shape, meter a record-month, and remove', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    const enrolled = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: organization });
    expect(enrolled.status).toBe(200);
    expectDocumented('/monitor', 'put', enrolled);
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey })).body).toMatchObject({ screenCalls: 0, recordMonths: 1 });
    const removed = await call(gw.url, 'DELETE', `/v1/monitor/${enrolled.body.id}`, { apiKey });
    expect(removed.status).toBe(200);
    expectDocumented('/monitor/{id}', 'delete', removed);
    expectError('/monitor/{id}', 'delete', await call(gw.url, 'DELETE', `/v1/monitor/${enrolled.body.id}`, { apiKey }), 404, 'not_found');
  });
});

/** Sends from a chosen loopback address, so one test can act as many client IPs. */
function lookupFrom(url: string, localAddress: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      `${url}/v1/public/lookup`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('POST /v1/public/lookup', () => {
  let pub: InProcessGateway;
  beforeEach(async () => {
    pub = await startInProcessGateway({ redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}public:${randomUUID()}:` });
    await awaitFreshWindow(pub.redis, 20_000);
  });
  afterEach(async () => {
    await pub.close();
  });

  it('answers without a key in the documented shape, and validates strictly', async () => {
    const reply = await call(pub.url, 'POST', '/v1/public/lookup', { body: { name: 'Jane Public', type: 'person' } });
    expect(reply.status).toBe(200);
    expectDocumented('/public/lookup', 'post', reply);
    const invalid = await call(pub.url, 'POST', '/v1/public/lookup', { body: { name: 'Jane', dateOfBirth: '1970-01-01' } });
    expectError('/public/lookup', 'post', invalid, 400, 'invalid_request');
    expect(invalid.body.fields.dateOfBirth).toEqual(['unknown field']);
  });

  it('admits 5 requests per minute per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await lookupFrom(pub.url, '127.0.0.1', { name: 'Jane Public' }));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('admits 120 requests per minute across all callers', async () => {
    const ips = Array.from({ length: 30 }, (_, i) => `127.0.1.${i + 1}`);
    const statuses = await Promise.all(ips.flatMap((ip) => Array.from({ length: 5 }, () => lookupFrom(pub.url, ip, { name: 'Acme' }))));
    const tally = statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
    // The limiter admits exactly 120; on an overloaded machine some admitted lookups may time out in the matcher (503).
    expect(tally[429]).toBe(30);
    expect(Object.keys(tally).filter((s) => !['200', '429', '503'].includes(s))).toEqual([]);
    expect(tally[200]).toBeGreaterThan(0);
  });
});
