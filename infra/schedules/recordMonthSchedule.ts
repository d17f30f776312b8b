import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import { config } from '../base/config';
import { upsertSchedule } from './upsertSchedule';

export const RECORD_MONTH_SCHEDULE_ID = 'record-months';

function scheduleOptions(): ScheduleOptions {
  return {
    scheduleId: RECORD_MONTH_SCHEDULE_ID,
    // Hourly: a month's record-months are complete within the hour after it turns, even when
    // no record workflow woke; a sweep with nothing to add only reads the monitored records.
    spec: { intervals: [{ every: '1 hour' }] },
    action: {
      type: 'startWorkflow',
      workflowType: 'recordMonthMetering',
      workflowId: RECORD_MONTH_SCHEDULE_ID,
      taskQueue: config.taskQueue,
      args: [{}],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
  };
}

/** The `record-months` schedule (workflow recordMonthMetering), created or brought up to date. */
export async function ensureRecordMonthSchedule(client: Client): Promise<string> {
  await upsertSchedule(client, scheduleOptions());
  return RECORD_MONTH_SCHEDULE_ID;
}
