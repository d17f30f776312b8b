import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { generateLists } from '../../../infra/dev/synthetic/generate';
import { listIngestion } from '../../../workflows/listIngestion';
import { call, createOrgWithKey, startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { publishLeie } from '../support/lists';
import { startTestWorker, type TestWorker } from '../support/worker';
import { scratchDir } from '../../fixtures/lists/builders';
import { writeZip, zipEntries } from '../../fixtures/lists/zipBomb';
import { createListsDatabase, type ListsDatabase } from './support';

/**
 * List parsing runs beside batch screening in the same worker: a 1 GB ZIP bomb handed to the
 * scheduled ingestion is refused, the current version stays published, and a batch submitted
 * at the same time completes. (`npm run bench:hostile-lists` prints the batch's rate with and
 * without the bomb.)
 */
let db: ListsDatabase;
let gw: InProcessGateway;
let worker: TestWorker;
let bomb: string;
let publishedVersion: string;

beforeAll(async () => {
  db = await createListsDatabase();
  await publishLeie(db.pool, [{ last: 'EXAMPLESON', first: 'JORDAN', dob: '19780214' }]);
  const outDir = scratchDir();
  const manifest = await generateLists({ scale: 'small', seed: 11, outDir, withoutNppes: true });
  const ky = join(outDir, manifest.files.find((file) => file.source === 'state_ky')?.path ?? 'missing');
  const first = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ky', artifactPath: ky });
  if (first.outcome !== 'published') throw new Error(`state_ky not published: ${first.outcome}`);
  publishedVersion = first.versionId;
  const entries = await zipEntries(readFileSync(ky));
  bomb = writeZip(
    join(scratchDir(), 'ky.xlsx'),
    entries.map((entry) => (entry.name === 'xl/worksheets/sheet1.xml' ? { name: entry.name, zeroMegabytes: 1024 } : entry)),
  );
  gw = await startInProcessGateway({ databaseUrl: db.url });
  worker = await startTestWorker({
    pool: gw.pool,
    matcherUrl: gw.matcherServer!.url,
    taskQueue: gw.deps.taskQueue,
    env: { ...process.env, LIST_ARTIFACT_STATE_KY: bomb },
    stagingDir: scratchDir(),
  });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await gw?.close();
  await db?.drop();
});

async function completedBatch(apiKey: string, jobId: string) {
  for (;;) {
    const reply = await call(gw.url, 'GET', `/v1/batch/${jobId}`, { apiKey });
    expect(reply.status).toBe(200);
    if (reply.body.state === 'completed') return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a hostile list file parsed beside a batch', () => {
  it('refuses a 1 GB ZIP bomb, keeps the current version, and the batch submitted beside it completes', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const items = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? { type: 'person', name: 'Jordan Q Exampleson', dateOfBirth: '1978-02-14' }
        : { type: 'person', name: `Unlisted Person ${i}`, state: 'TX' },
    );
    const ingestion = worker.client.workflow.execute(listIngestion, {
      taskQueue: worker.taskQueue,
      workflowId: `list-ingestion/state_ky/${worker.taskQueue}`,
      args: [{ sourceKey: 'state_ky' }],
    });
    const submitted = await call(gw.url, 'POST', '/v1/batch', { apiKey, body: { items }, headers: { 'idempotency-key': randomUUID() } });
    expect(submitted.status).toBe(202);
    const [summary, job] = await Promise.all([ingestion, completedBatch(apiKey, submitted.body.jobId)]);

    expect(summary).toMatchObject({
      outcome: 'refused',
      sourceKey: 'state_ky',
      reason:
        'the XLSX artifact: xl/worksheets/sheet1.xml inflates from 1.0 MB to 1024 MB, more than 100 times: no list compresses so well (a ZIP bomb?)',
    });
    const { rows } = await db.pool.query("SELECT current_version_id FROM list_sources WHERE key = 'state_ky'");
    expect(rows[0].current_version_id).toBe(publishedVersion);

    expect(job).toMatchObject({ state: 'completed', totalItems: 200, completedItems: 200, failedItems: 0 });
    const statuses = job.results.map((r: { result: { status: string } }) => r.result.status);
    expect(statuses.filter((s: string) => s === 'potential_match')).toHaveLength(100);
  });
});
