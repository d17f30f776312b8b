import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { generateLists, type Manifest } from '../../../infra/dev/synthetic/generate';
import { scratchDir, writeXlsx, type SheetSpec } from '../../fixtures/lists/builders';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * The XLSX states added from public layouts (IL, KY, MA, MI, MN, MO, NH) go through the same
 * ingestion rules as the others: publication and unchanged re-runs, bad rows, the truncation rule,
 * and MN's two-workbook bundle, whose missing half must not publish as the whole list.
 */
const NEW_STATES = ['state_il', 'state_ky', 'state_ma', 'state_mi', 'state_mn', 'state_mo', 'state_nh'];

let db: ListsDatabase;
let outDir: string;
let manifest: Manifest;
const fileOf = (source: string): { path: string; rows: number } => {
  const file = manifest.files.find((candidate) => candidate.source === source);
  if (!file) throw new Error(`no ${source} in manifest`);
  return { path: join(outDir, file.path), rows: file.rows };
};

beforeAll(async () => {
  db = await createListsDatabase();
  outDir = scratchDir();
  manifest = await generateLists({ scale: 'small', seed: 11, outDir });
});
afterAll(async () => {
  await db.drop();
});

async function currentVersion(sourceKey: string): Promise<string | null> {
  const { rows } = await db.pool.query('SELECT current_version_id FROM list_sources WHERE key = $1', [sourceKey]);
  return rows[0]?.current_version_id ?? null;
}

describe('generated lists of the new XLSX states', () => {
  it.each(NEW_STATES)('%s publishes every row, and the same file again is unchanged', async (sourceKey) => {
    const { path, rows } = fileOf(sourceKey);
    const first = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath: path });
    expect(first).toMatchObject({ outcome: 'published', rowCount: rows, badRowCount: 0 });
    if (first.outcome !== 'published') throw new Error('not published');
    expect(first.entryCount).toBeGreaterThanOrEqual(rows);
    const again = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath: path });
    expect(again).toMatchObject({ outcome: 'unchanged', versionId: first.versionId });
  });
});

describe('the rules that guard a published version apply to them', () => {
  it('MN: a bundle without the individual workbook is refused and the full version stays current', async () => {
    const before = await currentVersion('state_mn');
    expect(before).not.toBeNull();
    const zip = await JSZip.loadAsync(readFileSync(fileOf('state_mn').path));
    zip.remove('MHCP Excluded Individual Providers.xlsx');
    const half = join(scratchDir(), 'mhcp-group-only.zip');
    writeFileSync(half, await zip.generateAsync({ type: 'nodebuffer' }));
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'state_mn', artifactPath: half });
    expect(refused).toMatchObject({ outcome: 'refused' });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/MN bundle lacks a workbook with the header last_name, first_name/);
    expect(await currentVersion('state_mn')).toBe(before);
  });

  it('MI: a workbook cut after 40% of its rows is refused as a truncated list', async () => {
    const before = await currentVersion('state_mi');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(fileOf('state_mi').path);
    const rows: SheetSpec['rows'] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as SheetSpec['rows'][number]).slice(1)));
    const keep = 2 + Math.ceil((rows.length - 2) * 0.4);
    const cut = await writeXlsx(join(scratchDir(), 'mi-cut.xlsx'), [{ name: 'Sanctioned Providers', rows: rows.slice(0, keep) }]);
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'state_mi', artifactPath: cut });
    expect(refused).toMatchObject({ outcome: 'refused', badRowCount: 0 });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/less than half of the current version's/);
    expect(await currentVersion('state_mi')).toBe(before);
  });

  it('NH: rows naming nobody above the bad-row share are refused, each reported with its row number', async () => {
    const before = await currentVersion('state_nh');
    const path = await writeXlsx(join(scratchDir(), 'nh-bad.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['New Hampshire Medicaid Provider Exclusion and Sanction List'],
          [
            'Provider/Individual First Name',
            'Provider/Individual Last Name',
            'Business Name',
            'National Provider Identifier (NPI)',
            'Provider/Individual Type',
            'Exclusion/Sanction Reason',
            'Exclusion/Sanction Effective Date',
          ],
          ['Jordan', 'Exampleson', '', '1000000012', 'LCMHC', 'Fraud', '2023-08-15'],
          ['', '', '', 'N/A', 'LNA', 'Fraud', '2023-08-15'],
        ],
      },
    ]);
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'state_nh', artifactPath: path });
    expect(refused).toMatchObject({ outcome: 'refused', rowCount: 2, badRowCount: 1 });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.badRows).toEqual([{ row: 4, reason: 'row names no person and no organization' }]);
    expect(await currentVersion('state_nh')).toBe(before);
  });
});
