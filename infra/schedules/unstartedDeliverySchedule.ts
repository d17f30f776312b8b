import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import { config } from '../base/config';
import { upsertSchedule } from './upsertSchedule';

export const UNSTARTED_DELIVERY_SCHEDULE_ID = 'unstarted-deliveries';

function scheduleOptions(): ScheduleOptions {
  return {
    scheduleId: UNSTARTED_DELIVERY_SCHEDULE_ID,
    // Every minute: a delivery whose start was lost waits at most about two minutes (one to be
    // taken for lost, one to the next run); a run with nothing to start reads the pending deliveries.
    spec: { intervals: [{ every: '1 minute' }] },
    action: {
      type: 'startWorkflow',
      workflowType: 'unstartedDeliverySweep',
      workflowId: UNSTARTED_DELIVERY_SCHEDULE_ID,
      taskQueue: config.taskQueue,
      args: [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '10 minutes' },
  };
}

/** The `unstarted-deliveries` schedule (workflow unstartedDeliverySweep), created or brought up to date. */
export async function ensureUnstartedDeliverySchedule(client: Client): Promise<string> {
  await upsertSchedule(client, scheduleOptions());
  return UNSTARTED_DELIVERY_SCHEDULE_ID;
}
