import type { Client } from '@temporalio/client';
import { ensureRecurringWorkflow } from './upsertSchedule';
import { monitoringCatchUp } from '../../workflows/monitoringCatchUp';

export const MONITORING_CATCH_UP_SCHEDULE_ID = 'monitoring-catch-up';

/** The `monitoring-catch-up` schedule (workflow monitoringCatchUp), created or brought up to date. */
export function ensureMonitoringCatchUpSchedule(client: Client): Promise<string> {
  return ensureRecurringWorkflow(client, {
    scheduleId: MONITORING_CATCH_UP_SCHEDULE_ID,
    workflowType: monitoringCatchUp,
    // Every 5 minutes: a version published with `screenctl lists ingest` while Temporal was out
    // of reach, or a list switched in the worker's configuration, reaches the monitored records
    // within minutes; a run with nothing to apply reads a row a list and the versions not fanned out.
    every: '5 minutes',
    catchupWindow: '1 hour',
    args: [],
  });
}
