import { Client } from 'pg';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { copyFixture, createListsDatabase, leieLine, leieRow, writeLeie, type ListsDatabase } from './support';

let db: ListsDatabase;
beforeAll(async () => {
  db = await createListsDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function versions(sourceKey: string) {
  const { rows } = await db.pool.query(
    `SELECT v.id, v.seq, v.state, v.entry_count, v.diff_added, v.diff_removed, v.diff_changed, v.artifact_checksum, v.bad_row_count,
            v.bad_rows, v.refusal_reason, (s.current_version_id = v.id) AS current
       FROM list_versions v JOIN list_sources s ON s.key = v.source_key WHERE v.source_key = $1 ORDER BY v.seq`,
    [sourceKey],
  );
  return rows;
}

async function diffKeys(versionId: string): Promise<Record<string, string[]>> {
  const { rows } = await db.pool.query('SELECT change, entry_key FROM list_version_diffs WHERE version_id = $1 ORDER BY entry_key', [
    versionId,
  ]);
  const out: Record<string, string[]> = { added: [], removed: [], changed: [] };
  for (const r of rows) out[r.change].push(r.entry_key);
  return out;
}

describe('ingesting an artifact creates an immutable, published list version', () => {
  it('ingesting the same file twice creates one version; the second run reports it unchanged', async () => {
    const path = copyFixture('states/ar.csv');
    const first = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ar', artifactPath: path });
    const second = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ar', artifactPath: path });
    expect(first).toMatchObject({ outcome: 'published', entryCount: 4, diff: { added: 4, removed: 0, changed: 0 } });
    expect(second).toMatchObject({ outcome: 'unchanged', versionId: first.versionId });
    const stored = await versions('state_ar');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ state: 'published', current: true, entry_count: 4 });
    expect(stored[0].artifact_checksum).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM list_entries WHERE version_id = $1', [first.versionId]);
    expect(rows[0].n).toBe(4);
  });

  it('a changed file creates a second version whose diff names the added, removed and changed entries', async () => {
    const v1 = writeLeie('UPDATED.csv', [
      leieRow('ALPHA', 'ANN', '19700101', '20200101'),
      leieRow('BRAVO', 'BEN', '19710101', '20210101'),
      leieRow('CHARLIE', 'CAL', '19720101', '20220101'),
    ]);
    const v2 = writeLeie('UPDATED.csv', [
      leieRow('ALPHA', 'ANN', '19700101', '20200101'),
      leieRow('CHARLIE', 'CAL', '19720101', '20220101', 'SHELBYVILLE'),
      leieRow('DELTA', 'DEE', '19730101', '20230101'),
    ]);
    const first = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: v1 });
    const second = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: v2 });
    expect(first.outcome).toBe('published');
    expect(second).toMatchObject({ outcome: 'published', seq: 2, entryCount: 3, diff: { added: 1, removed: 1, changed: 1 } });
    if (second.outcome !== 'published') throw new Error('not published');
    expect(await diffKeys(second.versionId)).toEqual({
      added: ['DELTA|DEE|||19730101|0000000000|1128B4|20230101|IL'],
      removed: ['BRAVO|BEN|||19710101|0000000000|1128B4|20210101|IL'],
      changed: ['CHARLIE|CAL|||19720101|0000000000|1128B4|20220101|IL'],
    });
    const stored = await versions('oig_leie');
    expect(stored.map((v) => [v.seq, v.state, v.current])).toEqual([
      [1, 'superseded', false],
      [2, 'published', true],
    ]);
    // The superseded version keeps its entries untouched.
    const { rows } = await db.pool.query(`SELECT raw->>'CITY' AS city FROM list_entries WHERE version_id = $1 AND last_name = 'CHARLIE'`, [
      first.versionId,
    ]);
    expect(rows[0].city).toBe('SPRINGFIELD');
  });

  it('publication notifies list_published with sourceKey:versionId', async () => {
    const listener = new Client({
      connectionString: (db.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    });
    await listener.connect();
    const notified = new Promise<string>((resolve) => listener.on('notification', (n) => resolve(n.payload ?? '')));
    await listener.query('LISTEN list_published');
    const result = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'sam_exclusions',
      artifactPath: copyFixture('sam/SAM_Exclusions_Public_Extract_V2_25060.CSV'),
    });
    expect(result.outcome).toBe('published');
    expect(await notified).toBe(`sam_exclusions:${result.versionId}`);
    await listener.end();
    // The exact duplicate row of the extract is stored once.
    expect(result).toMatchObject({ entryCount: 5, rowCount: 6 });
  });
});

