import { proxyActivities } from '@temporalio/workflow';
import type { UnstartedDeliverySweepActivities } from '../activities/webhooks/activities';
import type { UnstartedDeliverySweepResult, Workflows } from './contracts';

const { startUnstartedDeliveries } = proxyActivities<UnstartedDeliverySweepActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '10 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/**
 * The sweep of unstarted deliveries, started every minute by the `unstarted-deliveries` schedule
 * (infra/schedules): whatever was committed as a pending delivery gets its `webhook-delivery/…`
 * workflow, even when the process that recorded it died before starting it.
 */
export const unstartedDeliverySweep = async function unstartedDeliverySweep(): Promise<UnstartedDeliverySweepResult> {
  return startUnstartedDeliveries();
} satisfies Workflows['unstartedDeliverySweep'];
