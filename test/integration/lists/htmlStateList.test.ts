import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { scratchDir } from '../../fixtures/lists/builders';
import { createListsDatabase, type ListsDatabase } from './support';

/** The DC page goes through the same versioning as the file lists: content hash, diff, refusal. */
let db: ListsDatabase;
beforeAll(async () => {
  db = await createListsDatabase();
});
afterAll(async () => {
  await db.drop();
});

const HEADER = ['Name of Individual', 'Principal Address', 'Action Date', 'Expiration Date', 'Agency Instituting the Action', 'Reason'];

function page(name: string, rows: string[][]): string {
  const tr = (cells: string[]): string => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  const path = join(scratchDir(), name);
  writeFileSync(path, `<html><body><table>${[HEADER, ...rows].map(tr).join('\n')}</table></body></html>`);
  return path;
}

const alpha = ['Alpha, Ann', '1 Fake St NW<br>Washington, DC 20001', 'May 1, 2020', 'May 1, 2030', 'OCP', 'Fraud'];
const bravo = ['Bravo, Ben', '2 Fake St NW<br>Washington, DC 20001', 'June 2, 2021', 'June 2, 2031', 'OCP', 'Fraud'];
const charlie = ['Charlie, Cal', '3 Sample Rd<br>Baltimore, MD 21201', 'July 3, 2022', 'July 3, 2032', 'DHCF', 'Conviction'];

describe('the DC HTML list through ingestion', () => {
  it('publishes, skips an unchanged page, diffs a changed one and refuses a page without the list', async () => {
    const first = await ingestArtifact({ pool: db.pool, sourceKey: 'state_dc', artifactPath: page('v1.html', [alpha, bravo]) });
    expect(first).toMatchObject({ outcome: 'published', entryCount: 2, diff: { added: 2, removed: 0, changed: 0 } });
    const again = await ingestArtifact({ pool: db.pool, sourceKey: 'state_dc', artifactPath: page('v1-again.html', [alpha, bravo]) });
    expect(again).toMatchObject({ outcome: 'unchanged', versionId: first.versionId });

    const changedBravo = [...bravo.slice(0, 3), 'June 2, 2026', ...bravo.slice(4)];
    const second = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'state_dc',
      artifactPath: page('v2.html', [changedBravo, charlie, alpha]),
    });
    expect(second).toMatchObject({ outcome: 'published', entryCount: 3, diff: { added: 1, removed: 0, changed: 1 } });
    const { rows } = await db.pool.query(
      `SELECT name, state, start_date::text AS start, end_date::text AS "end" FROM list_entries WHERE version_id = $1 ORDER BY name`,
      [second.versionId],
    );
    expect(rows).toEqual([
      { name: 'Ann Alpha', state: 'DC', start: '2020-05-01', end: '2030-05-01' },
      { name: 'Ben Bravo', state: 'DC', start: '2021-06-02', end: '2026-06-02' },
      { name: 'Cal Charlie', state: 'MD', start: '2022-07-03', end: '2032-07-03' },
    ]);

    const notTheList = join(scratchDir(), 'moved.html');
    writeFileSync(notTheList, '<html><body><p>This page has moved.</p></body></html>');
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'state_dc', artifactPath: notTheList });
    expect(refused).toMatchObject({ outcome: 'refused' });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/not the DC list layout/);
    const current = await db.pool.query(`SELECT current_version_id FROM list_sources WHERE key = 'state_dc'`);
    expect(current.rows[0].current_version_id).toBe(second.versionId);
  });
});
