import { randomUUID } from 'node:crypto';
import { call, createOrgWithKey, preloadScreens, type InProcessGateway } from '../gateway/support/stack';
import { responseErrors, schemaErrors } from '../gateway/support/contract';
import type { TestWorker } from '../support/worker';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { rescreenForListVersion } from '../../../activities/monitoring';
import { loadActiveRecords } from '../../../activities/monitoring/records';
import { rescreenRecords } from '../../../activities/monitoring/screeningPipeline';
import { billingPeriod, readPeriodCounts, recordUsageEvent } from '../../../activities/metering';
import { ensureRecordMonthSchedule } from '../../../infra/schedules/recordMonthSchedule';
import { monitoringCatchUp } from '../../../workflows/monitoringCatchUp';
import { recordMonthMetering } from '../../../workflows/recordMonthMetering';
import { meterActiveRecordMonths } from '../../../activities/metering';
import { createMonitoringActivities } from '../../../activities/monitoring/activities';
import { loadAndRescreenAll } from '../../../activities/monitoring/screeningPipeline';
import { recordDeliveries } from '../../../activities/webhooks/store';
import { setOrganizationState } from '../../../gateway/orgs/organizations';
import { createLogger } from '../../../infra/base/log';

/**
 * Continuous monitoring end to end: PUT/DELETE /monitor through the gateway, a new LEIE version
 * ingested by the listIngestion workflow, the fan-out re-screening the records it can affect,
 * and match_status_change / list_update delivered to a real receiver.
 */
const EXAMPLESON: LeiePerson = { last: 'EXAMPLESON', first: 'JORDAN', dob: '19780214' };
const BRAVO: LeiePerson = { last: 'BRAVO', first: 'BENEDICT', dob: '19710101' };
const CHARLIE: LeiePerson = { last: 'CHARLESWORTH', first: 'CALLUM', dob: '19720101' };
const QUENNEVILLE_VARIANT: LeiePerson = { last: 'QUENNEVILLE', first: 'ROSALYND', dob: '19690303' };

let stack: LeieMonitoringStack;
let artifact: string;
let gw: InProcessGateway;
let worker: TestWorker;
let receiver: WebhookReceiver;
let apiKey: string;
let orgId: string;

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  ({ gw, worker, artifact } = stack);
  writeLeieArtifact(artifact, [EXAMPLESON, BRAVO, CHARLIE]);
  const first = await runLeieIngestion(worker.client, worker.taskQueue);
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);
  receiver = await startWebhookReceiver();
  ({ apiKey, orgId } = await createOrgWithKey(gw.pool, 'medium'));
  const endpoint = await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url } });
  receiver.secret = endpoint.body.secret;
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

const enroll = (body: unknown, key = apiKey) => call(gw.url, 'PUT', '/v1/monitor', { apiKey: key, body });

describe('PUT /v1/monitor', () => {
  it('screens the entity at once and returns the monitored record', async () => {
    const reply = await enroll({ type: 'person', name: 'Jordan Exampleson', dateOfBirth: '1978-02-14' });
    expect(reply.status).toBe(200);
    expect(responseErrors('/monitor', 'put', 200, reply.body)).toBeNull();
    expect(reply.body.status).toBe('potential_match');
    expect(reply.body.matches[0].provenance.sourceList).toBe('oig_leie');
  });

  it('enrolling the same entity twice gives one record and one record-month', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    const entity = { type: 'organization', legalName: 'Twice Enrolled Home Care LLC', state: 'TX' };
    const first = await enroll(entity, other.apiKey);
    const second = await enroll({ state: 'TX', legalName: 'Twice Enrolled Home Care LLC', type: 'organization' }, other.apiKey);
    expect(second.body.id).toBe(first.body.id);
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: other.apiKey })).body.recordMonths).toBe(1);
  });

  it('refuses an invalid entity with 400 and writes nothing', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    const reply = await enroll({ type: 'person', firstName: 'A' }, other.apiKey);
    expect(reply.status).toBe(400);
    const { rows } = await gw.pool.query('SELECT count(*)::int AS n FROM monitored_records WHERE org_id = $1', [other.orgId]);
    expect(rows[0].n).toBe(0);
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: other.apiKey })).body.recordMonths).toBe(0);
  });

  it('starts the record workflow, visible by its OrgId and MonitoredRecordId search attributes', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    const reply = await enroll({ type: 'person', name: 'Visible Workflow Person' }, other.apiKey);
    const query = `OrgId = "${other.orgId}" AND MonitoredRecordId = "${reply.body.id}"`;
    let found: string[] = [];
    for (let i = 0; i < 50 && found.length === 0; i++) {
      found = [];
      for await (const run of worker.client.workflow.list({ query })) found.push(run.workflowId);
      if (found.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toEqual([`monitor/${reply.body.id}`]);
  });
});

