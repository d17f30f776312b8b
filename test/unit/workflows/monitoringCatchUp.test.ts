import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { MonitoringActivities } from '../../../activities/monitoring/activities';
import type { MonitoringCatchUpResult, PublishedVersion } from '../../../workflows/contracts';
import { newTaskQueue, startTestServer, withWorker, within } from './support/environment';
import { publishedVersion, rescreenSummary, sameRules, switchedOff } from './support/monitoring';
import { listVersionFanOut } from '../../../workflows/listVersionFanOut';
import { monitoringCatchUp } from '../../../workflows/monitoringCatchUp';

/**
 * The monitoring catch-up on the time-skipping test server (its 4-minute wait for a fan-out
 * passes at once), with its activities and those of the fan-outs it runs as children stubbed:
 * which versions await a fan-out, and how each fan-out's re-screen goes, are the test's.
 */
type CatchUpStubs = Pick<
  MonitoringActivities,
  | 'startPendingMonitorWorkflows'
  | 'reactivatedOrganizations'
  | 'resumeMonitoringOfOrganization'
  | 'rescreenForListSwitches'
  | 'rescreenForMatchingRules'
  | 'versionsAwaitingFanOut'
  | 'emitListUpdate'
  | 'rescreenMonitoredRecords'
>;

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

/** How a version's fan-out goes: it completes, fails for good, or waits (retrying) on a switch no one applies. */
type FanOutCourse = 'completes' | 'fails' | 'waits';

function catchUp(
  versions: Array<{ version: PublishedVersion & { workflowId: string }; course: FanOutCourse }>,
  options: {
    /** Each organization's own resumption: an error to throw, or undefined to complete. */
    resumeOrg?: (orgId: string) => Error | undefined;
    reactivated?: string[];
  } = {},
) {
  const calls: string[] = [];
  const reactivated = options.reactivated ?? ['org-1'];
  const courseOf = new Map(versions.map((v) => [v.version.versionId, v]));
  let switchApplied = false;
  const activities: CatchUpStubs = {
    async startPendingMonitorWorkflows() {
      calls.push('startPendingMonitorWorkflows');
      return ['record-1'];
    },
    async reactivatedOrganizations() {
      calls.push('reactivatedOrganizations');
      return reactivated.map((orgId) => ({ orgId, resumedAt: '2026-04-10 00:00:00+00' }));
    },
    async resumeMonitoringOfOrganization(input) {
      const failure = options.resumeOrg?.(input.orgId);
      if (failure) throw failure;
      calls.push(`resumeMonitoringOfOrganization ${input.orgId}`);
      return { orgId: input.orgId, rescreened: 3, statusChanges: 1 };
    },
    async rescreenForListSwitches() {
      calls.push('rescreenForListSwitches');
      return switchedOff('nppes');
    },
    async rescreenForMatchingRules() {
      calls.push('rescreenForMatchingRules');
      return sameRules();
    },
    async versionsAwaitingFanOut() {
      calls.push('versionsAwaitingFanOut');
      return versions.map((v) => v.version);
    },
    async emitListUpdate(input) {
      calls.push(`emitListUpdate ${input.versionId}`);
      return { deliveries: 1 };
    },
    async rescreenMonitoredRecords(input) {
      const v = courseOf.get(input.versionId);
      if (!v) throw new Error(`no version ${input.versionId} in this test`);
      if (v.course === 'fails') throw ApplicationFailure.nonRetryable('the version was withdrawn', 'NoSuchVersion');
      if (v.course === 'waits' && !switchApplied)
        throw ApplicationFailure.retryable('nppes is switched off but the records still stand on it', 'ListSwitchPending');
      calls.push(`rescreenMonitoredRecords ${input.versionId}`);
      return rescreenSummary(v.version);
    },
  };
  return {
    activities,
    calls,
    /** The switch the waiting fan-outs wait for is applied (the schedule's next run): they complete. */
    applySwitch: () => {
      switchApplied = true;
    },
  };
}

