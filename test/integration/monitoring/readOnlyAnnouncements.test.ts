import { randomBytes } from 'node:crypto';
import { createOrganization, setOrganizationState } from '../../../gateway/orgs/organizations';
import { rescreenRecords, type RescreenDeps } from '../../../activities/monitoring/screeningPipeline';
import { resumeReactivatedOrganizations } from '../../../activities/monitoring/resume';
import { loadActiveRecords, upsertRecord } from '../../../activities/monitoring/records';
import { createEndpoint, recordDeliveries, startDeliveryWorkflows } from '../../../activities/webhooks';
import type { ScreeningResult, ScreeningStatus } from '../../../matcher/types';
import { createListsDatabase, type ListsDatabase } from '../lists/support';
import { startTestWorker, type TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

/**
 * A read-only organization's monitoring is paused, and nothing of it is lost: a status change
 * stored while its event could not be recorded (the organization turned read-only during the
 * re-screen) is announced once it is active again, against the status last announced; and a
 * monitoring delivery already pending when it turned read-only is held by its attempt, not
 * retried for hours, and sent once it is active again.
 */
let db: ListsDatabase;
let worker: TestWorker;

beforeAll(async () => {
  db = await createListsDatabase();
  worker = await startTestWorker({
    pool: db.pool,
    matcherUrl: 'http://127.0.0.1:9',
    taskQueue: `read-only-${randomBytes(3).toString('hex')}`,
  });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await db?.drop();
});

const screened = (status: ScreeningStatus): ScreeningResult => ({
  status,
  matches: [],
  sources: [],
  checkedAt: new Date().toISOString(),
  recallCapped: false,
});

/** A matcher that screens every record with `status.now` (the test's database holds no list, so no list is cited). */
function matcherAnswering(status: { now: ScreeningStatus }): RescreenDeps['matcher'] {
  return {
    async matchManyWithHeadroom(entities: unknown[]) {
      return { results: entities.map(() => screened(status.now)), headroom: entities.map(() => 500), rulesVersion: 1 };
    },
  } as unknown as RescreenDeps['matcher'];
}

async function monitoredOrganization(): Promise<{ orgId: string; recordId: string; receiver: WebhookReceiver }> {
  const receiver = await startWebhookReceiver();
  const org = await createOrganization(db.pool, { name: 'read-only monitoring', plan: 'large' });
  const endpoint = await createEndpoint(db.pool, org.id, receiver.url, ['match_status_change']);
  if (!endpoint) throw new Error('endpoint refused');
  receiver.secret = endpoint.secret;
  const client = await db.pool.connect();
  try {
    const { id } = await upsertRecord(client, {
      orgId: org.id,
      entity: { type: 'person', name: 'Octavia Readonly' },
      entityHash: randomBytes(16).toString('hex'),
      result: screened('clear'),
      headroom: 500,
      rulesVersion: 1,
    });
    return { orgId: org.id, recordId: id, receiver };
  } finally {
    client.release();
  }
}

const deliveriesOf = async (recordId: string) =>
  (
    await db.pool.query<{ id: string; status: string; replay_of: string | null }>(
      'SELECT id, status, replay_of FROM webhook_deliveries WHERE monitored_record_id = $1 ORDER BY created_at, id',
      [recordId],
    )
  ).rows;

describe('reactivation: every record whose stored status differs from the status last announced is announced once', () => {
  it('announces a change stored while the organization turned read-only mid re-screen, once, when the catch-up resumes it', async () => {
    const { orgId, recordId, receiver } = await monitoredOrganization();
    try {
      const status = { now: 'potential_match' as ScreeningStatus };
      const deps: RescreenDeps = { pool: db.pool, matcher: matcherAnswering(status), temporal: worker.client, taskQueue: worker.taskQueue };
      // Read while active; the organization turns read-only before the results are stored.
      const records = await loadActiveRecords(db.pool, [recordId]);
      await setOrganizationState(db.pool, orgId, 'read_only');
      await rescreenRecords(deps, records, `list-version:race-${randomBytes(3).toString('hex')}`);
      expect((await db.pool.query('SELECT status FROM monitored_records WHERE id = $1', [recordId])).rows[0].status).toBe(
        'potential_match',
      );
      expect(await deliveriesOf(recordId)).toEqual([]);

      await setOrganizationState(db.pool, orgId, 'active');
      const resumed = await resumeReactivatedOrganizations(deps);
      expect(resumed).toContainEqual({ orgId, rescreened: 1, statusChanges: 1 });
      const [got] = await receiver.waitFor(1);
      expect(got.verification.ok).toBe(true);
      expect(JSON.parse(got.rawBody.toString('utf8'))).toMatchObject({
        type: 'match_status_change',
        data: { recordId, previousStatus: 'clear', status: 'potential_match' },
      });

      // Once: later re-screens with the same result announce nothing.
      expect(await rescreenRecords(deps, await loadActiveRecords(db.pool, [recordId]), 'list-version:after')).toBe(0);
      expect(await resumeReactivatedOrganizations(deps)).not.toContainEqual(expect.objectContaining({ orgId }));
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received).toHaveLength(1);
      expect(await deliveriesOf(recordId)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('read-only organization: its pending monitoring deliveries are held, not retried', () => {
  it('holds a match_status_change pending when the organization turned read-only, sends nothing meanwhile, and sends it once it is active again', async () => {
    const { orgId, recordId, receiver } = await monitoredOrganization();
    try {
      const [ref] = await recordDeliveries(db.pool, {
        orgId,
        type: 'match_status_change',
        eventKey: `record:${recordId}:pending-${randomBytes(3).toString('hex')}`,
        monitoredRecordId: recordId,
        data: { recordId, previousStatus: 'clear', status: 'potential_match' },
      });
      await setOrganizationState(db.pool, orgId, 'read_only');
      await startDeliveryWorkflows(worker.client, worker.taskQueue, [ref], { db: db.pool });
      // Its attempt finds the organization read-only: the series ends at once, with nothing sent and nothing to retry.
      expect(await worker.client.workflow.getHandle(`webhook-delivery/${ref.id}`).result()).toBe('cancelled');
      expect(await deliveriesOf(recordId)).toEqual([{ id: ref.id, status: 'held', replay_of: null }]);
      expect(receiver.received).toHaveLength(0);

      await setOrganizationState(db.pool, orgId, 'active');
      const deps: RescreenDeps = {
        pool: db.pool,
        matcher: matcherAnswering({ now: 'clear' }),
        temporal: worker.client,
        taskQueue: worker.taskQueue,
      };
      await resumeReactivatedOrganizations(deps);
      const [got] = await receiver.waitFor(1);
      expect(got.verification.ok).toBe(true);
      expect(JSON.parse(got.rawBody.toString('utf8'))).toMatchObject({ data: { recordId, status: 'potential_match' } });
      // Sent as a new delivery of the same event (its workflow id is new); the held one ends.
      const rows = await deliveriesOf(recordId);
      expect(rows).toEqual([
        { id: ref.id, status: 'failed', replay_of: null },
        { id: got.headers['service-webhook-id'], status: expect.stringMatching(/pending|succeeded/), replay_of: ref.id },
      ]);
    } finally {
      await receiver.close();
    }
  });
});
