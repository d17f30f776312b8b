import type { Client } from '@temporalio/client';
import { ensureRecurringWorkflow } from './upsertSchedule';
import { recordMonthMetering } from '../../workflows/recordMonthMetering';

export const RECORD_MONTH_SCHEDULE_ID = 'record-months';

/** The `record-months` schedule (workflow recordMonthMetering), created or brought up to date. */
export function ensureRecordMonthSchedule(client: Client): Promise<string> {
  return ensureRecurringWorkflow(client, {
    scheduleId: RECORD_MONTH_SCHEDULE_ID,
    workflowType: recordMonthMetering,
    // Hourly: a month's record-months are complete within the hour after it turns, even when
    // no record workflow woke; a sweep with nothing to add only reads the monitored records.
    every: '1 hour',
    catchupWindow: '1 day',
    args: [{}],
  });
}
