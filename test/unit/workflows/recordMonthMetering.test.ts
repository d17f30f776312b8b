import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { RecordMonthMeteringActivities } from '../../../activities/metering/activities';
import { attemptSeen, gapsSeconds, newTaskQueue, startTestServer, withWorker, type AttemptSeen } from './support/environment';
import { recordMonthMetering } from '../../../workflows/recordMonthMetering';

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

describe('recordMonthMetering', () => {
  it('passes the requested month to the sweep and returns what it metered', async () => {
    const calls: Array<{ at?: string }> = [];
    const activities: RecordMonthMeteringActivities = {
      async meterRecordMonthsOfMonitoredRecords(input) {
        calls.push(input);
        return { periods: ['2026-01', '2026-02'], metered: 7 };
      },
    };
    const taskQueue = newTaskQueue('record-months');
    const result = await withWorker(env, { taskQueue, activities }, () =>
      env.client.workflow.execute(recordMonthMetering, { taskQueue, workflowId: taskQueue, args: [{ at: '2026-02-03T00:00:00Z' }] }),
    );
    expect(result).toEqual({ periods: ['2026-01', '2026-02'], metered: 7 });
    expect(calls).toEqual([{ at: '2026-02-03T00:00:00Z' }]);
  });

  it('started by the schedule with no input, leaves the month to the activity (now)', async () => {
    const calls: Array<{ at?: string }> = [];
    const activities: RecordMonthMeteringActivities = {
      async meterRecordMonthsOfMonitoredRecords(input) {
        calls.push(input);
        return { periods: ['2026-02'], metered: 0 };
      },
    };
    const taskQueue = newTaskQueue('record-months');
    await withWorker(env, { taskQueue, activities }, () =>
      env.client.workflow.execute(recordMonthMetering, { taskQueue, workflowId: taskQueue, args: [] }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].at).toBeUndefined();
  });

  it('retries a failed sweep after 10 s, doubling up to 10 minutes, until it succeeds', async () => {
    const attempts: AttemptSeen[] = [];
    const activities: RecordMonthMeteringActivities = {
      async meterRecordMonthsOfMonitoredRecords() {
        attempts.push(await attemptSeen(env));
        if (attempts.length < 9) throw ApplicationFailure.retryable('database unreachable', 'ConnectionRefused');
        return { periods: ['2026-02'], metered: 3 };
      },
    };
    const taskQueue = newTaskQueue('record-months');
    const result = await withWorker(env, { taskQueue, activities }, () =>
      env.client.workflow.execute(recordMonthMetering, { taskQueue, workflowId: taskQueue, args: [] }),
    );
    expect(result).toEqual({ periods: ['2026-02'], metered: 3 });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(gapsSeconds(attempts)).toEqual([10, 20, 40, 80, 160, 320, 600, 600]);
  });
});
