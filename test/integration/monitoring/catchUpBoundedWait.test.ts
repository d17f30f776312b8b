import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { ListSwitchSummary, MatchingRulesSummary, RescreenSummary } from '../../../activities/monitoring/activities';
import type { PublishedVersion } from '../../../workflows/contracts';
import { monitoringCatchUp } from '../../../workflows/monitoringCatchUp';

/**
 * The monitoring catch-up cannot stall. It waits for the fan-outs it starts only so long: a
 * fan-out that cannot finish until something else happens (a list switched off after the run
 * applied the switches waits, retrying, for the switch to be applied) is left running, the run
 * ends, and the next run of the schedule applies the switch, which lets the fan-out finish. On
 * Temporal's time-skipping test server, with the catch-up's and the fan-out's activities stubbed.
 */
const TEST_SERVER = process.env.TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '..', '..', '..', '.venv', 'bin', 'temporal-test-server');

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: TEST_SERVER } } });
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

const version: PublishedVersion & { workflowId: string } = {
  sourceKey: 'oig_leie',
  versionId: '00000000-0000-4000-8000-000000000002',
  workflowId: 'list-version/oig_leie/00000000-0000-4000-8000-000000000002',
};

const fannedOut = (): RescreenSummary => ({
  versionId: version.versionId,
  sourceKey: version.sourceKey,
  changedEntries: 1,
  recordsRekeyed: 0,
  recordsReached: 0,
  recordsRescreened: 0,
  statusChanges: 0,
  keyGroups: { crossed: 0, exact: true },
  rescreenedBecause: { wholeChange: 0, organization: 0, capped: 0, soloName: 0, match: 0, headroom: 0, keyGroup: 0 },
  timings: { reachMs: 0, checkMs: 0, readMs: 0, narrowMs: 0, matcherWaitMs: 0, crossingMs: 0, screenMs: 0 },
});

/** Fails the test instead of hanging it when a workflow never ends. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

describe('a catch-up run whose fan-out waits on a list switched off after the run applied the switches', () => {
  it('leaves the fan-out running and ends; the next run applies the switch, and the fan-out finishes', async () => {
    // The catalog as the stubs see it: the switch-off lands right after the first run applied the switches.
    let switchRuns = 0;
    let switchOffApplied = false;
    let fanOutApplied = false;
    let fanOutAttempts = 0;
    const activities = {
      async rescreenForListSwitches(): Promise<ListSwitchSummary> {
        switchRuns += 1;
        if (switchRuns === 1) return { switched: [], recordsRescreened: 0, statusChanges: 0 };
        switchOffApplied = true;
        return { switched: [{ sourceKey: 'oig_leie', enabled: false }], recordsRescreened: 2, statusChanges: 1 };
      },
      async rescreenForMatchingRules(): Promise<MatchingRulesSummary> {
        return { rulesVersion: 1, recordsRescreened: 0, statusChanges: 0 };
      },
      async versionsAwaitingFanOut() {
        return fanOutApplied ? [] : [version];
      },
      async startPendingMonitorWorkflows(): Promise<string[]> {
        return [];
      },
      async reactivatedOrganizations() {
        return [];
      },
      async emitListUpdate() {
        return { deliveries: 0 };
      },
      async rescreenMonitoredRecords(): Promise<RescreenSummary> {
        fanOutAttempts += 1;
        if (!switchOffApplied)
          throw ApplicationFailure.retryable('oig_leie is switched off but the monitored records still stand on it', 'ListSwitchPending');
        fanOutApplied = true;
        return fannedOut();
      },
    };
    const taskQueue = `catch-up-${randomUUID().slice(0, 8)}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH as string },
      activities,
      maxCachedWorkflows: 0,
      shutdownGraceTime: '2s',
    });
    const catchUp = () =>
      env.client.workflow.execute(monitoringCatchUp, {
        taskQueue,
        workflowId: `monitoring-catch-up/${randomUUID()}`,
        args: [],
      });

    await worker.runUntil(async () => {
      const first = await within(60_000, 'the first catch-up run', catchUp());
      expect(first).toMatchObject({ listSwitches: { switched: [] }, fanOuts: [], fanOutsLeftRunning: [version.workflowId] });
      const fanOut = env.client.workflow.getHandle(version.workflowId);
      expect((await fanOut.describe()).status.name).toBe('RUNNING');
      expect(fanOutAttempts).toBeGreaterThan(1);
      expect(fanOutApplied).toBe(false);

      // The schedule's next run: the switch is applied, the fan-out found running is left to it.
      const second = await within(60_000, 'the second catch-up run', catchUp());
      expect(second).toMatchObject({
        listSwitches: { switched: [{ sourceKey: 'oig_leie', enabled: false }] },
        fanOuts: [],
        fanOutsLeftRunning: [],
      });
      await within(60_000, 'the fan-out', fanOut.result());
      expect(fanOutApplied).toBe(true);
      // Nothing left awaiting.
      expect(await within(60_000, 'the third catch-up run', catchUp())).toMatchObject({ fanOuts: [], fanOutsLeftRunning: [] });
    });
  }, 240_000);
});
