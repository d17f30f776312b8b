import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { POTENTIAL_MATCH_LABEL, type ScreeningResult } from '../../../matcher/types';
import type { listVersionFanOut } from '../../../workflows/listVersionFanOut';
import { monitoringCatchUp } from '../../../workflows/monitoringCatchUp';
import { freePort } from '../../../infra/base/freePort';
import { scratchDir } from '../../fixtures/lists/builders';
import { call, createOrgWithKey, type InProcessGateway } from '../gateway/support/stack';
import type { TestWorker } from '../support/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { catchUpRecord, startListVersionFanOut } from '../../../activities/monitoring';
import { MATCHING_RULES_VERSION } from '../../../matcher/rulesVersion';
import { loadActiveRecords } from '../../../activities/monitoring/records';
import { rescreenRecords } from '../../../activities/monitoring/screeningPipeline';
import { ingestArtifact, syncSourceCatalog } from '../../../activities/lists';
import { ApplicationFailure } from '@temporalio/common';
import { leieRow, writeLeie } from '../lists/support';
import { ensureMonitoringCatchUpSchedule } from '../../../infra/schedules/monitoringCatchUpSchedule';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';

/**
 * Every published version reaches the monitored records, however it was published: `screenctl
 * lists ingest` starts the version's fan-out workflow (`list-version/{source}/{version}`) as the
 * ingestion workflow does, and the monitoring catch-up (schedule `monitoring-catch-up`) starts it
 * for a version no fan-out applied (Temporal out of reach when it was published) and applies
 * lists switched in the worker's configuration, without waiting for an ingestion run.
 */
const run = promisify(execFile);
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const LISTED: LeiePerson = { last: 'FAIRWEATHER', first: 'QUINTUS', dob: '19610203' };
const OTHER: LeiePerson = { last: 'PEMBERTHY', first: 'ALOYSIUS', dob: '19550505' };
const NEWLY_LISTED: LeiePerson = { last: 'BRIGHTWATER', first: 'OCTAVIA', dob: '19700707' };

let stack: LeieMonitoringStack;
let gw: InProcessGateway;
let worker: TestWorker;
let receiver: WebhookReceiver;
let matching: string;
let clear: string;
let apiKey: string;

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  ({ gw, worker } = stack);
  writeLeieArtifact(stack.artifact, [LISTED, OTHER]);
  const first = await runLeieIngestion(worker.client, worker.taskQueue);
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', first.versionId);
  receiver = await startWebhookReceiver();
  ({ apiKey } = await createOrgWithKey(gw.pool, 'medium'));
  receiver.secret = (await call(gw.url, 'POST', '/v1/webhook-endpoints', { apiKey, body: { url: receiver.url } })).body.secret;
  const enroll = (body: unknown) => call(gw.url, 'PUT', '/v1/monitor', { apiKey, body });
  const replies = [
    await enroll({ type: 'person', name: 'Quintus Fairweather', dateOfBirth: '1961-02-03' }),
    await enroll({ type: 'person', name: 'Octavia Brightwater', dateOfBirth: '1970-07-07' }),
  ];
  expect(replies.map((r) => r.body.status)).toEqual(['potential_match', 'clear']);
  [matching, clear] = replies.map((r) => r.body.id as string);
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

/** `screenctl lists ingest oig_leie FILE --json`, a process of its own, on the test's database and worker queue. */
async function screenctlIngest(people: LeiePerson[], env: Record<string, string> = {}) {
  const file = path.join(scratchDir(), `leie-${randomUUID()}.csv`);
  writeLeieArtifact(file, people);
  const { stdout } = await run(process.execPath, ['infra/cli/screenctl.js', 'lists', 'ingest', 'oig_leie', file, '--json'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: stack.db.url, TEMPORAL_TASK_QUEUE: worker.taskQueue, LOG_LEVEL: 'silent', ...env },
  });
  return JSON.parse(stdout) as { outcome: string; versionId: string; fanOut: { workflowId: string | null; error?: string } };
}

/**
 * The LEIE switched off or back on in the worker's configuration (`stack.env`, LIST_SOURCES_DISABLED),
 * written into the catalog as the worker that manages the schedules does when it starts. Returns the keys switched.
 */