describe('PUT /v1/monitor on a plan that refuses past its allowance', () => {
  const activeRecords = async (owner: string) =>
    (await gw.pool.query('SELECT count(*)::int AS n FROM monitored_records WHERE org_id = $1 AND removed_at IS NULL', [owner])).rows[0].n;

  it('takes one included call per enrollment: enrolling and deleting cannot screen past the allowance', async () => {
    const trial = await createOrgWithKey(gw.pool, 'trial');
    await preloadScreens(gw.pool, trial.orgId, billingPeriod(new Date()), 998);
    for (let round = 0; round < 2; round++) {
      const enrolled = await enroll({ type: 'person', name: 'Churned Enrollment Person' }, trial.apiKey);
      expect(enrolled.status).toBe(200);
      expect((await call(gw.url, 'DELETE', `/v1/monitor/${enrolled.body.id}`, { apiKey: trial.apiKey })).status).toBe(200);
    }
    const refused = await enroll({ type: 'person', name: 'Churned Enrollment Person' }, trial.apiKey);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'api_allowance_reached', allowance: { includedCalls: 1000, usedCalls: 1000 } });
    expect(responseErrors('/monitor', 'put', 402, refused.body)).toBeNull();
    expect(await activeRecords(trial.orgId)).toBe(0);
    // Enrollments are not screen calls: monitoring is billed in record-months.
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: trial.apiKey })).body).toMatchObject({ screenCalls: 998, recordMonths: 2 });
    const screen = await call(gw.url, 'POST', '/v1/screen', {
      apiKey: trial.apiKey,
      body: { type: 'person', name: 'Churned Enrollment Person' },
    });
    expect(screen).toMatchObject({ status: 402, body: { code: 'single_screening_allowance_reached' } });
  });

  it('admits only the enrollments that fit when they race for the last call', async () => {
    const small = await createOrgWithKey(gw.pool, 'small');
    await preloadScreens(gw.pool, small.orgId, billingPeriod(new Date()), 499);
    const replies = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => enroll({ type: 'person', name: `Racing Enrollment Person ${'ABCDE'[i]}` }, small.apiKey)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 402, 402, 402, 402]);
    expect(await activeRecords(small.orgId)).toBe(1);
  });

  it('takes nothing on a plan that bills the excess', async () => {
    const large = await createOrgWithKey(gw.pool, 'large');
    await preloadScreens(gw.pool, large.orgId, billingPeriod(new Date()), 25_000);
    expect((await enroll({ type: 'person', name: 'Uncapped Enrollment Person' }, large.apiKey)).status).toBe(200);
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: large.apiKey })).body).toMatchObject({ screenCalls: 25_000, recordMonths: 1 });
  });
});