const startCatchUp = (taskQueue: string) =>
  env.client.workflow.start(monitoringCatchUp, { taskQueue, workflowId: `monitoring-catch-up/${taskQueue}`, args: [] });

async function runCatchUp(stubs: CatchUpStubs): Promise<MonitoringCatchUpResult> {
  const taskQueue = newTaskQueue('catch-up');
  return withWorker(env, { taskQueue, activities: stubs }, async () =>
    within(30_000, 'the catch-up', (await startCatchUp(taskQueue)).result()),
  );
}

/**
 * Runs `body` with a worker, then lets the fan-outs it left waiting finish (their switch
 * applied), so none retries on in the server the next tests share. They are not terminated: the
 * test server stops its clock for good when a workflow ends while one of its activities executes.
 */
async function withWorkerFinishingFanOuts<T>(
  c: ReturnType<typeof catchUp>,
  options: { taskQueue: string; leftWaiting: string[] },
  body: () => Promise<T>,
): Promise<T> {
  return withWorker(env, { taskQueue: options.taskQueue, activities: c.activities }, async () => {
    try {
      return await body();
    } finally {
      c.applySwitch();
      for (const id of options.leftWaiting) await within(30_000, `the fan-out ${id}`, env.client.workflow.getHandle(id).result());
    }
  });
}

describe('monitoringCatchUp: before the fan-outs', () => {
  it('starts pending monitor workflows, starts each reactivated organization its own resumption, applies switches then rules', async () => {
    const c = catchUp([]);
    const result = await runCatchUp(c.activities);
    expect(c.calls.filter((call) => !call.startsWith('resumeMonitoringOfOrganization'))).toEqual([
      'startPendingMonitorWorkflows',
      'reactivatedOrganizations',
      'rescreenForListSwitches',
      'rescreenForMatchingRules',
      'versionsAwaitingFanOut',
    ]);
    expect(c.calls).toContain('resumeMonitoringOfOrganization org-1');
    expect(result).toEqual({
      listSwitches: switchedOff('nppes'),
      matchingRules: sameRules(),
      fanOuts: [],
      fanOutsLeftRunning: [],
      monitorWorkflowsStarted: ['record-1'],
      organizationsResumed: [{ orgId: 'org-1', rescreened: 3, statusChanges: 1 }],
      organizationsResumeLeftRunning: [],
    });
  });

  it("one organization's failing resumption holds up neither the others, nor the switches and fan-outs: each organization has its own workflow", async () => {
    const v1 = publishedVersion('oig_leie');
    // org-stuck's re-screen fails on its first three attempts (2 s, 4 s, 8 s apart), as against a matcher down for a while.
    const stuckAttempts: number[] = [];
    const c = catchUp([{ version: v1, course: 'completes' }], {
      reactivated: ['org-stuck', 'org-fine'],
      resumeOrg: (orgId) => {
        if (orgId !== 'org-stuck') return undefined;
        stuckAttempts.push(Context.current().info.attempt);
        return stuckAttempts.length < 4 ? ApplicationFailure.retryable('matcher unavailable', 'MatcherUnavailable') : undefined;
      },
    });
    const result = await runCatchUp(c.activities);
    expect(result).toMatchObject({ listSwitches: switchedOff('nppes'), fanOuts: [v1.workflowId], organizationsResumeLeftRunning: [] });
    expect(result.organizationsResumed).toEqual(
      expect.arrayContaining([
        { orgId: 'org-fine', rescreened: 3, statusChanges: 1 },
        { orgId: 'org-stuck', rescreened: 3, statusChanges: 1 },
      ]),
    );
    expect(stuckAttempts).toEqual([1, 2, 3, 4]);
    // The switches, the rules and the version's fan-out went ahead while org-stuck's re-screen was failing.
    const at = (call: string) => c.calls.indexOf(call);
    expect(at(`rescreenMonitoredRecords ${v1.versionId}`)).toBeGreaterThan(at('rescreenForMatchingRules'));
    expect(at('resumeMonitoringOfOrganization org-stuck')).toBeGreaterThan(at(`rescreenMonitoredRecords ${v1.versionId}`));
  });
});

