import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { UnstartedDeliverySweepActivities } from '../../../activities/webhooks/activities';
import { attemptSeen, gapsSeconds, newTaskQueue, startTestServer, withWorker, within, type AttemptSeen } from './support/environment';
import { unstartedDeliverySweep } from '../../../workflows/unstartedDeliverySweep';

/** The sweep of unstarted deliveries on the time-skipping test server, its one activity stubbed. */
let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

function sweep(answer: (attempt: number) => { taken: number } | Error) {
  const attempts: AttemptSeen[] = [];
  const activities: UnstartedDeliverySweepActivities = {
    async startUnstartedDeliveries() {
      const seen = await attemptSeen(env);
      attempts.push(seen);
      const outcome = answer(seen.attempt);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
  return { activities, attempts };
}

async function runSweep(activities: UnstartedDeliverySweepActivities): Promise<{ taken: number }> {
  const taskQueue = newTaskQueue('unstarted');
  return withWorker(env, { taskQueue, activities }, () =>
    within(30_000, 'the sweep', env.client.workflow.execute(unstartedDeliverySweep, { taskQueue, workflowId: taskQueue, args: [] })),
  );
}

describe('unstartedDeliverySweep', () => {
  it('returns how many pending deliveries the activity started', async () => {
    const s = sweep(() => ({ taken: 4 }));
    expect(await runSweep(s.activities)).toEqual({ taken: 4 });
    expect(s.attempts).toHaveLength(1);
  });

  it('retries a failed sweep after 10 s, doubling up to a minute, and returns once one passes', async () => {
    const s = sweep((n) => (n < 5 ? ApplicationFailure.retryable('database unreachable', 'ConnectionRefused') : { taken: 1 }));
    expect(await runSweep(s.activities)).toEqual({ taken: 1 });
    expect(gapsSeconds(s.attempts)).toEqual([10, 20, 40, 60]);
  });

  it("fails the run after 5 attempts (the schedule's next run, a minute later, sweeps again)", async () => {
    const s = sweep(() => ApplicationFailure.retryable('database unreachable', 'ConnectionRefused'));
    const failure = await runSweep(s.activities).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause).toBeInstanceOf(ActivityFailure);
    expect(s.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
  });
});