describe('PUT /v1/monitor while Temporal is out of reach', () => {
  it('answers 200 with the committed, billed record; the monitoring catch-up starts its workflow', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    const start = jest.spyOn(gw.deps.temporal.workflow, 'start').mockRejectedValue(new Error('14 UNAVAILABLE: No connection established'));
    let reply;
    try {
      reply = await enroll({ type: 'person', name: 'Unstarted Workflow Person' }, other.apiKey);
    } finally {
      start.mockRestore();
    }
    expect(reply.status).toBe(200);
    expect(responseErrors('/monitor', 'put', 200, reply.body)).toBeNull();
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: other.apiKey })).body.recordMonths).toBe(1);
    const handle = worker.client.workflow.getHandle(`monitor/${reply.body.id}`);
    await expect(handle.describe()).rejects.toThrow();

    // The next catch-up run, once the enrollment's own start has had its minute.
    await gw.pool.query("UPDATE monitored_records SET workflow_pending_since = now() - interval '2 minutes' WHERE id = $1", [
      reply.body.id,
    ]);
    const catchUp = () =>
      worker.client.workflow.execute(monitoringCatchUp, {
        taskQueue: worker.taskQueue,
        workflowId: `monitoring-catch-up/test-${randomUUID()}`,
        args: [],
      });
    expect((await catchUp()).monitorWorkflowsStarted).toContain(reply.body.id);
    expect((await handle.describe()).status.name).toBe('RUNNING');
    expect((await catchUp()).monitorWorkflowsStarted).not.toContain(reply.body.id);
    // The client has an id to remove it by.
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${reply.body.id}`, { apiKey: other.apiKey })).status).toBe(200);
  }, 120_000);

  it('an enrollment whose workflow started is not left to the catch-up', async () => {
    const other = await createOrgWithKey(gw.pool, 'medium');
    const reply = await enroll({ type: 'person', name: 'Started Workflow Person' }, other.apiKey);
    const { rows } = await gw.pool.query('SELECT workflow_pending_since FROM monitored_records WHERE id = $1', [reply.body.id]);
    expect(rows[0].workflow_pending_since).toBeNull();
  });
});

describe('DELETE /v1/monitor/{id}', () => {
  it("removes a record; a second removal, an unknown id and another organization's record are 404", async () => {
    const owner = await createOrgWithKey(gw.pool, 'medium');
    const reply = await enroll({ type: 'person', name: 'Removable Person' }, owner.apiKey);
    const other = await createOrgWithKey(gw.pool, 'medium');
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${reply.body.id}`, { apiKey: other.apiKey })).status).toBe(404);
    const removed = await call(gw.url, 'DELETE', `/v1/monitor/${reply.body.id}`, { apiKey: owner.apiKey });
    expect(removed).toMatchObject({ status: 200, body: { id: reply.body.id } });
    expect(responseErrors('/monitor/{id}', 'delete', 200, removed.body)).toBeNull();
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${reply.body.id}`, { apiKey: owner.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${randomUUID()}`, { apiKey: owner.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'DELETE', '/v1/monitor/not-a-record-id', { apiKey: owner.apiKey })).body.code).toBe('not_found');
    const handle = worker.client.workflow.getHandle(`monitor/${reply.body.id}`);
    expect((await handle.describe()).status.name).toBe('TERMINATED');
  });
});