function switchLeie(on: boolean): Promise<string[]> {
  if (on) delete stack.env.LIST_SOURCES_DISABLED;
  else stack.env.LIST_SOURCES_DISABLED = 'oig_leie';
  return syncSourceCatalog(gw.pool, stack.env);
}

const catchUp = () =>
  worker.client.workflow.execute(monitoringCatchUp, {
    taskQueue: worker.taskQueue,
    workflowId: `monitoring-catch-up/test-${randomUUID()}`,
    args: [],
  });

const fanOutResult = (workflowId: string) => worker.client.workflow.getHandle<typeof listVersionFanOut>(workflowId).result();

const rescreenDeps = () => ({ pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue });

/** The record workflow's catch-up, retried while the matcher has not reloaded yet (the re-screen refuses its results), as the activity is. */
async function catchUpOnce(recordId: string) {
  for (let i = 0; ; i++) {
    try {
      return await catchUpRecord(rescreenDeps(), recordId);
    } catch (err) {
      if (i >= 50 || !(err instanceof ApplicationFailure) || err.nonRetryable) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function storedStatus(id: string): Promise<string> {
  const { rows } = await gw.pool.query<{ result: ScreeningResult }>('SELECT result FROM monitored_records WHERE id = $1', [id]);
  return rows[0].result.status;
}

/** The events delivered from `from` on, once `count` of them have arrived. */
async function deliveredFrom(from: number, count: number) {
  const received = await receiver.waitFor(from + count);
  expect(received.slice(from).every((r) => r.verification.ok)).toBe(true);
  return received.slice(from).map((r) => JSON.parse(r.rawBody.toString('utf8')));
}

describe('screenctl lists ingest', () => {
  it("starts the version's fan-out workflow: list_update and the status changes are delivered", async () => {
    const before = receiver.received.length;
    const published = await screenctlIngest([LISTED, OTHER, NEWLY_LISTED]);
    expect(published).toMatchObject({ outcome: 'published', fanOut: { workflowId: `list-version/oig_leie/${published.versionId}` } });
    const fanOut = await fanOutResult(published.fanOut.workflowId!);
    expect(fanOut).toMatchObject({ listUpdates: 1, monitoring: { statusChanges: 1 } });

    const events = await deliveredFrom(before, 2);
    expect(events.map((e) => e.type).sort()).toEqual(['list_update', 'match_status_change']);
    expect(events.find((e) => e.type === 'list_update').data).toMatchObject({
      source: 'oig_leie',
      listVersionId: published.versionId,
      added: 1,
    });
    expect(events.find((e) => e.type === 'match_status_change').data).toMatchObject({
      recordId: clear,
      previousStatus: 'clear',
      status: 'potential_match',
    });
    expect(await storedStatus(clear)).toBe('potential_match');

    // Fanned out: the catch-up finds nothing to start, and a fan-out started again does nothing.
    expect((await catchUp()).fanOuts).toEqual([]);
    const again = await startListVersionFanOut(worker.client, worker.taskQueue, { sourceKey: 'oig_leie', versionId: published.versionId });
    expect(await fanOutResult(again)).toMatchObject({
      listUpdates: 0,
      monitoring: { recordsReached: 0, recordsRescreened: 0, statusChanges: 0 },
    });
  });

  it('waits while a switch-off of the list is not applied, and applies the version once the switch is reverted', async () => {
    const quillfeather: LeiePerson = { last: 'QUILLFEATHER', first: 'MARGERY', dob: '19800808' };
    const record = await call(gw.url, 'PUT', '/v1/monitor', {
      apiKey,
      body: { type: 'person', name: 'Margery Quillfeather', dateOfBirth: '1980-08-08' },
    });
    expect(record.body.status).toBe('clear');
    // The worker's configuration switches the LEIE off; the records still stand on it.
    await switchLeie(false);
    try {
      // An operator's shell without the setting neither switches the list back on nor loses the version.
      const published = await screenctlIngest([LISTED, OTHER, NEWLY_LISTED, quillfeather], { LIST_SOURCES_DISABLED: '' });
      expect(published.fanOut.workflowId).toBe(`list-version/oig_leie/${published.versionId}`);
      expect((await gw.pool.query("SELECT enabled FROM list_sources WHERE key = 'oig_leie'")).rows[0].enabled).toBe(false);
      // Marking the version done now would lose it if the switch were reverted: the fan-out retries instead.
      const handle = worker.client.workflow.getHandle(published.fanOut.workflowId!);
      const waitingOnSwitch = async () => {
        const pending = (await handle.describe()).raw.pendingActivities ?? [];
        return pending.some((a) => (a.attempt ?? 0) >= 2 && a.lastFailure?.applicationFailureInfo?.type === 'ListSwitchPending');
      };
      for (let i = 0; i < 100 && !(await waitingOnSwitch()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await waitingOnSwitch()).toBe(true);
      const applied = await gw.pool.query('SELECT monitoring_applied_at FROM list_versions WHERE id = $1', [published.versionId]);
      expect(applied.rows[0].monitoring_applied_at).toBeNull();

      // Reverted before it was applied: the version reaches the records. (The record's own
      // workflow, catching up on its enrollment, may screen it first: one change either way.)
      await switchLeie(true);
      await fanOutResult(published.fanOut.workflowId!);
      expect(await storedStatus(record.body.id)).toBe('potential_match');
      // Recorded with the status it announces, in one transaction: a second path finds the status stored and records none.
      const { rows: changes } = await gw.pool.query(
        "SELECT body::jsonb->'data'->>'previousStatus' AS previous, body::jsonb->'data'->>'status' AS status FROM webhook_deliveries WHERE monitored_record_id = $1 AND event_type = 'match_status_change'",
        [record.body.id],
      );
      expect(changes).toEqual([{ previous: 'clear', status: 'potential_match' }]);
    } finally {
      await switchLeie(true);
      await call(gw.url, 'DELETE', `/v1/monitor/${record.body.id}`, { apiKey });
    }
    // Switched off and back on: not applied, so the next catch-up screens every record again.
    expect((await catchUp()).listSwitches).toMatchObject({ switched: [{ sourceKey: 'oig_leie', enabled: true }], statusChanges: 0 });
  });
});

describe('the monitoring catch-up (workflow monitoringCatchUp)', () => {
  it('fans out a version published while Temporal was out of reach, once', async () => {
    const before = receiver.received.length;
    const unreachable = `127.0.0.1:${await freePort()}`;
    const published = await screenctlIngest([OTHER, NEWLY_LISTED], { TEMPORAL_ADDRESS: unreachable });
    expect(published).toMatchObject({ outcome: 'published', fanOut: { workflowId: null, error: expect.any(String) } });
    expect(await storedStatus(matching)).toBe('potential_match');

    const first = await catchUp();
    expect(first).toMatchObject({ listSwitches: { switched: [] }, fanOuts: [`list-version/oig_leie/${published.versionId}`] });
    expect(await fanOutResult(first.fanOuts[0])).toMatchObject({ listUpdates: 1, monitoring: { statusChanges: 1 } });
    const events = await deliveredFrom(before, 2);
    expect(events.find((e) => e.type === 'match_status_change').data).toMatchObject({
      recordId: matching,
      previousStatus: 'potential_match',
      status: 'clear',
    });
    expect(await storedStatus(matching)).toBe('clear');

    expect((await catchUp()).fanOuts).toEqual([]);
  });

  it("applies a list switched off in the worker's configuration, and back on, without an ingestion run", async () => {
    expect(await storedStatus(clear)).toBe('potential_match');
    // The worker that manages the schedules writes its configuration into the catalog when it starts.
    expect(await switchLeie(false)).toEqual(['oig_leie']);
    const off = await catchUp();
    expect(off).toMatchObject({ listSwitches: { switched: [{ sourceKey: 'oig_leie', enabled: false }], statusChanges: 1 }, fanOuts: [] });
    expect(await storedStatus(clear)).toBe('clear');

    expect(await switchLeie(true)).toEqual(['oig_leie']);
    const on = await catchUp();
    expect(on).toMatchObject({ listSwitches: { switched: [{ sourceKey: 'oig_leie', enabled: true }], statusChanges: 1 }, fanOuts: [] });
    expect(await storedStatus(clear)).toBe('potential_match');
  });

  it('screens every record again after a switch reverted before it was applied: a record stored meanwhile on the switched lists comes back', async () => {
    expect(await storedStatus(clear)).toBe('potential_match');
    try {
      await switchLeie(false);
      // Stored while the LEIE was off (its workflow catching a record up, a fan-out, a switch re-screen cut short).
      expect(await catchUpOnce(clear)).toEqual({ rescreened: true, statusChanged: true });
      expect(await storedStatus(clear)).toBe('clear');
    } finally {
      await switchLeie(true);
    }
    const reverted = await catchUp();
    expect(reverted.listSwitches).toMatchObject({ switched: [{ sourceKey: 'oig_leie', enabled: true }], statusChanges: 1 });
    expect(await storedStatus(clear)).toBe('potential_match');
    expect((await catchUp()).listSwitches.switched).toEqual([]);
  });

  it('is started every 5 minutes by the monitoring-catch-up schedule, which the worker ensures idempotently', async () => {
    try {
      expect(await ensureMonitoringCatchUpSchedule(worker.client)).toBe('monitoring-catch-up');
      expect(await ensureMonitoringCatchUpSchedule(worker.client)).toBe('monitoring-catch-up');
      const schedule = await worker.client.schedule.getHandle('monitoring-catch-up').describe();
      expect(schedule.action).toMatchObject({
        type: 'startWorkflow',
        workflowType: 'monitoringCatchUp',
        workflowId: 'monitoring-catch-up',
      });
      expect(schedule.spec.intervals?.[0].every).toBe(300_000);
      expect(schedule.policies.overlap).toBe('SKIP');
    } finally {
      await worker.client.schedule
        .getHandle('monitoring-catch-up')
        .delete()
        .catch(() => undefined);
    }
  });
});

describe("the record workflow's catch-up (catchUpRecord)", () => {
  /** Until the record's own workflow has caught it up once (it then meters its month): no other re-screen races the test's. */
  async function recordWorkflowCaughtUp(recordId: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const history = await worker.client.workflow.getHandle(`monitor/${recordId}`).fetchHistory();
      if ((history.events ?? []).some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'meterRecordMonth')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`monitor/${recordId} did not catch its record up`);
  }

  it('screens again a record screened on an older version, or on a list switched off since; a record on the current lists is left alone', async () => {
    const record = await call(gw.url, 'PUT', '/v1/monitor', {
      apiKey,
      body: { type: 'person', name: 'Margery Quillfeather', dateOfBirth: '1980-08-08' },
    });
    await recordWorkflowCaughtUp(record.body.id);
    expect(await catchUpOnce(record.body.id)).toEqual({ rescreened: false, statusChanged: false });

    // Published with no fan-out (as if while the record was being enrolled): the record is behind.
    const path = writeLeie(
      `leie-${randomUUID()}.csv`,
      [OTHER, NEWLY_LISTED, { last: 'QUILLFEATHER', first: 'MARGERY', dob: '19800808' }].map((p) =>
        leieRow(p.last, p.first, p.dob, '20230101'),
      ),
    );
    const published = await ingestArtifact({ pool: gw.pool, sourceKey: 'oig_leie', artifactPath: path, env: stack.env });
    expect(published.outcome).toBe('published');
    expect(await catchUpOnce(record.body.id)).toEqual({ rescreened: true, statusChanged: true });
    expect(await storedStatus(record.body.id)).toBe('potential_match');

    // The LEIE switched off (not yet applied to the records): its match must not stay.
    try {
      await switchLeie(false);
      expect(await catchUpOnce(record.body.id)).toEqual({ rescreened: true, statusChanged: true });
      expect(await storedStatus(record.body.id)).toBe('clear');
    } finally {
      await switchLeie(true);
    }
    expect(await catchUpOnce(record.body.id)).toEqual({ rescreened: true, statusChanged: true });
    expect(await storedStatus(record.body.id)).toBe('potential_match');
    // Applied to the other records too, for whatever runs next.
    await catchUp();
  });
});

describe('matching rules the records were not screened with', () => {
  const rulesOf = async (ids: string[]) =>
    (
      await gw.pool.query<{ rules_version: number | null }>(
        'SELECT rules_version FROM monitored_records WHERE id = ANY($1::uuid[]) ORDER BY id',
        [ids],
      )
    ).rows.map((r) => r.rules_version);

  it('has the catch-up screen again, once, every record screened with other rules than the matcher screens with', async () => {
    const ids = [matching, clear].sort();
    expect(await rulesOf(ids)).toEqual([MATCHING_RULES_VERSION, MATCHING_RULES_VERSION]);
    // As if screened by a matcher on other rules, and by one older than the rules version.
    await gw.pool.query('UPDATE monitored_records SET rules_version = $2 WHERE id = $1', [matching, MATCHING_RULES_VERSION - 1]);
    await gw.pool.query('UPDATE monitored_records SET rules_version = NULL WHERE id = $1', [clear]);
    const first = await catchUp();
    expect(first.matchingRules).toEqual({ rulesVersion: MATCHING_RULES_VERSION, recordsRescreened: 2, statusChanges: 0 });
    expect(await rulesOf(ids)).toEqual([MATCHING_RULES_VERSION, MATCHING_RULES_VERSION]);

    const second = await catchUp();
    expect(second.matchingRules).toEqual({ rulesVersion: MATCHING_RULES_VERSION, recordsRescreened: 0, statusChanges: 0 });
  });

  it('puts a record matched on one shared word under older rules back to clear, with one status-change webhook', async () => {
    // Quintus Pemberthy shares one word with each of two listed people: clear on these rules.
    const enrolled = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name: 'Quintus Pemberthy' } });
    expect(enrolled.body.status).toBe('clear');
    const id = enrolled.body.id as string;
    // As stored under older rules (no announced status kept: the stored one): a potential match through the bare given name QUINTUS.
    const {
      rows: [stored],
    } = await gw.pool.query<{ result: ScreeningResult }>('SELECT result FROM monitored_records WHERE id = $1', [id]);
    const leie = stored.result.sources.find((s) => s.source === 'oig_leie')!;
    const noiseMatch = {
      label: POTENTIAL_MATCH_LABEL,
      fields: [
        {
          field: 'name',
          state: 'matched',
          rosterValue: 'Quintus Pemberthy',
          listValue: 'QUINTUS (listed as QUINTUS FAIRWEATHER)',
          strong: false,
        },
      ],
      provenance: { sourceList: 'oig_leie', listVersionId: leie.listVersionId, retrievedAt: leie.retrievedAt },
      score: 0.6667,
    };
    await gw.pool.query(
      `UPDATE monitored_records SET status = 'potential_match', result = result || $2::jsonb, rules_version = $3, announced_status = NULL WHERE id = $1`,
      [id, JSON.stringify({ status: 'potential_match', matches: [noiseMatch] }), MATCHING_RULES_VERSION - 1],
    );
    expect(await storedStatus(id)).toBe('potential_match');
    const before = receiver.received.length;
    const run = await catchUp();
    expect(run.matchingRules).toEqual({ rulesVersion: MATCHING_RULES_VERSION, recordsRescreened: 1, statusChanges: 1 });
    expect(await storedStatus(id)).toBe('clear');
    const [event] = await deliveredFrom(before, 1);
    expect(event).toMatchObject({
      type: 'match_status_change',
      data: { recordId: id, previousStatus: 'potential_match', status: 'clear' },
    });
  });

  it('refuses, retryably, the answers of a matcher on other rules than the re-screen asked for, and stores nothing', async () => {
    const [record] = await loadActiveRecords(gw.pool, [clear]);
    const checkedAt = async () =>
      (await gw.pool.query('SELECT checked_at FROM monitored_records WHERE id = $1', [clear])).rows[0].checked_at.toISOString();
    const before = await checkedAt();
    const deps = { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue };
    await expect(rescreenRecords(deps, [record], 'test-rules', { rulesVersion: MATCHING_RULES_VERSION + 1 })).rejects.toMatchObject({
      type: 'MatcherOtherRulesVersion',
      nonRetryable: false,
    });
    expect(await checkedAt()).toBe(before);
  });
});
