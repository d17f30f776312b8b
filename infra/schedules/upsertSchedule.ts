import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import { config } from '../base/config';

/** Creates the schedule, or brings an existing one's spec, action and policies up to `options`. */
export async function upsertSchedule(client: Client, options: ScheduleOptions): Promise<void> {
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
export interface RecurringWorkflow {
  scheduleId: string;
  workflowType: string;
  every: string;
  catchupWindow: string;
  args?: unknown[];
}

export async function ensureRecurringWorkflow(client: Client, schedule: RecurringWorkflow): Promise<string> {
  await upsertSchedule(client, {
    scheduleId: schedule.scheduleId,
    spec: { intervals: [{ every: schedule.every }] },
    action: {
      type: 'startWorkflow',
      workflowType: schedule.workflowType,
      workflowId: schedule.scheduleId,
      taskQueue: config.taskQueue,
      args: schedule.args ?? [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: schedule.catchupWindow },
  });
  return schedule.scheduleId;
}
