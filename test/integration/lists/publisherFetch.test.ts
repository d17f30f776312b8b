import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MockActivityEnvironment } from '@temporalio/testing';
import pino from 'pino';
import { createListIngestionActivities, type FetchEvent, type IngestSummary } from '../../../activities/lists/activities';
import { julianDay } from '../../../activities/lists/fetch/run';
import { readFetchState } from '../../../activities/lists/fetch/state';
import { buildCoverageView } from '../../../activities/lists/coverage';
import { FETCH_RECIPES } from '../../../activities/lists/sources/recipes';
import type { AutomaticRecipe, FetchRecipe } from '../../../activities/lists/sources/recipe';
import { SOURCE_CATALOG } from '../../../activities/lists/sources/catalog';
import { generateLists, type Manifest } from '../../../infra/dev/synthetic/generate';
import { scratchDir } from '../../fixtures/lists/builders';
import { landingPage, startFakePublisher, type FakePublisher, type Served } from '../../fixtures/lists/fakePublisher';
import { PUBLISHER_SHAPES } from '../../fixtures/lists/publisherShapes';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * Every source with a recipe is fetched from a fake publisher on loopback, addressed through
 * LIST_PUBLISHER_BASE_URL with the recipe unchanged: its landing page shaped like the real one,
 * the file renamed on the next release, a 304, a 404, a link that moved, a body cut short and a
 * file over the cap. The worker's activity runs as in production (LIST_FETCH=publishers) against
 * the real PostgreSQL.
 */
const SAM_KEY = 'sam-test-key-7f3a9c';
const FETCHED = Object.entries(FETCH_RECIPES)
  .filter((e): e is [string, AutomaticRecipe] => e[1].kind !== 'manual')
  .map(([key]) => key)
  .sort();
const MANUAL = Object.entries(FETCH_RECIPES)
  .filter(([, recipe]) => recipe.kind === 'manual')
  .map(([key]) => key)
  .sort();

let db: ListsDatabase;
let publisher: FakePublisher;
let generated: { dir: string; manifest: Manifest };
const logLines: string[] = [];
const fetchEvents: FetchEvent[] = [];

function currentFile(sourceKey: string): Buffer {
  const file = generated.manifest.files.find((f) => f.source === sourceKey && !/(EXCL|REIN)\.csv$/i.test(f.path));
  if (!file) throw new Error(`no generated file for ${sourceKey}`);
  return readFileSync(join(generated.dir, file.path));
}

function activities() {
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString('utf8'));
        callback();
      },
    }),
  );
  return createListIngestionActivities({
    pool: db.pool,
    logger,
    stagingDir: scratchDir(),
    env: {
      LIST_FETCH: 'publishers',
      LIST_PUBLISHER_BASE_URL: publisher.base,
      LIST_FETCH_CONTACT: 'lists@screening.example',
      LIST_FETCH_CAP_FLOOR_BYTES: '1',
      LIST_FETCH_CAP_MULTIPLE: '3',
      LIST_FETCH_TIMEOUT_MS: '10000',
      SAM_API_KEY: SAM_KEY,
    },
    onFetch: (event) => fetchEvents.push(event),
  });
}

async function ingest(sourceKey: string): Promise<IngestSummary | null> {
  return (await new MockActivityEnvironment().run(activities().ingestListArtifact, { sourceKey })) as IngestSummary | null;
}

async function failure(sourceKey: string): Promise<Error & { step?: string; status?: number | null }> {
  const outcome = await ingest(sourceKey).then(
    () => null,
    (err: Error) => err,
  );
  if (!outcome) throw new Error(`${sourceKey}: the fetch did not fail`);
  return outcome;
}

async function versionCount(sourceKey: string): Promise<number> {
  const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM list_versions WHERE source_key = $1', [sourceKey]);
  return rows[0].n;
}

async function currentVersion(sourceKey: string): Promise<string | null> {
  const { rows } = await db.pool.query('SELECT current_version_id FROM list_sources WHERE key = $1', [sourceKey]);
  return rows[0]?.current_version_id ?? null;
}

/** The recipe step that downloads the file itself, named in a failure of the download. */
function fileStep(recipe: FetchRecipe): string {
  if (recipe.kind === 'api') return 'api_call';
  return recipe.kind === 'form_post' ? 'post' : 'download';
}