describe('GET /v1/monitor/{id}', () => {
  it('answers the record as PUT /v1/monitor returned it; another organization, an unknown, malformed or removed id are 404', async () => {
    const owner = await createOrgWithKey(gw.pool, 'medium');
    const enrolled = await enroll({ type: 'person', name: 'Jordan Exampleson', dateOfBirth: '1978-02-14' }, owner.apiKey);
    const read = await call(gw.url, 'GET', `/v1/monitor/${enrolled.body.id}`, { apiKey: owner.apiKey });
    expect(read.status).toBe(200);
    expect(responseErrors('/monitor/{id}', 'get', 200, read.body)).toBeNull();
    expect(read.body).toEqual(enrolled.body);
    const other = await createOrgWithKey(gw.pool, 'medium');
    expect((await call(gw.url, 'GET', `/v1/monitor/${enrolled.body.id}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await call(gw.url, 'GET', `/v1/monitor/${randomUUID()}`, { apiKey: owner.apiKey })).status).toBe(404);
    const malformed = await call(gw.url, 'GET', '/v1/monitor/not-a-record-id', { apiKey: owner.apiKey });
    expect({ status: malformed.status, code: malformed.body.code }).toEqual({ status: 404, code: 'not_found' });
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${enrolled.body.id}`, { apiKey: owner.apiKey })).status).toBe(200);
    expect((await call(gw.url, 'GET', `/v1/monitor/${enrolled.body.id}`, { apiKey: owner.apiKey })).status).toBe(404);
  });

  it('is a read: nothing metered, served past a used-up allowance and to a read-only organization', async () => {
    const trial = await createOrgWithKey(gw.pool, 'trial');
    const enrolled = await enroll({ type: 'person', name: 'Read Only Reader Person' }, trial.apiKey);
    expect(enrolled.status).toBe(200);
    await preloadScreens(gw.pool, trial.orgId, billingPeriod(new Date()), 1000);
    const usage = async () => (await call(gw.url, 'GET', '/v1/usage', { apiKey: trial.apiKey })).body;
    const events = async () =>
      (await gw.pool.query('SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1', [trial.orgId])).rows[0].n;
    const before = { usage: await usage(), events: await events() };
    expect((await enroll({ type: 'person', name: 'Past The Allowance Person' }, trial.apiKey)).status).toBe(402);
    expect((await call(gw.url, 'GET', `/v1/monitor/${enrolled.body.id}`, { apiKey: trial.apiKey })).status).toBe(200);
    expect((await call(gw.url, 'GET', '/v1/monitor', { apiKey: trial.apiKey })).status).toBe(200);
    await setOrganizationState(gw.pool, trial.orgId, 'read_only');
    expect((await call(gw.url, 'GET', `/v1/monitor/${enrolled.body.id}`, { apiKey: trial.apiKey })).body).toEqual(enrolled.body);
    expect((await call(gw.url, 'GET', '/v1/monitor', { apiKey: trial.apiKey })).body.records).toEqual([enrolled.body]);
    expect((await enroll({ type: 'person', name: 'Read Only Writer Person' }, trial.apiKey)).status).toBe(403);
    expect({ usage: await usage(), events: await events() }).toEqual(before);
  });
});

describe('GET /v1/monitor', () => {
  it("pages the organization's records by id, optionally of one status, and never another organization's", async () => {
    const owner = await createOrgWithKey(gw.pool, 'medium');
    const enrolled = [];
    for (const entity of [
      { type: 'person', name: 'Jordan Exampleson', dateOfBirth: '1978-02-14' },
      { type: 'person', name: 'Paged Clear Person Alpha' },
      { type: 'person', name: 'Benedict Bravo', dateOfBirth: '1971-01-01' },
      { type: 'person', name: 'Paged Clear Person Bravo' },
      { type: 'person', name: 'Paged Clear Person Charlie' },
    ]) {
      enrolled.push((await enroll(entity, owner.apiKey)).body);
    }
    const other = await createOrgWithKey(gw.pool, 'medium');
    await enroll({ type: 'person', name: 'Paged Other Organization Person' }, other.apiKey);

    const pageAll = async (query: string) => {
      const seen = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page++) {
        const reply = await call(gw.url, 'GET', `/v1/monitor?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`, {
          apiKey: owner.apiKey,
        });
        expect(reply.status).toBe(200);
        expect(responseErrors('/monitor', 'get', 200, reply.body)).toBeNull();
        expect(reply.body.records.length).toBeLessThanOrEqual(2);
        seen.push(...reply.body.records);
        cursor = reply.body.nextCursor;
        if (!cursor) break;
      }
      return seen;
    };
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect(await pageAll('')).toEqual([...enrolled].sort(byId));
    const potential = enrolled.filter((r) => r.status === 'potential_match');
    expect(potential).toHaveLength(2);
    expect(await pageAll('&status=potential_match')).toEqual([...potential].sort(byId));
    expect(await pageAll('&status=clear')).toEqual(enrolled.filter((r) => r.status === 'clear').sort(byId));
  });

  it('refuses a cursor it did not return, an unknown status and a limit out of range with 400', async () => {
    const owner = await createOrgWithKey(gw.pool, 'medium');
    for (const query of [
      'cursor=nonsense',
      `cursor=${Buffer.from('-'.repeat(36)).toString('base64url')}`,
      'status=excluded',
      'limit=0',
      'limit=101',
    ]) {
      const reply = await call(gw.url, 'GET', `/v1/monitor?${query}`, { apiKey: owner.apiKey });
      expect({ query, status: reply.status, code: reply.body.code }).toEqual({ query, status: 400, code: 'invalid_request' });
    }
  });
});

