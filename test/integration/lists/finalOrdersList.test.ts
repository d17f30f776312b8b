import { join } from 'node:path';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { FL_FINAL_ORDERS_HEADER } from '../../../infra/dev/synthetic/states/fl';
import { writeLegacyWorkbook, type XlsCell } from '../../../infra/dev/synthetic/xls';
import { scratchDir } from '../../fixtures/lists/builders';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * Florida publishes one row per final order; only a suspension or a termination bars a provider.
 * Through ingestion, a fine is never an entry: not when published, not when a later report adds
 * fines, and a provider whose fine is followed by a suspension becomes one entry then.
 */
let db: ListsDatabase;
beforeAll(async () => {
  db = await createListsDatabase();
});
afterAll(async () => {
  await db.drop();
});

const HEADER = FL_FINAL_ORDERS_HEADER;

const order = (provider: string, type: string, date: string): XlsCell[] => [
  provider,
  '123456789',
  '',
  '',
  'Physician',
  { date },
  type,
  '409.913(15)(c)',
  type === 'FINE' ? 2500 : 0,
  { date },
  '20240001',
  '24-1234MPI',
  'Final Order',
];

function report(name: string, rows: XlsCell[][]): string {
  const path = join(scratchDir(), name);
  writeLegacyWorkbook(path, [{ name: 'FOReport', rows: [HEADER, ...rows] }], new Date('2025-03-31T06:00:00Z'));
  return path;
}

async function entryNames(versionId: string): Promise<string[]> {
  const { rows } = await db.pool.query('SELECT name, action FROM list_entries WHERE version_id = $1 ORDER BY name', [versionId]);
  return rows.map((r: { name: string; action: string }) => `${r.name} (${r.action})`);
}

describe('the FL final-orders report through ingestion', () => {
  it('publishes suspensions and terminations only, and a fine followed by a suspension becomes an entry then', async () => {
    const first = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'state_fl',
      artifactPath: report('v1.xls', [
        order('EXAMPLESON, JORDAN', 'SUSPENSION', '2024-02-01'),
        order('MOCKRIDGE HOME HEALTH, LLC', 'TERMINATION', '2024-05-06'),
        order('SAMPLEFIELD, DANA', 'FINE', '2024-06-07'),
        order('PLACEHOLDT, ROBIN', 'NONE', '2024-07-08'),
      ]),
    });
    expect(first).toMatchObject({ outcome: 'published', rowCount: 4, entryCount: 2, badRowCount: 0 });
    if (first.outcome !== 'published') throw new Error('not published');
    expect(await entryNames(first.versionId)).toEqual(['JORDAN EXAMPLESON (SUSPENSION)', 'MOCKRIDGE HOME HEALTH, LLC (TERMINATION)']);

    const second = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'state_fl',
      artifactPath: report('v2.xls', [
        order('EXAMPLESON, JORDAN', 'SUSPENSION', '2024-02-01'),
        order('MOCKRIDGE HOME HEALTH, LLC', 'TERMINATION', '2024-05-06'),
        order('SAMPLEFIELD, DANA', 'FINE', '2024-06-07'),
        order('SAMPLEFIELD, DANA', 'SUSPENSION', '2024-09-10'),
        order('PLACEHOLDT, ROBIN', 'NONE', '2024-07-08'),
        order('FAKEWELL, CASEY', 'FINE', '2024-10-11'),
      ]),
    });
    expect(second).toMatchObject({ outcome: 'published', rowCount: 6, entryCount: 3, diff: { added: 1, removed: 0, changed: 0 } });
    if (second.outcome !== 'published') throw new Error('not published');
    expect(await entryNames(second.versionId)).toEqual([
      'DANA SAMPLEFIELD (SUSPENSION)',
      'JORDAN EXAMPLESON (SUSPENSION)',
      'MOCKRIDGE HOME HEALTH, LLC (TERMINATION)',
    ]);
  });
});
