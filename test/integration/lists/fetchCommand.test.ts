import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateLists, type Manifest } from '../../../infra/dev/synthetic/generate';
import { scratchDir } from '../../fixtures/lists/builders';
import { startFakePublisher, type FakePublisher } from '../../fixtures/lists/fakePublisher';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * `screenctl lists fetch SOURCE [--dry-run]` and `screenctl lists status`, run as an operator
 * runs them (a process of its own) against a database of this suite and the fake publisher.
 */
const run = promisify(execFile);
const NY_URL = 'https://apps.omig.ny.gov/exclusions/exporttoexcel.aspx';

let db: ListsDatabase;
let publisher: FakePublisher;
let manifest: Manifest;
let dir: string;

async function screenctl(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['infra/cli/screenctl.js', ...args], {
    cwd: join(__dirname, '..', '..', '..'),
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      LIST_PUBLISHER_BASE_URL: publisher.base,
      LIST_FETCH: 'publishers',
      // No Temporal here: the next run is reported unknown, the fan-out start as not started.
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      LOG_LEVEL: 'silent',
    },
    timeout: 120_000,
  });
  return stdout;
}

beforeAll(async () => {
  db = await createListsDatabase();
  publisher = await startFakePublisher();
  dir = scratchDir();
  manifest = await generateLists({ scale: 'demo', seed: 7, outDir: dir, withoutNppes: true });
}, 240_000);
afterAll(async () => {
  await publisher.close();
  await db.drop();
});

describe('screenctl lists fetch', () => {
  it('with --dry-run says what it found (URL, size, Last-Modified, new) and ingests nothing; without, ingests it', async () => {
    const file = manifest.files.find((f) => f.source === 'state_ny');
    const body = readFileSync(join(dir, file?.path ?? ''));
    publisher.serve(NY_URL, { body, etag: '"ny1"', lastModified: 'Wed, 05 Nov 2025 09:30:00 GMT' });

    const dry = JSON.parse(await screenctl('lists', 'fetch', 'state_ny', '--dry-run', '--json'));
    expect(dry).toMatchObject({
      sourceKey: 'state_ny',
      url: NY_URL,
      found: 'new',
      bytes: body.length,
      lastModified: 'Wed, 05 Nov 2025 09:30:00 GMT',
      ingest: null,
    });
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM list_versions WHERE source_key = 'state_ny'");
    expect(rows[0].n).toBe(0);

    const text = await screenctl('lists', 'fetch', 'state_ny');
    expect(text).toContain(`found ${NY_URL}`);
    expect(text).toMatch(/NEW \(differs from the current version\)/);
    expect(text).toMatch(/state_ny: published version/);

    const again = JSON.parse(await screenctl('lists', 'fetch', 'state_ny', '--dry-run', '--json'));
    expect(again).toMatchObject({ found: 'not_modified', bytes: null });
  }, 120_000);

  it('refuses a source fetched by hand, naming why and where to download it', async () => {
    const refusal = await screenctl('lists', 'fetch', 'state_wv').then(
      () => '',
      (err: { stderr: string }) => err.stderr,
    );
    expect(refusal).toMatch(/state_wv is fetched by hand: the file is behind an ASP\.NET grid .* run screenctl lists ingest state_wv FILE/);
  });
});

describe('screenctl lists status', () => {
  it('shows per source how it is fetched, the last fetch with its outcome (step and status of a failure), and the next', async () => {
    publisher.serve(NY_URL, { body: 'gone', status: 404 });
    await screenctl('lists', 'fetch', 'state_ny').catch(() => undefined);
    const status = JSON.parse(await screenctl('lists', 'status', '--json')) as Array<Record<string, unknown>>;
    const ny = status.find((r) => r.key === 'state_ny');
    expect(ny).toMatchObject({
      fetchedBy: 'publisher',
      recipe: 'fixed_url',
      lastFetch: { lastOutcome: 'failed', failedStep: 'download', failedStatus: 404 },
      nextFetchAt: null,
    });
    expect(status.find((r) => r.key === 'state_mn')).toMatchObject({ fetchedBy: 'by_hand', recipe: 'manual', lastFetch: null });
    const text = await screenctl('lists', 'status');
    expect(text).toMatch(/state_ny .*\n\s+fetched \(fixed_url\); last fetch \S+ FAILED at download \(HTTP 404\)/);
  }, 120_000);
});