describe('a new list version', () => {
  it('delivers match_status_change for exactly the records whose status changed, with evidence', async () => {
    const clear = await enroll({ type: 'person', name: 'Rosalind Quenneville', dateOfBirth: '1969-03-03' });
    const matching = await enroll({ type: 'person', name: 'Jordan Exampleson', dateOfBirth: '1978-02-14' });
    const unchangedMatch = await enroll({ type: 'person', name: 'Benedict Bravo', dateOfBirth: '1971-01-01' });
    const unchangedClear = await enroll({ type: 'person', name: 'Unrelated Person Zyx' });
    const deleted = await enroll({ type: 'person', name: 'Callum Charlesworth', dateOfBirth: '1972-01-01' });
    expect([clear, matching, unchangedMatch, unchangedClear, deleted].map((r) => r.body.status)).toEqual([
      'clear',
      'potential_match',
      'potential_match',
      'clear',
      'potential_match',
    ]);
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${deleted.body.id}`, { apiKey })).status).toBe(200);
    const before = receiver.received.length;

    // v2: a near-variant of the clear entity appears; the entries behind two matches are removed.
    writeLeieArtifact(artifact, [BRAVO, QUENNEVILLE_VARIANT]);
    const second = await runLeieIngestion(worker.client, worker.taskQueue);
    expect(second).toMatchObject({ outcome: 'published', diff: { added: 1, removed: 2, changed: 0 } });

    const changes = async () =>
      receiver.received
        .slice(before)
        .map((r) => JSON.parse(r.rawBody.toString('utf8')))
        .filter((b) => b.type === 'match_status_change');
    const deadline = Date.now() + 30_000;
    while ((await changes()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500)); // anything more would have arrived by now
    const delivered = await changes();
    expect(delivered).toHaveLength(2);
    for (const body of delivered) expect(schemaErrors('WebhookEvent', body)).toBeNull();
    const byRecord = Object.fromEntries(delivered.map((b) => [b.data.recordId, b.data]));
    expect(Object.keys(byRecord).sort()).toEqual([clear.body.id, matching.body.id].sort());

    const nowMatching = byRecord[clear.body.id];
    expect(nowMatching).toMatchObject({ previousStatus: 'clear', status: 'potential_match' });
    expect(nowMatching.matches[0]).toMatchObject({
      label: 'Potential match — verification required',
      provenance: { sourceList: 'oig_leie', listVersionId: second.versionId },
    });
    expect(nowMatching.matches[0].fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', state: 'matched', rosterValue: 'Rosalind Quenneville' }),
        expect.objectContaining({ field: 'dateOfBirth', state: 'matched' }),
      ]),
    );
    expect(byRecord[matching.body.id]).toMatchObject({ previousStatus: 'potential_match', status: 'clear', matches: [] });
    // A receiver that lost these deliveries reads the same state back.
    for (const record of [clear, matching]) {
      const read = await call(gw.url, 'GET', `/v1/monitor/${record.body.id}`, { apiKey });
      const { recordId, previousStatus, ...state } = byRecord[record.body.id];
      expect({ recordId, previousStatus }).toEqual({ recordId: record.body.id, previousStatus: record.body.status });
      expect(read.body).toEqual({ id: record.body.id, ...state });
    }
    const potential = await call(gw.url, 'GET', '/v1/monitor?status=potential_match&limit=100', { apiKey });
    const potentialIds = potential.body.records.map((r: { id: string }) => r.id);
    expect(potentialIds).toContain(clear.body.id);
    expect(potentialIds).toContain(unchangedMatch.body.id);
    expect(potentialIds).not.toContain(matching.body.id);
    expect(potentialIds).not.toContain(deleted.body.id);
    expect(byRecord[matching.body.id].sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'oig_leie', listVersionId: second.versionId })]),
    );

    const listUpdates = receiver.received
      .slice(before)
      .map((r) => JSON.parse(r.rawBody.toString('utf8')))
      .filter((b) => b.type === 'list_update');
    expect(listUpdates).toHaveLength(1);
    expect(listUpdates[0].data).toMatchObject({ source: 'oig_leie', listVersionId: second.versionId, added: 1, removed: 2, changed: 0 });
    expect(receiver.received.slice(before).every((r) => r.verification.ok)).toBe(true);
  });
});

describe('a version of a disabled source', () => {
  const fanOutOfCurrent = async () => {
    const { rows } = await gw.pool.query("SELECT current_version_id FROM list_sources WHERE key = 'oig_leie'");
    const versionId = rows[0].current_version_id as string;
    await gw.pool.query('UPDATE list_versions SET monitoring_applied_at = NULL WHERE id = $1', [versionId]);
    const fanOut = rescreenForListVersion(
      { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue },
      versionId,
    );
    const applied = async () =>
      (await gw.pool.query('SELECT monitoring_applied_at FROM list_versions WHERE id = $1', [versionId])).rows[0].monitoring_applied_at;
    return { fanOut, applied };
  };
  afterEach(async () => {
    await gw.pool.query("UPDATE list_sources SET enabled = true, monitoring_enabled = true WHERE key = 'oig_leie'");
    await gw.pool.query("UPDATE list_versions SET monitoring_applied_at = now() WHERE source_key = 'oig_leie'");
  });

  it('re-screens nothing once the switch-off is applied, and counts as fanned out (switching the list on screens every record)', async () => {
    await gw.pool.query("UPDATE list_sources SET enabled = false, monitoring_enabled = false WHERE key = 'oig_leie'");
    const { fanOut, applied } = await fanOutOfCurrent();
    expect(await fanOut).toMatchObject({ recordsReached: 0, recordsRescreened: 0, statusChanges: 0 });
    // Else the monitoring catch-up would start its fan-out again and again.
    expect(await applied()).not.toBeNull();
  });

  it('waits, by failing as retryable, while the records still stand on the list: the switch may yet be reverted', async () => {
    await gw.pool.query("UPDATE list_sources SET enabled = false, monitoring_enabled = true WHERE key = 'oig_leie'");
    const { fanOut, applied } = await fanOutOfCurrent();
    await expect(fanOut).rejects.toMatchObject({ type: 'ListSwitchPending', nonRetryable: false });
    expect(await applied()).toBeNull();
  });
});

describe('a re-screen on other lists than the enabled ones', () => {
  it('is refused as retryable and stores nothing: the switch re-screen may have stored its result already', async () => {
    const reply = await enroll({ type: 'person', name: 'Guarded Person Zyx' });
    const [record] = await loadActiveRecords(gw.pool, [reply.body.id]);
    const checkedAt = async () =>
      (await gw.pool.query('SELECT checked_at FROM monitored_records WHERE id = $1', [record.id])).rows[0].checked_at.toISOString();
    const before = await checkedAt();
    // Switched off in the catalog; the matcher, not told, still screens against the LEIE.
    await gw.pool.query("UPDATE list_sources SET enabled = false WHERE key = 'oig_leie'");
    try {
      const deps = { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue };
      await expect(rescreenRecords(deps, [record], 'test-other-lists')).rejects.toMatchObject({
        type: 'ListsSwitchedMeanwhile',
        nonRetryable: false,
      });
    } finally {
      await gw.pool.query("UPDATE list_sources SET enabled = true WHERE key = 'oig_leie'");
    }
    expect(await checkedAt()).toBe(before);
  });
});

describe('record-month metering', () => {
  it('counts one record-month per monitored record this month in GET /v1/usage', async () => {
    const org = await createOrgWithKey(gw.pool, 'small');
    await enroll({ type: 'person', name: 'Metered Person One' }, org.apiKey);
    await enroll({ type: 'person', name: 'Metered Person Two' }, org.apiKey);
    const usage = await call(gw.url, 'GET', '/v1/usage', { apiKey: org.apiKey });
    expect(usage.body).toMatchObject({ recordMonths: 2, screenCalls: 0 });
    expect(orgId).toBeDefined();
  });
});

describe('the record-months sweep (workflow recordMonthMetering)', () => {
  /** A record as if enrolled at `enrolledAt`, whose enrollment and workflow metered nothing. */
  async function storedRecord(owner: string, enrolledAt: string, removedAt: string | null = null): Promise<string> {
    const { rows } = await gw.pool.query<{ id: string }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, enrolled_at, removed_at)
       VALUES ($1, '{}', $2, 'person', false, 'clear', '{}', '{}', $3, $3, $4) RETURNING id`,
      [owner, randomUUID(), enrolledAt, removedAt],
    );
    return rows[0].id;
  }
  const sweep = (at?: string) =>
    worker.client.workflow.execute(recordMonthMetering, {
      taskQueue: worker.taskQueue,
      workflowId: `record-months/test-${randomUUID()}`,
      args: [at ? { at } : {}],
    });
  const counts = async (owner: string, period: string) => (await readPeriodCounts(gw.pool, owner, period)).recordMonths;

  it('bills every record active at some moment of this month or the last, once, whoever metered first', async () => {
    const org = await createOrgWithKey(gw.pool, 'small');
    const other = await createOrgWithKey(gw.pool, 'small');
    const stays = await storedRecord(org.orgId, '2026-01-20T09:00:00Z');
    await storedRecord(org.orgId, '2026-01-20T09:00:00Z', '2026-03-01T00:00:30Z'); // removed on the 1st, before any timer ran
    await storedRecord(org.orgId, '2026-02-10T09:00:00Z', '2026-02-20T09:00:00Z'); // monitored in February only
    await storedRecord(org.orgId, '2025-12-01T09:00:00Z', '2026-01-31T23:59:59Z'); // gone before February
    await storedRecord(other.orgId, '2026-03-02T09:00:00Z');
    // March of `stays` was already metered (by its enrollment, say): the sweep adds no second row.
    await recordUsageEvent(gw.pool, { orgId: org.orgId, kind: 'record_month', eventKey: `${stays}:2026-03`, period: '2026-03' });

    expect(await sweep('2026-03-10T12:00:00Z')).toEqual({ periods: ['2026-02', '2026-03'], metered: 5 });
    expect([await counts(org.orgId, '2026-01'), await counts(org.orgId, '2026-02'), await counts(org.orgId, '2026-03')]).toEqual([0, 3, 2]);
    expect([await counts(other.orgId, '2026-02'), await counts(other.orgId, '2026-03')]).toEqual([0, 1]);

    expect(await sweep('2026-03-10T12:00:00Z')).toEqual({ periods: ['2026-02', '2026-03'], metered: 0 });
    expect([await counts(org.orgId, '2026-02'), await counts(org.orgId, '2026-03'), await counts(other.orgId, '2026-03')]).toEqual([
      3, 2, 1,
    ]);
  });

  it('meters this month of a record whose workflow never ran, as GET /v1/usage shows', async () => {
    const org = await createOrgWithKey(gw.pool, 'small');
    await storedRecord(org.orgId, new Date().toISOString());
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: org.apiKey })).body.recordMonths).toBe(0);
    await sweep();
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: org.apiKey })).body.recordMonths).toBe(1);
    await sweep();
    expect((await call(gw.url, 'GET', '/v1/usage', { apiKey: org.apiKey })).body.recordMonths).toBe(1);
  });

  it('is started hourly by the record-months schedule, which the worker ensures idempotently', async () => {
    try {
      expect(await ensureRecordMonthSchedule(worker.client)).toBe('record-months');
      expect(await ensureRecordMonthSchedule(worker.client)).toBe('record-months');
      const schedule = await worker.client.schedule.getHandle('record-months').describe();
      expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'recordMonthMetering', workflowId: 'record-months' });
      expect(schedule.spec.intervals?.[0].every).toBe(3_600_000);
    } finally {
      await worker.client.schedule
        .getHandle('record-months')
        .delete()
        .catch(() => undefined);
    }
  });
});

