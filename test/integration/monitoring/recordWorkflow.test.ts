import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createMonitoringActivities } from '../../../activities/monitoring/activities';
import { monitorWorkflowId } from '../../../workflows/contracts';
import { monitoredEntity } from '../../../workflows/monitoredEntity';
import { billingPeriod, periodBounds, readPeriodCounts } from '../../../activities/metering';
import { createOrganization } from '../../../gateway/orgs/organizations';
import { createLogger } from '../../../infra/base/log';
import { createMatcherClient } from '../../../matcher/client';
import { createListsDatabase, type ListsDatabase } from '../lists/support';

/**
 * The monitor/{recordId} workflow across months, on Temporal's time-skipping test server (a
 * month of timers passes in milliseconds) with the real activities on PostgreSQL: it meters each
 * month it is alive in, continues as new there, carries on in a new worker after a restart, and ends
 * once its record is removed.
 */
const TEST_SERVER = process.env.TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '..', '..', '..', '.venv', 'bin', 'temporal-test-server');
const HOUR = 3_600_000;

let env: TestWorkflowEnvironment;
let db: ListsDatabase;
beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: TEST_SERVER } } });
  db = await createListsDatabase();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
  await db?.drop();
});

/** A worker process's life: created, polling while `body` runs, shut down. */
async function withWorker<T>(taskQueue: string, body: () => Promise<T>): Promise<T> {
  const matcher = createMatcherClient('http://127.0.0.1:9'); // not called: the record starts caught up
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH as string },
    activities: createMonitoringActivities({
      pool: db.pool,
      logger: createLogger('record-workflow-test', 'silent'),
      matcher,
      temporal: env.client,
    }),
    // No sticky cache: every task replays the run's history, as after a restart. (With one, the
    // test server keeps a task on the stopped worker's sticky queue and time stops skipping.)
    maxCachedWorkflows: 0,
    shutdownGraceTime: '2s',
  });
  try {
    return await worker.runUntil(body);
  } finally {
    matcher.close();
  }
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('monitor/{recordId} workflow', () => {
  it('meters each month it lives in, continues as new at each, survives a worker restart and ends once removed', async () => {
    const org = await createOrganization(db.pool, { name: 'Workflow months', plan: 'small' });
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at)
       VALUES ($1, '{"type":"person","name":"Months Person"}', $2, 'person', false, 'clear', '{}', '{}', now()) RETURNING id`,
      [org.id, randomUUID()],
    );
    const recordId = rows[0].id;
    const taskQueue = `record-workflow-${randomUUID().slice(0, 8)}`;
    const months = async (period: string) => (await readPeriodCounts(db.pool, org.id, period)).recordMonths;
    const firstMonth = billingPeriod(new Date(await env.currentTimeMs()));
    const secondMonth = billingPeriod(new Date(periodBounds(firstMonth).endsAt));
    const thirdMonth = billingPeriod(new Date(periodBounds(secondMonth).endsAt));

    const handle = await env.client.workflow.start(monitoredEntity, {
      taskQueue,
      workflowId: monitorWorkflowId(recordId),
      args: [{ recordId, orgId: org.id, caughtUp: true }],
    });
    await withWorker(taskQueue, () => until(async () => (await months(firstMonth)) === 1, `${firstMonth} metered`));
    const firstRun = (await handle.describe()).runId;

    // A new worker, with nothing of the first one's cache, takes the workflow over across the month turn.
    await withWorker(taskQueue, async () => {
      await env.sleep(Date.parse(periodBounds(firstMonth).endsAt) - (await env.currentTimeMs()) + HOUR);
      await until(async () => (await months(secondMonth)) === 1, `${secondMonth} metered after the restart`);
    });
    const secondRun = await handle.describe();
    expect(secondRun.runId).not.toBe(firstRun);
    expect(secondRun.status.name).toBe('RUNNING');
    // continued as new: the new run's history is a handful of events, whatever the record's age.
    const history = await env.client.workflow.getHandle(`monitor/${recordId}`, secondRun.runId).fetchHistory();
    expect(history.events?.length).toBeLessThan(20);

    await db.pool.query('UPDATE monitored_records SET removed_at = now() WHERE id = $1', [recordId]);
    // Awaiting the result lets the server skip to the next month, where the workflow finds the record removed.
    expect(await withWorker(taskQueue, () => handle.result())).toBe('removed');
    expect([await months(firstMonth), await months(secondMonth), await months(thirdMonth)]).toEqual([1, 1, 0]);
  });
});
