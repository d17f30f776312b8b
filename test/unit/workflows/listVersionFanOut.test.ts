import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { MonitoringActivities } from '../../../activities/monitoring/activities';
import type { ListVersionFanOutResult } from '../../../workflows/contracts';
import { attemptSeen, expectWaits, newTaskQueue, startTestServer, withWorker, within, type AttemptSeen } from './support/environment';
import { keptOfRescreen, publishedVersion, rescreenSummary } from './support/monitoring';
import { listVersionFanOut } from '../../../workflows/listVersionFanOut';

/** A list version's fan-out on the time-skipping test server, its two activities stubbed. */
type FanOutStubs = Pick<MonitoringActivities, 'emitListUpdate' | 'rescreenMonitoredRecords'>;

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

/** The re-screen waits 2 s, then ×1.5 up to 30 s, between attempts. */
const RESCREEN_WAITS_MS = [2000, 3000, 4500, 6750, 10125, 15187.5, 22781.25, 30000, 30000];

function fanOut(options: { emit?: (attempt: number) => Error | undefined; rescreen?: (attempt: number) => Error | undefined }) {
  const version = publishedVersion();
  const calls: string[] = [];
  const emitAttempts: AttemptSeen[] = [];
  const rescreenAttempts: AttemptSeen[] = [];
  const activities: FanOutStubs = {
    async emitListUpdate(input) {
      const seen = await attemptSeen(env);
      emitAttempts.push(seen);
      calls.push(`emitListUpdate ${input.versionId}`);
      const failure = options.emit?.(seen.attempt);
      if (failure) throw failure;
      return { deliveries: 6 };
    },
    async rescreenMonitoredRecords(input) {
      const seen = await attemptSeen(env);
      rescreenAttempts.push(seen);
      calls.push(`rescreenMonitoredRecords ${input.versionId}`);
      const failure = options.rescreen?.(seen.attempt);
      if (failure) throw failure;
      return rescreenSummary(version);
    },
  };
  return { version, activities, calls, emitAttempts, rescreenAttempts };
}

async function runFanOut(f: ReturnType<typeof fanOut>): Promise<ListVersionFanOutResult> {
  const taskQueue = newTaskQueue('fan-out');
  return withWorker(env, { taskQueue, activities: f.activities }, () =>
    within(
      30_000,
      'the fan-out',
      env.client.workflow.execute(listVersionFanOut, {
        taskQueue,
        workflowId: f.version.workflowId,
        args: [{ versionId: f.version.versionId }],
      }),
    ),
  );
}

describe('listVersionFanOut', () => {
  it('sends list_update, then re-screens the records the version can affect, and returns both summaries', async () => {
    const f = fanOut({});
    const result = await runFanOut(f);
    expect(f.calls).toEqual([`emitListUpdate ${f.version.versionId}`, `rescreenMonitoredRecords ${f.version.versionId}`]);
    expect(result).toEqual({ listUpdates: 6, monitoring: keptOfRescreen(rescreenSummary(f.version)) });
  });

  it('matcher wait: retries the re-screen while the matcher does not serve the version yet (2 s, ×1.5, up to 30 s)', async () => {
    const f = fanOut({
      rescreen: (n) =>
        n < 10 ? ApplicationFailure.retryable('the matcher does not serve the version yet', 'MatcherVersionNotLoaded') : undefined,
    });
    const result = await runFanOut(f);
    expectWaits(f.rescreenAttempts, RESCREEN_WAITS_MS);
    // list_update went out once, before the wait.
    expect(f.emitAttempts).toHaveLength(1);
    expect(result.monitoring.recordsRescreened).toBe(3);
  });

  it('switch pending: keeps retrying, with no attempt limit, while a list switched off is not yet applied to the records', async () => {
    const f = fanOut({
      rescreen: (n) =>
        n < 25
          ? ApplicationFailure.retryable('oig_leie is switched off but the records still stand on it', 'ListSwitchPending')
          : undefined,
    });
    await runFanOut(f);
    expect(f.rescreenAttempts.map((a) => a.attempt)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expectWaits(f.rescreenAttempts, [...RESCREEN_WAITS_MS, ...Array(15).fill(30000)]);
  });

  it('retries a failed list_update on the default policy (1 s, doubling) and re-screens only after it went out', async () => {
    const f = fanOut({ emit: (n) => (n < 4 ? ApplicationFailure.retryable('database unreachable', 'ConnectionRefused') : undefined) });
    await runFanOut(f);
    expectWaits(f.emitAttempts, [1000, 2000, 4000]);
    expect(f.rescreenAttempts).toHaveLength(1);
    expect(f.rescreenAttempts[0].atMs).toBeGreaterThanOrEqual(f.emitAttempts[3].atMs);
  });

  it('fails on a re-screen failure no retry can fix (the catch-up finds the version still awaiting)', async () => {
    const f = fanOut({ rescreen: () => ApplicationFailure.nonRetryable('no such version', 'NoSuchVersion') });
    const failure = await runFanOut(f).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause).toBeInstanceOf(ActivityFailure);
    expect(f.rescreenAttempts).toHaveLength(1);
  });
});
