import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import { createLogger } from '../../../infra/base/log';
import { createMatcherClient, MatcherUnavailableError, refusesSubjects, type MatcherClient } from '../../../matcher/client';
import { startMatcherServer, type MatcherServer } from '../../../matcher/server';
import type { Entity, ScreeningResult } from '../../../matcher/types';
import { publishVersionRows, type VersionRow } from '../support/listVersions';

// Source keys unique to this run: other suites may publish lists into the same database.
const run = randomUUID().slice(0, 8);
const SOURCE = `mt_${run}_leie`;
const log = createLogger('matcher-test', 'warn');

let pool: Pool;

const publish = (rows: VersionRow[]): Promise<string> => publishVersionRows(pool, SOURCE, `sha256:${run}`, rows);

async function waitReady(client: MatcherClient): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await client.ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('matcher never became ready');
}

function stable(r: ScreeningResult): string {
  const { checkedAt: _checkedAt, sources, ...rest } = r;
  return JSON.stringify({ ...rest, sources: sources.filter((s) => s.source === SOURCE) });
}

let firstVersion: string;

beforeAll(async () => {
  pool = createPool({ max: 6 });
  await pool.query(
    `INSERT INTO list_sources (key, name, kind, adapter, cadence, cadence_label) VALUES ($1, 'Test LEIE', 'federal', 'leie', 'monthly', 'Monthly')`,
    [SOURCE],
  );
  firstVersion = await publish([
    {
      key: 'e1',
      kind: 'person',
      name: 'SMITH, JOHN ALLEN',
      last: 'SMITH',
      first: 'JOHN',
      middle: 'ALLEN',
      dob: '1970-01-02',
      npi: '1234567893',
      state: 'TX',
    },
    { key: 'e2', kind: 'organization', name: 'ACME HEALTH SERVICES, INC. DBA ACME CARE', state: 'CA' },
  ]);
});

afterAll(async () => {
  await pool.end();
});