describe('monitoring of a read-only organization', () => {
  const recordMonths = async (owner: string, period: string) => (await readPeriodCounts(gw.pool, owner, period)).recordMonths;
  const catchUp = () =>
    worker.client.workflow.execute(monitoringCatchUp, {
      taskQueue: worker.taskQueue,
      workflowId: `monitoring-catch-up/test-${randomUUID()}`,
      args: [],
    });

  it('accrues no record-month while read-only, nor for a month it spent read-only throughout', async () => {
    const org = await createOrgWithKey(gw.pool, 'small');
    const { rows } = await gw.pool.query<{ id: string }>(
      `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, enrolled_at)
       VALUES ($1, '{}', $2, 'person', false, 'clear', '{}', '{}', '2026-01-10T09:00:00Z', '2026-01-10T09:00:00Z') RETURNING id`,
      [org.orgId, randomUUID()],
    );
    const recordId = rows[0].id;
    const activities = createMonitoringActivities({
      pool: gw.pool,
      logger: createLogger('test', 'silent'),
      matcher: gw.matcher,
      temporal: worker.client,
    });
    await setOrganizationState(gw.pool, org.orgId, 'read_only');
    await gw.pool.query("UPDATE organizations SET monitoring_paused_at = '2026-02-15T00:00:00Z' WHERE id = $1", [org.orgId]);

    // Read-only: neither the sweep nor the record's workflow meters a month.
    await meterActiveRecordMonths(gw.pool, ['2026-03', '2026-04']);
    expect(await activities.meterRecordMonth({ recordId, at: '2026-04-01T00:00:05Z' })).toMatchObject({ active: true });
    expect([await recordMonths(org.orgId, '2026-03'), await recordMonths(org.orgId, '2026-04')]).toEqual([0, 0]);

    // Active again on April 10: April is billed, March (read-only from start to end) is not.
    await setOrganizationState(gw.pool, org.orgId, 'active');
    await gw.pool.query("UPDATE organizations SET monitoring_resumed_at = '2026-04-10T00:00:00Z' WHERE id = $1", [org.orgId]);
    await meterActiveRecordMonths(gw.pool, ['2026-03', '2026-04']);
    await activities.meterRecordMonth({ recordId, at: '2026-05-01T00:00:05Z' });
    expect([
      await recordMonths(org.orgId, '2026-03'),
      await recordMonths(org.orgId, '2026-04'),
      await recordMonths(org.orgId, '2026-05'),
    ]).toEqual([0, 1, 1]);
  });

  it('is not screened again nor delivered to while read-only; active again, the catch-up screens its records on the current versions', async () => {
    const org = await createOrgWithKey(gw.pool, 'medium');
    expect((await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey: org.apiKey, body: { url: receiver.url } })).status).toBe(201);
    const enrolled = await enroll({ type: 'person', name: 'Paused Monitoring Person' }, org.apiKey);
    const checkedAt = async () =>
      (await gw.pool.query('SELECT checked_at FROM monitored_records WHERE id = $1', [enrolled.body.id])).rows[0].checked_at.toISOString();
    const enrolledAt = await checkedAt();
    await setOrganizationState(gw.pool, org.orgId, 'read_only');
    // DELETE is a write: refused, as the contract says.
    expect((await call(gw.url, 'DELETE', `/v1/monitor/${enrolled.body.id}`, { apiKey: org.apiKey })).status).toBe(403);

    const deps = { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue };
    expect(await loadAndRescreenAll(deps, [enrolled.body.id], `test-read-only-${randomUUID()}`, {})).toEqual({
      rescreened: 0,
      statusChanges: 0,
    });
    expect(await checkedAt()).toBe(enrolledAt);
    const listUpdate = { orgId: null, type: 'list_update' as const, eventKey: `list:test-${randomUUID()}`, data: {} };
    expect((await recordDeliveries(gw.pool, listUpdate)).filter((d) => d.orgId === org.orgId)).toEqual([]);
    expect((await catchUp()).organizationsResumed?.map((r) => r.orgId)).not.toContain(org.orgId);

    await setOrganizationState(gw.pool, org.orgId, 'active');
    const resumed = await catchUp();
    expect(resumed.organizationsResumed).toContainEqual({ orgId: org.orgId, rescreened: 1, statusChanges: 0 });
    expect(await checkedAt()).not.toBe(enrolledAt);
    expect((await catchUp()).organizationsResumed?.map((r) => r.orgId)).not.toContain(org.orgId);
    expect(
      (await recordDeliveries(gw.pool, { ...listUpdate, eventKey: `list:test-${randomUUID()}` })).filter((d) => d.orgId === org.orgId),
    ).toHaveLength(1);
  }, 120_000);
});
