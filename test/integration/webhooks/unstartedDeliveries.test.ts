import { randomBytes } from 'node:crypto';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { createOrganization } from '../../../gateway/orgs/organizations';
import { rescreenRecords, type RescreenDeps } from '../../../activities/monitoring/screeningPipeline';
import { loadActiveRecords, upsertRecord } from '../../../activities/monitoring/records';
import { createEndpoint, emitWebhookEvents, startUnstartedDeliveries } from '../../../activities/webhooks';
import { unstartedDeliverySweep } from '../../../workflows/unstartedDeliverySweep';
import type { ScreeningResult } from '../../../matcher/types';
import { ensureUnstartedDeliverySchedule } from '../../../infra/schedules/unstartedDeliverySchedule';
import { createListsDatabase, type ListsDatabase } from '../lists/support';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * A status change recorded is always sent. A re-screen commits the record's new status and its
 * match_status_change delivery in one transaction, then starts the delivery's workflow; a worker
 * that dies between the two leaves a pending delivery that its retry, finding the status stored,
 * never starts. The `unstarted-deliveries` sweep starts it.
 */
let db: ListsDatabase;
let worker: TestWorker;
let receiver: WebhookReceiver;

beforeAll(async () => {
  db = await createListsDatabase();
  worker = await startTestWorker({
    pool: db.pool,
    matcherUrl: 'http://127.0.0.1:9',
    taskQueue: `unstarted-${randomBytes(3).toString('hex')}`,
  });
  receiver = await startWebhookReceiver();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await worker?.stop();
  await db?.drop();
});

const screened = (status: ScreeningResult['status']): ScreeningResult => ({
  status,
  matches: [],
  sources: [],
  checkedAt: new Date().toISOString(),
  recallCapped: false,
});

/** A matcher that screens every record `potential_match` (the test's database holds no list, so no list is cited). */
const matcher = {
  async matchManyWithHeadroom(entities: unknown[]) {
    return { results: entities.map(() => screened('potential_match')), headroom: entities.map(() => 500), rulesVersion: 1 };
  },
} as unknown as RescreenDeps['matcher'];

/** A Temporal client of a worker that dies right after the commit: the start never reaches the server. */
const dyingTemporal = {
  workflow: {
    start: async () => {
      throw new Error('worker killed between commit and start');
    },
  },
} as unknown as Client;

async function enrolledRecord(): Promise<{ orgId: string; recordId: string }> {
  const org = await createOrganization(db.pool, { name: 'sweep test', plan: 'large' });
  const endpoint = await createEndpoint(db.pool, org.id, receiver.url, ['match_status_change']);
  if (!endpoint) throw new Error('endpoint refused');
  receiver.secret = endpoint.secret;
  const client = await db.pool.connect();
  try {
    const entity = { type: 'person' as const, name: 'Rosalind Quarterfield' };
    const { id } = await upsertRecord(client, {
      orgId: org.id,
      entity,
      entityHash: randomBytes(16).toString('hex'),
      result: screened('clear'),
      headroom: 500,
      rulesVersion: 1,
    });
    return { orgId: org.id, recordId: id };
  } finally {
    client.release();
  }
}

