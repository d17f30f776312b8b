import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { config } from '../base/config';

/** Creates the schedule, or brings an existing one's spec, action and policies up to `options`. */
export async function upsertSchedule<W extends Workflow>(
  client: Client,
  options: ScheduleOptions<ScheduleOptionsStartWorkflowAction<W>>,
): Promise<void> {
  try {
    await client.schedule.create(options);
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(options.scheduleId).update((previous) => ({
      ...previous,
      spec: options.spec,
      action: options.action,
      policies: options.policies,
    }));
  }
}

/**
 * A schedule that runs one workflow of the service's queue at a fixed interval, under the
 * schedule's own id, skipping a run while the previous one goes on: the sweeps and catch-ups.
 */
export interface RecurringWorkflow<W extends Workflow> {
  scheduleId: string;
  /** The workflow function itself, so that the compiler checks `args` against it. */
  workflowType: W;
  every: string;
  catchupWindow: string;
  args: Parameters<W>;
}

export async function ensureRecurringWorkflow<W extends Workflow>(client: Client, schedule: RecurringWorkflow<W>): Promise<string> {
  await upsertSchedule(client, {
    scheduleId: schedule.scheduleId,
    spec: { intervals: [{ every: schedule.every }] },
    // RecurringWorkflow<W> checked `args` against the workflow; the SDK's conditional option type
    // cannot be resolved for a generic W, hence the assertion.
    action: {
      type: 'startWorkflow',
      workflowType: schedule.workflowType,
      workflowId: schedule.scheduleId,
      taskQueue: config.taskQueue,
      args: schedule.args,
    } as ScheduleOptionsStartWorkflowAction<W>,
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: schedule.catchupWindow },
  });
  return schedule.scheduleId;
}