/** Puts one release of a source on the fake publisher: its pages and its file. Returns the file's publisher address. */
function publish(sourceKey: string, release: number, file: Served, options: { linkMissing?: boolean } = {}): string {
  const recipe = FETCH_RECIPES[sourceKey];
  switch (recipe.kind) {
    case 'fixed_url':
    case 'json_feed':
      publisher.serve(recipe.url, file);
      return recipe.url;
    case 'api': {
      // Today's extract is published; the API answers 404 for any other day's name.
      const name = `SAM_Exclusions_Public_Extract_V2_${julianDay(new Date())}.ZIP`;
      publisher.handle(recipe.url, (request) => {
        const query = new URL(`http://x/${request.target}`).searchParams;
        if (query.get('api_key') !== SAM_KEY) return { status: 401, body: 'bad key' };
        return query.get('fileName') === name ? file : { status: 404, body: 'no such extract' };
      });
      return `${recipe.url}?fileName=${name}&api_key=REDACTED`;
    }
    case 'landing_page': {
      const shape = PUBLISHER_SHAPES[sourceKey];
      const host = new URL(recipe.page).origin;
      const fileUrl = new URL(`/${shape.fileName(release)}`, recipe.page).toString();
      recipe.follow.forEach((_rule, hop) => {
        const pageUrl = hop === 0 ? recipe.page : `${host}/hop-${hop}/index.html`;
        const last = hop === recipe.follow.length - 1;
        const next = last ? fileUrl : `${host}/hop-${hop + 1}/index.html`;
        // Absolute on the first page, root-relative on the others, as real pages mix both.
        const href = hop === 0 ? next : new URL(next).pathname;
        const links = options.linkMissing && last ? [] : [shape.anchors[hop](href)];
        publisher.serve(pageUrl, {
          body: landingPage(`${sourceKey} exclusions`, [...links, ...(last ? (shape.decoys ?? []) : [])]),
          contentType: 'text/html',
        });
      });
      publisher.serve(fileUrl, file);
      return fileUrl;
    }
    case 'form_post':
      publisher.serve(recipe.url, file);
      return recipe.url;
  }
  throw new Error(`${sourceKey} is fetched by hand`);
}

beforeAll(async () => {
  db = await createListsDatabase();
  publisher = await startFakePublisher();
  const dir = scratchDir();
  generated = { dir, manifest: await generateLists({ scale: 'demo', seed: 35, outDir: dir }) };
}, 240_000);
afterAll(async () => {
  await publisher.close();
  await db.drop();
});