describe('a malformed artifact is refused and the current version stays published', () => {
  it('refuses a wrong header', async () => {
    await ingestArtifact({ pool: db.pool, sourceKey: 'state_ca', artifactPath: copyFixture('states/ca.csv') });
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ca', artifactPath: copyFixture('states/pa.csv') });
    expect(refused).toMatchObject({ outcome: 'refused' });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/not the CA list layout/);
    const stored = await versions('state_ca');
    expect(stored.map((v) => [v.state, v.current])).toEqual([
      ['published', true],
      ['rejected', false],
    ]);
    expect(stored[1].refusal_reason).toMatch(/not the CA list layout/);
  });

  it('refuses truncated rows above the bad-row threshold and reports each with its row number', async () => {
    const good = writeLeie(
      'UPDATED.csv',
      Array.from({ length: 10 }, (_, i) => leieRow(`NAME${i}`, 'X', '19800101', '20200101')),
    );
    const published = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: good, force: true });
    expect(published.outcome).toBe('published');
    const truncated = writeLeie('UPDATED.csv', [
      ...Array.from({ length: 10 }, (_, i) => leieRow(`NAME${i}`, 'X', '19800101', '20200101')),
      '"TRUNC","ATED","","","G"',
      '"ALSO","TRUNC"',
    ]);
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: truncated });
    expect(refused).toMatchObject({ outcome: 'refused', rowCount: 12, badRowCount: 2 });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.badRows).toEqual([
      { row: 12, reason: 'expected 18 fields, found 5' },
      { row: 13, reason: 'expected 18 fields, found 2' },
    ]);
    const current = (await versions('oig_leie')).find((v) => v.current);
    expect(current?.id).toBe(published.versionId);
    const rejected = (await versions('oig_leie')).at(-1);
    expect(rejected).toMatchObject({ state: 'rejected', bad_row_count: 2 });
    expect(rejected?.bad_rows).toHaveLength(2);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM list_entries WHERE version_id = $1', [refused.versionId]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a full list that shrinks below half of the current version (a truncated download)', async () => {
    const shrunk = writeLeie('UPDATED.csv', [leieRow('NAME1', 'X', '19800101', '20200101')]);
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: shrunk });
    expect(refused.outcome).toBe('refused');
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/less than half/);
  });
});

describe('LEIE monthly supplements update oig_leie between full files', () => {
  it('EXCL adds its rows to the current version, REIN removes the reinstated parties', async () => {
    const full = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: copyFixture('leie/UPDATED.csv'), force: true });
    expect(full).toMatchObject({ outcome: 'published', entryCount: 6 });
    const excl = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: copyFixture('leie/2503EXCL.csv') });
    expect(excl).toMatchObject({
      outcome: 'published',
      artifactKind: 'supplement_excl',
      entryCount: 9,
      diff: { added: 3, removed: 0, changed: 0 },
    });
    const again = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: copyFixture('leie/2503EXCL.csv') });
    expect(again.outcome).toBe('unchanged');
    const rein = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: copyFixture('leie/2503REIN.csv') });
    expect(rein).toMatchObject({
      outcome: 'published',
      artifactKind: 'supplement_rein',
      entryCount: 8,
      diff: { added: 0, removed: 1, changed: 0 },
    });
    if (rein.outcome !== 'published') throw new Error('not published');
    expect((await diffKeys(rein.versionId)).removed).toEqual(['SAMPLETON|AVERY|J||19720505|1234567890|BRCH CIA|20190612|OH']);
  });

  it('REIN also removes a party listed under another entry key by name, date of birth and exclusion date, and counts rows that name nobody', async () => {
    const full = writeLeie('UPDATED.csv', [
      leieRow('REINSTATED', 'RUTH', '19700101', '20200101'),
      leieRow('STILL', 'LISTED', '19700101', '20200101'),
    ]);
    expect(await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: full, force: true })).toMatchObject({
      outcome: 'published',
      entryCount: 2,
    });
    // The reinstatement row gives another state (part of the entry key) than the listing.
    const reinRow = (last: string, first: string) =>
      leieLine({
        LASTNAME: last,
        FIRSTNAME: first,
        DOB: '19700101',
        CITY: 'GARY',
        STATE: 'IN',
        ZIP: '46401',
        EXCLDATE: '20200101',
        REINDATE: '20240301',
      });
    const rein = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'oig_leie',
      artifactPath: writeLeie('2504REIN.csv', [reinRow('REINSTATED', 'RUTH'), reinRow('NEVER', 'LISTED')]),
    });
    expect(rein).toMatchObject({ outcome: 'published', entryCount: 1, diff: { added: 0, removed: 1, changed: 0 } });
    if (rein.outcome !== 'published') throw new Error('not published');
    const { rows } = await db.pool.query('SELECT skipped_count FROM list_versions WHERE id = $1', [rein.versionId]);
    expect(rows[0].skipped_count).toBe(1);
    const { rows: left } = await db.pool.query('SELECT last_name FROM list_entries WHERE version_id = $1', [rein.versionId]);
    expect(left.map((r) => r.last_name)).toEqual(['STILL']);
  });
});