async function deliveryOf(recordId: string) {
  const { rows } = await db.pool.query<{ id: string; status: string; attempts: number }>(
    `SELECT d.id, d.status, (SELECT count(*)::int FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts
       FROM webhook_deliveries d WHERE d.monitored_record_id = $1`,
    [recordId],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

const sweep = () =>
  worker.client.workflow.execute(unstartedDeliverySweep, {
    taskQueue: worker.taskQueue,
    workflowId: `unstarted-deliveries/test-${randomBytes(3).toString('hex')}`,
    args: [],
  });

describe('a status change whose delivery was committed but never started is sent by the unstarted-deliveries sweep', () => {
  it('the re-screen dies after its commit, its retry starts nothing, and the sweep sends the delivery once it is a minute old', async () => {
    const { recordId } = await enrolledRecord();
    const records = await loadActiveRecords(db.pool, [recordId]);
    const deps = (temporal: Client): RescreenDeps => ({ pool: db.pool, matcher, temporal, taskQueue: worker.taskQueue });

    await expect(rescreenRecords(deps(dyingTemporal), records, 'list-version:sweep-test')).rejects.toThrow(
      'worker killed between commit and start',
    );
    // The activity's retry: the status is stored already, so it sees no change and starts nothing.
    expect(await rescreenRecords(deps(worker.client), await loadActiveRecords(db.pool, [recordId]), 'list-version:sweep-test')).toBe(0);
    const delivery = await deliveryOf(recordId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    await expect(worker.client.workflow.getHandle(`webhook-delivery/${delivery.id}`).describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );

    // Under a minute old, it may still be starting: the sweep leaves it.
    expect(await sweep()).toEqual({ taken: 0 });
    await db.pool.query("UPDATE webhook_deliveries SET created_at = created_at - interval '61 seconds' WHERE id = $1", [delivery.id]);
    expect(await sweep()).toEqual({ taken: 1 });

    const [got] = await receiver.waitFor(1);
    expect(got.headers['service-webhook-id']).toBe(delivery.id);
    expect(got.verification.ok).toBe(true);
    expect(JSON.parse(got.rawBody.toString('utf8'))).toMatchObject({
      type: 'match_status_change',
      data: { recordId, previousStatus: 'clear', status: 'potential_match' },
    });
    await worker.client.workflow.getHandle(`webhook-delivery/${delivery.id}`).result();
    expect(await deliveryOf(recordId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Sent once: the next sweep finds nothing to start.
    expect(await sweep()).toEqual({ taken: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('is run every minute by the unstarted-deliveries schedule, which the worker ensures idempotently', async () => {
    try {
      expect(await ensureUnstartedDeliverySchedule(worker.client)).toBe('unstarted-deliveries');
      expect(await ensureUnstartedDeliverySchedule(worker.client)).toBe('unstarted-deliveries');
      const schedule = await worker.client.schedule.getHandle('unstarted-deliveries').describe();
      expect(schedule.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: 'unstartedDeliverySweep',
        workflowId: 'unstarted-deliveries',
      });
      expect(schedule.spec.intervals?.[0].every).toBe(60_000);
      expect(schedule.policies.overlap).toBe('SKIP');
    } finally {
      await worker.client.schedule
        .getHandle('unstarted-deliveries')
        .delete()
        .catch(() => undefined);
    }
  });
});

describe('the unstarted-deliveries sweep reads only deliveries whose workflow was never started', () => {
  /** The worker's client, counting the workflow starts asked of it. */
  function countingClient(): { client: Client; starts: () => number } {
    let starts = 0;
    const client = {
      workflow: {
        start: (...args: Parameters<Client['workflow']['start']>) => {
          starts++;
          return worker.client.workflow.start(...args);
        },
      },
    } as unknown as Client;
    return { client, starts: () => starts };
  }

  it('with 50,000 pending deliveries whose workflows run (queued behind the cap), a sweep starts only the ones never started', async () => {
    const org = await createOrganization(db.pool, { name: 'sweep backlog', plan: 'large' });
    const endpoint = await createEndpoint(db.pool, org.id, 'http://127.0.0.1:9/hooks', ['batch_completed']);
    if (!endpoint) throw new Error('endpoint refused');
    // Emitted as every emitter does: recorded, started, and the start recorded.
    const emitted = await emitWebhookEvents(
      db.pool,
      worker.client,
      worker.taskQueue,
      Array.from({ length: 3 }, (_, i) => ({
        orgId: org.id,
        type: 'batch_completed' as const,
        eventKey: `batch:emitted-${i}-${randomBytes(4).toString('hex')}`,
        data: {},
      })),
    );
    const { rows: marked } = await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE id = ANY ($1::uuid[]) AND workflow_started_at IS NOT NULL',
      [emitted.map((r) => r.id)],
    );
    expect(marked[0].n).toBe(3);
    // The backlog: 50,000 more whose workflows were started (and wait behind the organization's cap), generated here.
    await db.pool.query(
      `INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, body, created_at, workflow_started_at)
       SELECT $1, $2, gen_random_uuid(), 'batch_completed', 'backlog:' || g, '{}', now() - interval '10 minutes', now() - interval '10 minutes'
         FROM generate_series(1, 50000) g`,
      [org.id, endpoint.id],
    );
    // And two whose emitter died between its commit and its start.
    const { rows: unstarted } = await db.pool.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, body, created_at)
       SELECT $1, $2, gen_random_uuid(), 'batch_completed', 'unstarted:' || g || ':' || gen_random_uuid(), '{}', now() - interval '2 minutes'
         FROM generate_series(1, 2) g RETURNING id`,
      [org.id, endpoint.id],
    );
    await db.pool.query("UPDATE webhook_deliveries SET created_at = now() - interval '2 minutes' WHERE id = ANY ($1::uuid[])", [
      emitted.map((r) => r.id),
    ]);

    const first = countingClient();
    expect(await startUnstartedDeliveries(db.pool, first.client, worker.taskQueue)).toBe(2);
    expect(first.starts()).toBe(2);
    for (const { id } of unstarted) {
      expect((await worker.client.workflow.getHandle(`webhook-delivery/${id}`).describe()).workflowId).toBe(`webhook-delivery/${id}`);
    }
    // Every minute after that: nothing to start, however long the backlog.
    const next = countingClient();
    expect(await startUnstartedDeliveries(db.pool, next.client, worker.taskQueue)).toBe(0);
    expect(next.starts()).toBe(0);
  }, 120_000);
});