describe('matcher server over PostgreSQL: loads the current versions and answers', () => {
  let server: MatcherServer;
  let client: MatcherClient;
  beforeAll(async () => {
    server = await startMatcherServer({ port: 0, pool, logger: log });
    client = createMatcherClient(server.url);
    await waitReady(client);
  });
  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('reports its versions on /readyz and screens with the contract shape', async () => {
    const ready = (await fetch(`${server.url}/readyz`).then((r) => r.json())) as { versions: { source: string; listVersionId: string }[] };
    expect(ready.versions).toContainEqual({ source: SOURCE, listVersionId: firstVersion });
    const r = await client.match({ type: 'person', name: 'Johnny A. Smith', dateOfBirth: '1970-01-02' }, { requestId: 'it-1' });
    expect(r.status).toBe('potential_match');
    expect(r.checkedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(r.recallCapped).toBe(false);
    const mine = r.matches.filter((m) => m.provenance.sourceList === SOURCE);
    expect(mine).toHaveLength(1);
    expect(mine[0].provenance).toEqual({ sourceList: SOURCE, listVersionId: firstVersion, retrievedAt: '2026-11-01T06:00:00.000Z' });
    expect(mine[0].fields.find((f) => f.field === 'dateOfBirth')?.state).toBe('matched');
    expect(r.sources).toContainEqual({ source: SOURCE, listVersionId: firstVersion, retrievedAt: '2026-11-01T06:00:00.000Z' });
  });

  it('screens many entities in order', async () => {
    const results = await client.matchMany(
      [
        { type: 'organization', legalName: 'Acme Care LLC' },
        { type: 'person', name: 'Zebulon Quartermaine' },
      ],
      { requestId: 'it-2' },
    );
    expect(results.map((x) => x.matches.some((m) => m.provenance.sourceList === SOURCE))).toEqual([true, false]);
  });

  it('screens subjects sent as JSON text and answers with the text it sent, the same screenings as matchMany', async () => {
    const subjects: Entity[] = [
      { type: 'organization', legalName: 'Acme Care LLC' },
      { type: 'person', name: 'Zebulon Quartermaine' },
      { type: 'person', name: 'Johnny A. Smith', dateOfBirth: '1970-01-02' },
    ];
    const answer = await client.matchManyAnswer(
      subjects.map((s) => JSON.stringify(s)),
      { requestId: 'it-2-answer' },
    );
    expect(typeof answer).toBe('string');
    const parsed = JSON.parse(answer) as { results: ScreeningResult[]; headroom: number[] };
    const viaObjects = await client.matchMany(subjects, { requestId: 'it-2-objects' });
    const withoutTime = (r: ScreeningResult) => ({ ...r, checkedAt: undefined });
    expect(parsed.results.map(withoutTime)).toEqual(viaObjects.map(withoutTime));
    expect(parsed.headroom).toHaveLength(subjects.length);
  });

  it('refuses a subject sent as JSON text as it refuses the same subject sent as an object', async () => {
    const failure = await client.matchManyAnswer([JSON.stringify({ type: 'person', name: ' ' })], { requestId: 'it-2-refused' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusesSubjects(failure)).toBe(true);
  });

  it('answers the public lookup with names only and a notice', async () => {
    const res = await client.lookup({ name: 'john smith' }, { requestId: 'it-3' });
    expect(res.notice).toMatch(/potential match/i);
    const mine = res.results.filter((x) => x.source === SOURCE);
    expect(mine[0]).toMatchObject({ name: 'SMITH, JOHN ALLEN', type: 'person', sourceName: 'Test LEIE', listVersionId: firstVersion });
    expect(JSON.stringify(res)).not.toContain('1970-01-02');
    expect(res.results.length).toBeLessThanOrEqual(10);
  });

  it('echoes the request id', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });

  it('reloads on NOTIFY list_published without a restart', async () => {
    const loaded = server.loader.nextLoad();
    const second = await publish([
      { key: 'e1', kind: 'person', name: 'SMITH, JOHN ALLEN', last: 'SMITH', first: 'JOHN', middle: 'ALLEN' },
      { key: 'e3', kind: 'person', name: 'OKONKWO, PATRICIA', last: 'OKONKWO', first: 'PATRICIA' },
    ]);
    await pool.query(`SELECT pg_notify('list_published', $1)`, [SOURCE]);
    await loaded;
    const r = await client.match({ type: 'person', name: 'Patricia Okonkwo' }, { requestId: 'it-4' });
    const mine = r.matches.filter((m) => m.provenance.sourceList === SOURCE);
    expect(mine.map((m) => m.provenance.listVersionId)).toEqual([second]);
    firstVersion = second;
  });
});

describe('matcher server: 503 while loading', () => {
  it('refuses to screen until its lists are loaded, then serves', async () => {
    const locker = await pool.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE list_entries IN ACCESS EXCLUSIVE MODE');
    const server = await startMatcherServer({ port: 0, pool, logger: log });
    const client = createMatcherClient(server.url);
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await expect(client.match({ type: 'person', name: 'John Smith' }, { requestId: 'it-5' })).rejects.toBeInstanceOf(
        MatcherUnavailableError,
      );
      expect(await client.ready()).toBe(false);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    await waitReady(client);
    expect((await client.match({ type: 'person', name: 'John Smith' }, { requestId: 'it-6' })).status).toBe('potential_match');
    client.close();
    await server.close();
  });
});

describe('matcher server: results survive a restart byte for byte', () => {
  it('gives identical results from two server instances over the same versions', async () => {
    const subjects = [
      { type: 'person' as const, name: 'J Smith', state: 'TX' },
      { type: 'person' as const, name: 'SMITH' },
      { type: 'organization' as const, legalName: 'Acme Health Svcs' },
    ];
    const outputs: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const server = await startMatcherServer({ port: 0, pool, logger: log });
      const client = createMatcherClient(server.url);
      await waitReady(client);
      outputs.push((await client.matchMany(subjects, { requestId: `it-restart-${i}` })).map(stable));
      client.close();
      await server.close();
    }
    expect(outputs[1]).toEqual(outputs[0]);
  });
});

describe('matcher client: unreachable matcher', () => {
  it('throws MatcherUnavailableError when nothing listens', async () => {
    const client = createMatcherClient('http://127.0.0.1:9');
    await expect(client.match({ type: 'person', name: 'John Smith' }, { requestId: 'it-7', timeoutMs: 2000 })).rejects.toBeInstanceOf(
      MatcherUnavailableError,
    );
    expect(await client.ready()).toBe(false);
    client.close();
  });
});
