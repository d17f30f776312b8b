import { join } from 'node:path';
import { STATE_MAPPINGS } from '../../../activities/lists/sources/states';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { generateLists, type Manifest } from '../../../infra/dev/synthetic/generate';
import { scratchDir } from '../../fixtures/lists/builders';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * Every state list with an adapter, whatever its format (CSV, XLSX, PDF, HTML), goes through the
 * same publication rules: its generated file publishes every row with none bad, the same file
 * again is `unchanged` (content hash), and a file of under a third of its rows is refused as a
 * cut download while the current version stays. The per-format suites test each format's own
 * quirks and diffs; this one holds the rules to every adapter, including the next one added.
 */
const STATE_SOURCES = Object.keys(STATE_MAPPINGS)
  .sort()
  .map((state) => `state_${state.toLowerCase()}`);

/** Files that carry rows which are not listings, by design of the list. */
const ROWS_NOT_READ: Record<string, string> = {
  state_co: 'the Reinstated Providers sheet lists providers no longer terminated',
};

let db: ListsDatabase;
let full: { dir: string; manifest: Manifest };
let cut: { dir: string; manifest: Manifest };

function fileIn(set: { dir: string; manifest: Manifest }, source: string): { path: string; rows: number } {
  const file = set.manifest.files.find((candidate) => candidate.source === source);
  if (!file) throw new Error(`no ${source} in the generated set`);
  return { path: join(set.dir, file.path), rows: file.rows };
}

async function currentVersion(sourceKey: string): Promise<string | null> {
  const { rows } = await db.pool.query('SELECT current_version_id FROM list_sources WHERE key = $1', [sourceKey]);
  return rows[0]?.current_version_id ?? null;
}

beforeAll(async () => {
  db = await createListsDatabase();
  const fullDir = scratchDir();
  const cutDir = scratchDir();
  // demo: 100 rows a state list; small: 30, written in the same formats.
  full = { dir: fullDir, manifest: await generateLists({ scale: 'demo', seed: 23, outDir: fullDir }) };
  cut = { dir: cutDir, manifest: await generateLists({ scale: 'small', seed: 23, outDir: cutDir }) };
}, 240_000);
afterAll(async () => {
  await db.drop();
});

describe('every state list adapter', () => {
  it('covers every generated state file, and every adapter has one', () => {
    const generated = full.manifest.files.filter((f) => f.source.startsWith('state_')).map((f) => f.source);
    expect([...new Set(generated)].sort()).toEqual(STATE_SOURCES);
    expect(STATE_SOURCES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(STATE_SOURCES)('%s: publishes every row, is unchanged the second time, and refuses a cut file', async (sourceKey) => {
    const { path, rows } = fileIn(full, sourceKey);
    const first = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath: path });
    expect(first).toMatchObject({ outcome: 'published', badRowCount: 0 });
    if (first.outcome !== 'published') throw new Error('not published');
    if (ROWS_NOT_READ[sourceKey]) expect(first.rowCount).toBeLessThan(rows);
    else expect(first.rowCount).toBe(rows);
    expect(first.entryCount).toBeGreaterThan(0);

    const again = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath: path });
    expect(again).toMatchObject({ outcome: 'unchanged', versionId: first.versionId });

    const short = fileIn(cut, sourceKey);
    expect(short.rows * 3).toBeLessThan(rows);
    const refused = await ingestArtifact({ pool: db.pool, sourceKey, artifactPath: short.path });
    expect(refused).toMatchObject({ outcome: 'refused' });
    expect(await currentVersion(sourceKey)).toBe(first.versionId);
  });
});
