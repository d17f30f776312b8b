import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../../activities';
import { createMatcherClient } from '../../../matcher/client';
import { createLogger } from '../../../infra/base/log';
import { ensureIngestionSchedules } from '../../../infra/schedules/ingestionSchedules';
import { listIngestion } from '../../../workflows/listIngestion';
import { copyFixture, createListsDatabase, type ListsDatabase } from './support';

let db: ListsDatabase;
let connection: Connection;
let client: Client;
beforeAll(async () => {
  db = await createListsDatabase();
  connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS as string });
  client = new Client({ connection });
});
afterAll(async () => {
  await connection.close();
  await db.drop();
});

describe('listIngestion workflow', () => {
  it('fetches the configured artifact, ingests it and publishes a version', async () => {
    const taskQueue = `lists-test-${randomBytes(3).toString('hex')}`;
    const env = { LIST_ARTIFACT_STATE_LA: copyFixture('states/la.csv') };
    const stagingDir = mkdtempSync(join(tmpdir(), 'lists-staging-'));
    const workerConnection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS as string });
    const worker = await Worker.create({
      connection: workerConnection,
      taskQueue,
      workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH as string },
      // Every activity the workflow calls: with no monitored record, the fan-out never calls the matcher.
      activities: createActivities({
        pool: db.pool,
        logger: createLogger('lists-test', 'silent'),
        env,
        stagingDir,
        temporal: client,
        matcher: createMatcherClient('http://127.0.0.1:9'),
      }),
      maxCachedWorkflows: 10,
      shutdownGraceTime: '2s',
    });
    const run = (sourceKey: string) =>
      client.workflow.execute(listIngestion, { taskQueue, workflowId: `list-ingestion/${sourceKey}/${taskQueue}`, args: [{ sourceKey }] });
    const [published, fanOut, unchanged, unconfigured] = await worker.runUntil(async () => {
      const first = await run('state_la');
      // The version's fan-out runs as a workflow of its own, started by the ingestion.
      const fanOutResult = 'fanOut' in first && first.fanOut ? await client.workflow.getHandle(first.fanOut.workflowId).result() : null;
      return [first, fanOutResult, await run('state_la'), await run('state_ar')] as const;
    });
    await workerConnection.close();
    expect(published).toMatchObject({ outcome: 'published', sourceKey: 'state_la', entryCount: 3 });
    if (published.outcome !== 'published') throw new Error('not published');
    expect(published.fanOut).toEqual({ workflowId: `list-version/state_la/${published.versionId}` });
    expect(fanOut).toMatchObject({ listUpdates: 0, monitoring: { recordsReached: 0, recordsRescreened: 0, statusChanges: 0 } });
    expect(unchanged).not.toHaveProperty('fanOut');
    expect(unchanged).toMatchObject({ outcome: 'unchanged', sourceKey: 'state_la' });
    expect(unconfigured).toEqual({ outcome: 'no_artifact_location', sourceKey: 'state_ar' });
    const { rows } = await db.pool.query(
      `SELECT s.current_version_id, v.state, v.source_url, v.artifact_name FROM list_sources s JOIN list_versions v ON v.source_key = s.key WHERE s.key = 'state_la'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'published', artifact_name: 'la.csv', source_url: null });
    expect(rows[0].current_version_id).toBe(published.versionId);
    // The staged copies are gone once ingested.
    expect(readdirSync(join(stagingDir, 'state_la'))).toEqual([]);
    rmSync(stagingDir, { recursive: true, force: true });
  });
});

describe('ensureIngestionSchedules', () => {
  it('creates one schedule per source with an artifact location, idempotently, and removes unconfigured ones', async () => {
    const env = { LIST_ARTIFACT_STATE_SC: '/nonexistent/sc.xlsx', LIST_ARTIFACT_OIG_LEIE: 'https://example.invalid/UPDATED.csv' };
    expect(await ensureIngestionSchedules(client, env)).toEqual(['list-ingestion/oig_leie', 'list-ingestion/state_sc']);
    expect(await ensureIngestionSchedules(client, env)).toEqual(['list-ingestion/oig_leie', 'list-ingestion/state_sc']);
    const leie = await client.schedule.getHandle('list-ingestion/oig_leie').describe();
    expect(leie.action).toMatchObject({ type: 'startWorkflow', workflowType: 'listIngestion', args: [{ sourceKey: 'oig_leie' }] });
    expect(leie.spec.intervals?.[0].every).toBe(86_400_000);
    // A state list polls at least as often as its cadence (jurisdictions.ts): SC states none, so daily.
    const sc = await client.schedule.getHandle('list-ingestion/state_sc').describe();
    expect(sc.spec.intervals?.[0].every).toBe(86_400_000);
    expect(await ensureIngestionSchedules(client, { LIST_ARTIFACT_OIG_LEIE: env.LIST_ARTIFACT_OIG_LEIE })).toEqual([
      'list-ingestion/oig_leie',
    ]);
    await expect(client.schedule.getHandle('list-ingestion/state_sc').describe()).rejects.toThrow();
    await ensureIngestionSchedules(client, {});
    await expect(client.schedule.getHandle('list-ingestion/oig_leie').describe()).rejects.toThrow();
  });
});
