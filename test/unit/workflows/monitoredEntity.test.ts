import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { MonitoringActivities } from '../../../activities/monitoring/activities';
import { billingPeriod, periodBounds } from '../../../activities/metering';
import { monitorWorkflowId, type MonitoredEntityInput } from '../../../workflows/contracts';
import { attemptSeen, gapsSeconds, newTaskQueue, startTestServer, withWorker, within, type AttemptSeen } from './support/environment';
import { monitoredEntity } from '../../../workflows/monitoredEntity';

/**
 * The monitor/{recordId} workflow on the time-skipping test server (a month's sleep passes at
 * once), its two activities stubbed: the ledger and the record's state are the test's.
 */
type EntityStubs = Pick<MonitoringActivities, 'catchUpMonitoredRecord' | 'meterRecordMonth'>;

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

interface Metered {
  at: string;
  runId: string;
  serverTimeMs: number;
}

/**
 * A record found active by its first `activeFor` meterings and removed after: meterRecordMonth
 * answers as the real one (the next month's start; `active` false once removed). `failMeter` and
 * `failCatchUp` make the first attempts of each fail.
 */
function monitoredRecord(options: {
  activeFor: number;
  failMeter?: number;
  failCatchUp?: number;
  nextPeriodStartsAt?: (at: string) => string;
}) {
  const metered: Metered[] = [];
  const meterAttempts: AttemptSeen[] = [];
  const catchUps: Array<{ recordId: string; attempt: AttemptSeen }> = [];
  const activities: EntityStubs = {
    async catchUpMonitoredRecord(input) {
      catchUps.push({ recordId: input.recordId, attempt: await attemptSeen(env) });
      if (catchUps.length <= (options.failCatchUp ?? 0)) throw ApplicationFailure.retryable('matcher unavailable', 'MatcherUnavailable');
      return { rescreened: true, statusChanged: false };
    },
    async meterRecordMonth(input) {
      meterAttempts.push(await attemptSeen(env));
      if (meterAttempts.length <= (options.failMeter ?? 0)) throw ApplicationFailure.retryable('database unreachable', 'ConnectionRefused');
      const at = input.at ?? new Date().toISOString();
      const nextPeriodStartsAt = options.nextPeriodStartsAt?.(at) ?? periodBounds(billingPeriod(new Date(at))).endsAt;
      const active = metered.length < options.activeFor;
      metered.push({ at, runId: Context.current().info.workflowExecution?.runId ?? '', serverTimeMs: await env.currentTimeMs() });
      return { active, nextPeriodStartsAt };
    },
  };
  return { activities, metered, meterAttempts, catchUps };
}

async function monitor(stubs: EntityStubs, input: MonitoredEntityInput & { caughtUp?: boolean }): Promise<'removed'> {
  const taskQueue = newTaskQueue('monitor');
  return withWorker(env, { taskQueue, activities: stubs }, () =>
    within(
      30_000,
      'the monitor workflow',
      env.client.workflow.execute(monitoredEntity, { taskQueue, workflowId: monitorWorkflowId(input.recordId), args: [input] }),
    ),
  );
}

const nextMonth = (period: string): string => billingPeriod(new Date(periodBounds(period).endsAt));