describe('fetching every source from its publisher with its recipe', () => {
  it('has a recipe for every catalog source, and a publisher shape for every landing page', () => {
    expect(Object.keys(FETCH_RECIPES).sort()).toEqual(SOURCE_CATALOG.map((s) => s.key).sort());
    for (const key of FETCHED) if (FETCH_RECIPES[key].kind === 'landing_page') expect(PUBLISHER_SHAPES[key]).toBeDefined();
  });

  it.each(FETCHED)(
    '%s: ingests the current file, keeps it on a 304 or a renamed unchanged file, refuses a cut or oversized body, and names the failing step',
    async (sourceKey) => {
      const recipe = FETCH_RECIPES[sourceKey];
      const body = currentFile(sourceKey);
      const url1 = publish(sourceKey, 1, { body, etag: '"r1"', lastModified: 'Mon, 03 Nov 2025 10:00:00 GMT' });

      // The current file is found and published.
      const first = await ingest(sourceKey);
      expect(first).toMatchObject({ outcome: 'published', sourceKey });
      if (first?.outcome !== 'published') throw new Error('not published');
      const fileRequest = publisher.requests.filter((r) => r.method === (recipe.kind === 'form_post' ? 'POST' : 'GET')).at(-1);
      expect(fileRequest?.headers['user-agent']).toMatch(/^ExclusionScreeningService\/1 .*contact: lists@screening\.example/);
      expect(await readFetchState(db.pool, sourceKey)).toMatchObject({
        lastOutcome: 'new',
        url: url1,
        etag: '"r1"',
        artifactBytes: body.length,
      });

      // Unchanged at the publisher: a conditional request answered 304 (a POST: the same bytes), nothing published.
      const again = await ingest(sourceKey);
      expect(again).toEqual({ outcome: 'unchanged', sourceKey, versionId: first.versionId });
      if (recipe.kind === 'form_post') {
        // A POST is not conditional: the same answer is downloaded again and found unchanged by its checksum.
        expect(publisher.requests.at(-1)?.headers['if-none-match']).toBeUndefined();
      } else {
        expect(publisher.requests.at(-1)?.headers['if-none-match']).toBe('"r1"');
        expect(await readFetchState(db.pool, sourceKey)).toMatchObject({ lastOutcome: 'not_modified' });
      }
      expect(await versionCount(sourceKey)).toBe(1);

      // The next release renames the file (same content): found under its new name, unchanged by checksum.
      let current = url1;
      if (recipe.kind === 'landing_page') {
        current = publish(sourceKey, 2, { body, etag: '"r2"' });
        expect(current).not.toBe(url1);
        const renamed = await ingest(sourceKey);
        expect(renamed).toMatchObject({ outcome: 'unchanged', versionId: first.versionId });
        expect(await readFetchState(db.pool, sourceKey)).toMatchObject({ lastOutcome: 'new', url: current, etag: '"r2"' });
      }

      // A body cut short of its Content-Length: refused at the download step, the current version stays.
      publish(sourceKey, recipe.kind === 'landing_page' ? 2 : 1, { body, etag: '"cut"', cutAt: 0.6 });
      const cut = await failure(sourceKey);
      expect(cut).toMatchObject({ name: 'FetchStepError', step: fileStep(recipe) });
      expect(cut.message).toMatch(/Content-Length announced; the artifact is incomplete/);
      expect(await currentVersion(sourceKey)).toBe(first.versionId);

      // A file over the cap (3 times the current artifact), sent without a length: stopped while it streams.
      publish(sourceKey, recipe.kind === 'landing_page' ? 2 : 1, {
        body: Buffer.concat([body, body, body, body]),
        etag: '"big"',
        chunked: true,
      });
      const oversized = await failure(sourceKey);
      expect(oversized.message).toMatch(new RegExp(`byte cap of ${body.length * 3} bytes`));
      expect(await currentVersion(sourceKey)).toBe(first.versionId);
      expect(await versionCount(sourceKey)).toBe(1);

      // The link moved off the landing page: a fetch failure naming the step.
      if (recipe.kind === 'landing_page') {
        publish(sourceKey, 3, { body, etag: '"r3"' }, { linkMissing: true });
        const moved = await failure(sourceKey);
        expect(moved).toMatchObject({ step: 'find_link', status: null });
        expect(moved.message).toMatch(/^no link on https?:\/\/\S+ matches /);
        expect(await readFetchState(db.pool, sourceKey)).toMatchObject({ lastOutcome: 'failed', failedStep: 'find_link' });
      }

      // The file is gone (404): a failure with the status code, recorded with its step.
      if (recipe.kind === 'api') publisher.handle(recipe.url, () => ({ status: 404, body: 'none' }));
      else if (recipe.kind === 'landing_page') publish(sourceKey, 4, { body: 'gone', status: 404 });
      else publisher.serve(current, { body: 'gone', status: 404 });
      const gone = await failure(sourceKey);
      expect(gone).toMatchObject({ step: fileStep(recipe), status: 404 });
      expect(await readFetchState(db.pool, sourceKey)).toMatchObject({ lastOutcome: 'failed', failedStatus: 404 });
      expect(fetchEvents.filter((e) => e.sourceKey === sourceKey && e.outcome === 'failed').at(-1)).toMatchObject({ status: 404 });
      expect(await currentVersion(sourceKey)).toBe(first.versionId);
    },
    120_000,
  );

  it.each(MANUAL)('%s: is fetched by hand, so no fetch runs and the recipe says why', async (sourceKey) => {
    const recipe = FETCH_RECIPES[sourceKey];
    expect(recipe.kind === 'manual' && recipe.reason.length).toBeGreaterThan(20);
    const before = publisher.requests.length;
    expect(await ingest(sourceKey)).toBeNull();
    expect(publisher.requests.length).toBe(before);
  });

  it('never writes the SAM key to a log line or an error, whatever the outcome', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SAM_KEY);
    expect(logLines.some((line) => line.includes('api_key=REDACTED'))).toBe(true);
  });
});

describe('a source whose publisher fails for longer than its cadence is stale in the coverage report', () => {
  it('turns a published, fresh list stale once its fetch has failed for more than one period, and says so', async () => {
    const sourceKey = 'state_ny';
    expect(await currentVersion(sourceKey)).not.toBeNull();
    // Its last failure (the 404 above) started the failing run now: not yet longer than a month.
    await db.pool.query("UPDATE list_versions SET retrieved_at = now() - interval '1 hour' WHERE source_key = $1", [sourceKey]);
    let view = await buildCoverageView(db.pool);
    expect(view.report.sources.find((s) => s.key === sourceKey)?.status).toBe('live');
    await db.pool.query("UPDATE list_fetch_state SET failing_since = now() - interval '32 days' WHERE source_key = $1", [sourceKey]);
    view = await buildCoverageView(db.pool);
    expect(view.report.sources.find((s) => s.key === sourceKey)?.status).toBe('stale');
    expect(view.freshness[sourceKey]).toMatchObject({ stale: true, fetchFailingSince: expect.any(String) });
    // This process (NODE_ENV=test, no LIST_FETCH) fetches nothing itself: the report says so.
    expect(view.report.sources.find((s) => s.key === sourceKey)?.fetchedBy).toBe('by_hand');
  });
});
