import { openApiDocument } from '../../../gateway/openapi/document';
import { createOperationResolver, listOperations } from '../../../gateway/openapi/operations';
import { compileComponentValidator, compileValidators, fieldPath } from '../../../gateway/openapi/validator';
import { createOpenApiAjv, rebaseRefs } from '../../../gateway/openapi/ajv';

const operations = listOperations();
const validators = compileValidators(operations);

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and covers every endpoint of the contract', () => {
    expect(openApiDocument.openapi).toBe('3.1.0');
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'POST /screen',
        'POST /batch',
        'GET /batch/{jobId}',
        'PUT /monitor',
        'DELETE /monitor/{id}',
        'GET /lists',
        'GET /usage',
        'POST /public/lookup',
        'GET /openapi.json',
      ]),
    );
  });

  it('compiles every component schema under strict ajv', () => {
    const ajv = createOpenApiAjv();
    for (const schema of Object.values(openApiDocument.components.schemas)) expect(() => ajv.compile(rebaseRefs(schema))).not.toThrow();
  });

  it('gives every operation a unique id, an access class and a body limit when it takes a body', () => {
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    for (const o of operations) {
      expect(['public', 'read', 'write']).toContain(o.access);
      if (o.bodySchemaRef) expect(o.bodyLimit).toBeGreaterThan(0);
    }
  });

  it('meters POST /screen as single screening and POST /batch, PUT /monitor as API allowance', () => {
    const byId = Object.fromEntries(operations.map((o) => [o.operationId, o.allowance]));
    expect(byId).toMatchObject({ screen: 'single_screening', submitBatch: 'api', enrollMonitor: 'api' });
    expect(
      operations
        .filter((o) => o.allowance)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(['enrollMonitor', 'screen', 'submitBatch']);
  });

  it('serves the monitored-record reads (GET /monitor, GET /monitor/{id}) as reads: open to read-only organizations, no allowance', () => {
    const reads = operations.filter((o) => o.method === 'GET' && o.path.startsWith('/monitor'));
    expect(reads.map((o) => [o.operationId, o.path, o.access, o.allowance])).toEqual([
      ['listMonitors', '/monitor', 'read', undefined],
      ['getMonitor', '/monitor/{id}', 'read', undefined],
    ]);
  });
});

describe('operation resolver', () => {
  const resolve = createOperationResolver(operations);

  it('matches /v1 paths and extracts path parameters', () => {
    expect(resolve('GET', '/v1/batch/job-1')).toMatchObject({ operation: { operationId: 'getBatch' }, params: { jobId: 'job-1' } });
    expect(resolve('DELETE', '/v1/monitor/abc')?.params).toEqual({ id: 'abc' });
  });

  it('finds nothing for unknown paths or methods', () => {
    expect(resolve('GET', '/v1/screen')).toBeNull();
    expect(resolve('GET', '/screen')).toBeNull();
    expect(resolve('GET', '/v1/batch/a/b')).toBeNull();
  });
});

describe('request validation', () => {
  const screen = validators.get('screen')!;

  it('accepts both entity variants', () => {
    expect(
      screen.body({
        type: 'person',
        name: 'Jane Public',
        aliases: ['J P'],
        dateOfBirth: '1970-01-31',
        npi: '1234567890',
        state: 'TX',
        providerType: 'RN',
      }),
    ).toEqual({});
    expect(screen.body({ type: 'organization', legalName: 'Acme LLC', npi: '1234567890', state: 'CA' })).toEqual({});
  });

  it('names `name` when a removed person field is sent', () => {
    const fields = screen.body({ type: 'person', firstName: 'Jane', lastName: 'Public' });
    expect(Object.keys(fields).sort()).toEqual(['firstName', 'lastName', 'name']);
    expect(fields.name.join(' ')).toMatch(/firstName was removed/);
  });

  it('refuses unknown fields and fields of the other variant', () => {
    expect(screen.body({ type: 'organization', legalName: 'Acme', dateOfBirth: '1970-01-01' })).toEqual({ dateOfBirth: ['unknown field'] });
  });

  it('requires Idempotency-Key on batch and bounds its items', () => {
    const batch = validators.get('submitBatch')!;
    expect(batch.parameters({ headers: {}, params: {}, query: {} })).toEqual({ 'Idempotency-Key': ['required header'] });
    expect(batch.parameters({ headers: { 'idempotency-key': 'k'.repeat(256) }, params: {}, query: {} })).toEqual({
      'Idempotency-Key': ['must have at most 255 characters'],
    });
    expect(batch.body({ items: [] })).toEqual({ items: ['must have at least 1 item'] });
    // Items are validated one by one by the handler: an invalid item never fails the request.
    expect(batch.body({ items: [{ type: 'person', name: 'A' }, { type: 'person' }, 'not an entity'] })).toEqual({});
    expect(batch.body({ items: Array.from({ length: 2001 }, () => ({})) })).toEqual({ items: ['must have at most 2000 items'] });
    expect(batch.body({ items: [], extra: 1 })).toEqual({ items: ['must have at least 1 item'], extra: ['unknown field'] });
  });

  it('validates a batch item on its own against Entity, fields relative to the item', () => {
    const validateItem = compileComponentValidator('Entity', 'item');
    expect(validateItem({ type: 'person', name: 'A' })).toEqual({});
    expect(validateItem({ type: 'person' })).toEqual({ name: ['required'] });
    expect(validateItem({ type: 'person', name: 'A', firstName: 'A' })).toMatchObject({ name: [expect.stringMatching(/removed/)] });
    expect(Object.keys(validateItem('not an entity'))).toEqual(['item']);
  });
});

describe('field paths', () => {
  it('reads like the body: dotted properties, bracketed indexes, `body` for the root', () => {
    expect(fieldPath('/items/3', 'name')).toBe('items[3].name');
    expect(fieldPath('/aliases/0')).toBe('aliases[0]');
    expect(fieldPath('')).toBe('body');
  });
});
