import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { writePdfTable } from '../../../infra/dev/synthetic/pdf';
import { scratchDir } from '../../fixtures/lists/builders';
import { createListsDatabase, type ListsDatabase } from './support';

/** A PDF state list goes through the same versioning as a CSV: diffs, unchanged re-runs, refusals. */
let db: ListsDatabase;
beforeAll(async () => {
  db = await createListsDatabase();
});
afterAll(async () => {
  await db.drop();
});

const dir = scratchDir();

async function alaska(name: string, rows: string[][]): Promise<string> {
  const path = join(dir, name);
  await writePdfTable(
    path,
    {
      cover: ['Alaska Medical Assistance Excluded Provider List'],
      title: ['Alaska Medical Assistance Excluded Provider List'],
      columns: [
        { header: 'Exclusion Date', width: 70 },
        { header: 'Last Name', width: 90 },
        { header: 'First Name', width: 90 },
        { header: 'Provider Type', width: 130 },
        { header: 'Exclusion Authority', width: 110 },
        { header: 'Exclusion Reason', width: 200 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      shading: true,
      landscape: true,
    },
    new Date('2025-03-31T06:00:00Z'),
  );
  return path;
}

const row = (date: string, last: string, first: string, type = 'Registered Nurse'): string[] => [
  date,
  last,
  first,
  type,
  '7 AAC 105.400',
  'Fraud',
];

async function currentVersion(): Promise<string | null> {
  const { rows } = await db.pool.query("SELECT current_version_id FROM list_sources WHERE key = 'state_ak'");
  return rows[0]?.current_version_id ?? null;
}

describe('ingesting a PDF state list', () => {
  it('publishes, re-runs as unchanged, diffs the next file and refuses a cut PDF without touching the current version', async () => {
    const base = [
      row('01/15/2023', 'ALPHA', 'ANN'),
      row('02/15/2023', 'BRAVO', 'BEN'),
      row('03/15/2023', 'CHARLIE', 'CAL'),
      row('04/15/2023', 'DELTA-WORTHINGTON', 'DEE'),
      row('05/15/2023', 'ECHO HOME HEALTH, LLC', ''),
    ];
    const v1 = await alaska('v1.pdf', base);
    const first = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ak', artifactPath: v1 });
    expect(first).toMatchObject({ outcome: 'published', entryCount: 5, badRowCount: 0, diff: { added: 5, removed: 0, changed: 0 } });
    expect(await ingestArtifact({ pool: db.pool, sourceKey: 'state_ak', artifactPath: v1 })).toMatchObject({
      outcome: 'unchanged',
      versionId: first.versionId,
    });

    // BRAVO leaves, CHARLIE's provider type changes, FOXTROT arrives.
    const v2 = await alaska('v2.pdf', [
      base[0],
      row('03/15/2023', 'CHARLIE', 'CAL', 'Nurse Aide'),
      base[3],
      base[4],
      row('06/15/2024', 'FOXTROT', 'FAY'),
    ]);
    const second = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ak', artifactPath: v2 });
    expect(second).toMatchObject({ outcome: 'published', entryCount: 5, diff: { added: 1, removed: 1, changed: 1 } });
    if (second.outcome !== 'published') throw new Error('not published');
    const { rows: names } = await db.pool.query('SELECT name FROM list_entries WHERE version_id = $1 ORDER BY name', [second.versionId]);
    expect(names.map((r: { name: string }) => r.name)).toEqual([
      'ANN ALPHA',
      'CAL CHARLIE',
      'DEE DELTA-WORTHINGTON',
      'ECHO HOME HEALTH, LLC',
      'FAY FOXTROT',
    ]);

    // A download cut short is no PDF any more: refused, and the current version stays.
    const bytes = readFileSync(v2);
    const cut = join(dir, 'cut.pdf');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ak', artifactPath: cut });
    expect(refused).toMatchObject({ outcome: 'refused' });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/PDF|header/);
    expect(await currentVersion()).toBe(second.versionId);
  });
});