describe('monitoredEntity: month roll-over', () => {
  it("meters the month it starts in, sleeps to the next month's start and continues as new there, one run a month", async () => {
    const record = monitoredRecord({ activeFor: 3 });
    const recordId = randomUUID();
    const startedAt = await env.currentTimeMs();
    expect(await monitor(record.activities, { recordId, orgId: randomUUID(), caughtUp: true })).toBe('removed');

    const first = billingPeriod(new Date(startedAt));
    const periods = record.metered.map((m) => billingPeriod(new Date(m.at)));
    // Three months metered, the fourth finds the record removed.
    expect(periods).toEqual([first, nextMonth(first), nextMonth(nextMonth(first)), nextMonth(nextMonth(nextMonth(first)))]);
    // Each month's run starts at the month's start (the workflow clock names the month), not a day later.
    for (const m of record.metered.slice(1)) {
      const monthStart = Date.parse(periodBounds(billingPeriod(new Date(m.at))).startsAt);
      expect(Date.parse(m.at) - monthStart).toBeGreaterThanOrEqual(0);
      expect(Date.parse(m.at) - monthStart).toBeLessThan(60_000);
    }
    // One run per month: continued as new at each roll-over.
    expect(new Set(record.metered.map((m) => m.runId)).size).toBe(4);
    expect(record.catchUps).toEqual([]);
  });

  it("waits at least a second when the next month's start is already past (a clock at the turn)", async () => {
    const record = monitoredRecord({ activeFor: 2, nextPeriodStartsAt: () => '2000-01-01T00:00:00.000Z' });
    await monitor(record.activities, { recordId: randomUUID(), orgId: randomUUID(), caughtUp: true });
    expect(record.metered).toHaveLength(3);
    const gap = record.metered[1].serverTimeMs - record.metered[0].serverTimeMs;
    expect(gap).toBeGreaterThanOrEqual(1000);
    expect(gap).toBeLessThan(5000);
  });

  it('retries a failed metering after 5 s, doubling up to 10 minutes', async () => {
    const record = monitoredRecord({ activeFor: 0, failMeter: 9 });
    expect(await monitor(record.activities, { recordId: randomUUID(), orgId: randomUUID(), caughtUp: true })).toBe('removed');
    expect(gapsSeconds(record.meterAttempts)).toEqual([5, 10, 20, 40, 80, 160, 320, 600, 600]);
  });
});

describe('monitoredEntity: catch-up at enrollment', () => {
  it('a record not yet caught up is caught up once, before its first metering; the runs after are not', async () => {
    const record = monitoredRecord({ activeFor: 2 });
    const recordId = randomUUID();
    await monitor(record.activities, { recordId, orgId: randomUUID() });
    expect(record.catchUps.map((c) => c.recordId)).toEqual([recordId]);
    expect(record.catchUps[0].attempt.atMs).toBeLessThanOrEqual(record.meterAttempts[0].atMs);
    expect(record.metered).toHaveLength(3);
  });

  it('retries a failed catch-up after 2 s, doubling up to a minute, and meters only after it', async () => {
    const record = monitoredRecord({ activeFor: 0, failCatchUp: 7 });
    await monitor(record.activities, { recordId: randomUUID(), orgId: randomUUID() });
    expect(gapsSeconds(record.catchUps.map((c) => c.attempt))).toEqual([2, 4, 8, 16, 32, 60, 60]);
    expect(record.meterAttempts).toHaveLength(1);
    expect(record.meterAttempts[0].atMs).toBeGreaterThanOrEqual(record.catchUps[7].attempt.atMs);
  });
});

describe('monitoredEntity: removal', () => {
  it('ends "removed" at the first metering that finds the record removed, without sleeping', async () => {
    const record = monitoredRecord({ activeFor: 0 });
    const recordId = randomUUID();
    expect(await monitor(record.activities, { recordId, orgId: randomUUID(), caughtUp: true })).toBe('removed');
    expect(record.metered).toHaveLength(1);
    const { events } = await env.client.workflow.getHandle(monitorWorkflowId(recordId)).fetchHistory();
    expect(events?.some((e) => e.timerStartedEventAttributes)).toBe(false);
  });

  it('terminated while asleep (DELETE /monitor/{id}), meters nothing more', async () => {
    const record = monitoredRecord({ activeFor: 12 });
    const recordId = randomUUID();
    const taskQueue = newTaskQueue('monitor');
    await withWorker(env, { taskQueue, activities: record.activities }, async () => {
      const handle = await env.client.workflow.start(monitoredEntity, {
        taskQueue,
        workflowId: monitorWorkflowId(recordId),
        args: [{ recordId, orgId: randomUUID(), caughtUp: true }],
      });
      // Terminated once asleep: terminated mid-activity, the test server would hold its clock for the activity.
      const asleep = async () => (await handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes) ?? false;
      for (let i = 0; i < 100 && !(await asleep()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await asleep()).toBe(true);
      await handle.terminate('record removed');
      expect((await handle.describe()).status.name).toBe('TERMINATED');
      // A month of server time passes: nothing wakes.
      await env.sleep(40 * 24 * 3600_000);
    });
    expect(record.metered).toHaveLength(1);
  });
});
