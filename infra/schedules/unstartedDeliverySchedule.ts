import type { Client } from '@temporalio/client';
import { ensureRecurringWorkflow } from './upsertSchedule';
import { unstartedDeliverySweep } from '../../workflows/unstartedDeliverySweep';

export const UNSTARTED_DELIVERY_SCHEDULE_ID = 'unstarted-deliveries';

/** The `unstarted-deliveries` schedule (workflow unstartedDeliverySweep), created or brought up to date. */
export function ensureUnstartedDeliverySchedule(client: Client): Promise<string> {
  return ensureRecurringWorkflow(client, {
    scheduleId: UNSTARTED_DELIVERY_SCHEDULE_ID,
    workflowType: unstartedDeliverySweep,
    // Every minute: a delivery whose start was lost waits at most about two minutes (one to be
    // taken for lost, one to the next run); a run with nothing to start reads the pending deliveries.
    every: '1 minute',
    catchupWindow: '10 minutes',
    args: [],
  });
}
