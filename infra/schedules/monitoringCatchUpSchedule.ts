import { ScheduleOverlapPolicy, type Client, type ScheduleOptions } from '@temporalio/client';
import { config } from '../base/config';
import { upsertSchedule } from './upsertSchedule';

export const MONITORING_CATCH_UP_SCHEDULE_ID = 'monitoring-catch-up';

function scheduleOptions(): ScheduleOptions {
  return {
    scheduleId: MONITORING_CATCH_UP_SCHEDULE_ID,
    // Every 5 minutes: a version published with `screenctl lists ingest` while Temporal was out
    // of reach, or a list switched in the worker's configuration, reaches the monitored records
    // within minutes; a run with nothing to apply reads a row a list and the versions not fanned out.
    spec: { intervals: [{ every: '5 minutes' }] },
    action: {
      type: 'startWorkflow',
      workflowType: 'monitoringCatchUp',
      workflowId: MONITORING_CATCH_UP_SCHEDULE_ID,
      taskQueue: config.taskQueue,
      args: [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
  };
}

/** The `monitoring-catch-up` schedule (workflow monitoringCatchUp), created or brought up to date. */
export async function ensureMonitoringCatchUpSchedule(client: Client): Promise<string> {
  await upsertSchedule(client, scheduleOptions());
  return MONITORING_CATCH_UP_SCHEDULE_ID;
}