describe('monitoringCatchUp: fan-outs of the versions awaiting one', () => {
  it('runs them one after the other, in publication order, each to its end', async () => {
    const [v1, v2] = [publishedVersion('oig_leie'), publishedVersion('sam_exclusions')];
    const c = catchUp([
      { version: v1, course: 'completes' },
      { version: v2, course: 'completes' },
    ]);
    const result = await runCatchUp(c.activities);
    expect(result).toMatchObject({ fanOuts: [v1.workflowId, v2.workflowId], fanOutsLeftRunning: [] });
    expect(c.calls.filter((call) => !call.startsWith('resumeMonitoringOfOrganization')).slice(5)).toEqual([
      `emitListUpdate ${v1.versionId}`,
      `rescreenMonitoredRecords ${v1.versionId}`,
      `emitListUpdate ${v2.versionId}`,
      `rescreenMonitoredRecords ${v2.versionId}`,
    ]);
  });

  it('a failed child: its version is left awaiting (not in fanOuts) and the next version is still fanned out', async () => {
    const [v1, v2] = [publishedVersion('oig_leie'), publishedVersion('sam_exclusions')];
    const c = catchUp([
      { version: v1, course: 'fails' },
      { version: v2, course: 'completes' },
    ]);
    const result = await runCatchUp(c.activities);
    expect(result).toMatchObject({ fanOuts: [v2.workflowId], fanOutsLeftRunning: [] });
    expect((await env.client.workflow.getHandle(v1.workflowId).describe()).status.name).toBe('FAILED');
  });

  it('a fan-out already running elsewhere (the ingestion started it) is left to it, neither done nor left running here', async () => {
    const [v1, v2] = [publishedVersion('oig_leie'), publishedVersion('sam_exclusions')];
    const c = catchUp([
      { version: v1, course: 'waits' },
      { version: v2, course: 'completes' },
    ]);
    const taskQueue = newTaskQueue('catch-up');
    const result = await withWorkerFinishingFanOuts(c, { taskQueue, leftWaiting: [v1.workflowId] }, async () => {
      await env.client.workflow.start(listVersionFanOut, { taskQueue, workflowId: v1.workflowId, args: [{ versionId: v1.versionId }] });
      const result = await within(30_000, 'the catch-up', (await startCatchUp(taskQueue)).result());
      expect((await env.client.workflow.getHandle(v1.workflowId).describe()).status.name).toBe('RUNNING');
      return result;
    });
    expect(result).toMatchObject({ fanOuts: [v2.workflowId], fanOutsLeftRunning: [] });
  });

  it('waits for its fan-outs 4 minutes in all: one that cannot finish is left running, and those after it are started without waiting', async () => {
    const [v1, v2] = [publishedVersion('oig_leie'), publishedVersion('sam_exclusions')];
    const c = catchUp([
      { version: v1, course: 'waits' },
      { version: v2, course: 'waits' },
    ]);
    const taskQueue = newTaskQueue('catch-up');
    const leftRunning = [v1.workflowId, v2.workflowId];
    const { result, startedMs, closedMs, statuses } = await withWorkerFinishingFanOuts(
      c,
      { taskQueue, leftWaiting: leftRunning },
      async () => {
        const handle = await startCatchUp(taskQueue);
        const result = await within(30_000, 'the catch-up', handle.result());
        const { startTime, closeTime } = await handle.describe();
        const statuses = await Promise.all(leftRunning.map(async (id) => (await env.client.workflow.getHandle(id).describe()).status.name));
        return { result, startedMs: startTime.getTime(), closedMs: closeTime?.getTime() ?? Number.NaN, statuses };
      },
    );
    expect(result).toMatchObject({ fanOuts: [], fanOutsLeftRunning: leftRunning });
    const ranMs = closedMs - startedMs;
    expect(ranMs).toBeGreaterThanOrEqual(4 * 60_000);
    expect(ranMs).toBeLessThan(5 * 60_000);
    expect(statuses).toEqual(['RUNNING', 'RUNNING']);
  });
});
