import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createListIngestionActivities } from '../../../activities/lists/activities';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { createLogger } from '../../../infra/base/log';
import { scratchDir } from '../../fixtures/lists/builders';
import { createListsDatabase, leieRow, writeLeie, type ListsDatabase } from './support';

/**
 * A truncated list is not published: a file cut at a row boundary parses cleanly, so it is caught
 * by what it removes (the source's removal limit in the catalog) and, when it is downloaded, by
 * the bytes its publisher announced.
 */
let db: ListsDatabase;
beforeAll(async () => {
  db = await createListsDatabase();
});
afterAll(async () => {
  await db.drop();
});

const people = (count: number, from = 0): string[] =>
  Array.from({ length: count }, (_, i) => leieRow(`LISTED${String(from + i).padStart(5, '0')}`, 'PAT', '19700101', '20200101'));

async function currentLeieVersion(pool = db.pool): Promise<string | null> {
  const { rows } = await pool.query("SELECT current_version_id FROM list_sources WHERE key = 'oig_leie'");
  return rows[0]?.current_version_id ?? null;
}

describe('a full artifact that removes more of the list than its source allows is refused unless forced', () => {
  it('refuses an LEIE file cut at a row boundary at 70%, keeps the current version, and publishes it when forced', async () => {
    const full = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: writeLeie('UPDATED.csv', people(1000)) });
    expect(full).toMatchObject({ outcome: 'published', entryCount: 1000 });
    if (full.outcome !== 'published') throw new Error('not published');

    // An ordinary month: 40 reinstated, 25 added.
    const ordinary = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'oig_leie',
      artifactPath: writeLeie('UPDATED.csv', [...people(960), ...people(25, 5000)]),
    });
    expect(ordinary).toMatchObject({ outcome: 'published', diff: { added: 25, removed: 40, changed: 0 } });
    if (ordinary.outcome !== 'published') throw new Error('not published');

    // The same file cut after 70% of its rows: more than half is left, and every row reads.
    const cutRows = [...people(960), ...people(25, 5000)].slice(0, 690);
    const refused = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: writeLeie('UPDATED.csv', cutRows) });
    expect(refused).toMatchObject({ outcome: 'refused', badRowCount: 0 });
    if (refused.outcome !== 'refused') throw new Error('not refused');
    expect(refused.reason).toMatch(/removes 295 of the current version's 985 entries \(29\.9%\), more than the 5\.0% oig_leie allows/);
    expect(await currentLeieVersion()).toBe(ordinary.versionId);
    const { rows } = await db.pool.query(
      `SELECT v.state, (SELECT count(*)::int FROM list_entries e WHERE e.version_id = v.id) AS entries,
              (SELECT count(*)::int FROM list_version_diffs d WHERE d.version_id = v.id) AS diff_rows
         FROM list_versions v WHERE v.id = $1`,
      [refused.versionId],
    );
    expect(rows[0]).toEqual({ state: 'rejected', entries: 0, diff_rows: 0 });

    const forced = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'oig_leie',
      artifactPath: writeLeie('UPDATED.csv', cutRows),
      force: true,
    });
    expect(forced).toMatchObject({ outcome: 'published', entryCount: 690, diff: { removed: 295 } });
  });
});

/** A loopback publisher that announces the whole file in Content-Length and sends `sentShare` of it, then closes. */
async function lyingPublisher(body: Buffer, sentShare: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.end(body.subarray(0, Math.floor(body.length * sentShare)));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/UPDATED.csv`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('a downloaded artifact shorter than its Content-Length is refused', () => {
  it('the ingestion fails naming the bytes received and announced, stores no version and leaves no staged file', async () => {
    const own = await createListsDatabase();
    const file = readFileSync(writeLeie('UPDATED.csv', people(300)));
    // Cut at a row boundary near 70%: what is received parses as a smaller, valid list.
    const cutAt = file.subarray(0, Math.floor(file.length * 0.7)).lastIndexOf('\n') + 1;
    const publisher = await lyingPublisher(file, cutAt / file.length);
    const stagingDir = scratchDir();
    const activities = createListIngestionActivities({
      pool: own.pool,
      logger: createLogger('lists-test', 'silent'),
      stagingDir,
      env: { LIST_ARTIFACT_OIG_LEIE: publisher.url },
    });
    try {
      const failure = await new MockActivityEnvironment().run(activities.ingestListArtifact, { sourceKey: 'oig_leie' }).then(
        () => null,
        (err: Error) => err,
      );
      expect(failure).toMatchObject({ name: 'TruncatedDownloadError' });
      expect(failure?.message).toBe(
        `GET ${publisher.url} delivered ${cutAt} bytes of the ${file.length} its Content-Length announced; the artifact is incomplete`,
      );
      const { rows } = await own.pool.query("SELECT count(*)::int AS n FROM list_versions WHERE source_key = 'oig_leie'");
      expect(rows[0].n).toBe(0);
      expect(readdirSync(stagingDir, { recursive: true }).filter((f) => String(f).endsWith('.csv'))).toEqual([]);
    } finally {
      await publisher.close();
      await own.drop();
    }
  });

  it('the same artifact sent whole is published', async () => {
    const own = await createListsDatabase();
    const file = readFileSync(writeLeie('UPDATED.csv', people(300)));
    const publisher = await lyingPublisher(file, 1);
    const activities = createListIngestionActivities({
      pool: own.pool,
      logger: createLogger('lists-test', 'silent'),
      stagingDir: scratchDir(),
      env: { LIST_ARTIFACT_OIG_LEIE: publisher.url },
    });
    try {
      const summary = await new MockActivityEnvironment().run(activities.ingestListArtifact, { sourceKey: 'oig_leie' });
      expect(summary).toMatchObject({ outcome: 'published', entryCount: 300 });
    } finally {
      await publisher.close();
      await own.drop();
    }
  });
});
