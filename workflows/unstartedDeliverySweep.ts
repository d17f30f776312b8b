import { proxyActivities } from '@temporalio/workflow';
import type { UnstartedDeliveryActivities } from '../activities/unstartedDeliverySweep';

const { startUnstartedDeliveries } = proxyActivities<UnstartedDeliveryActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '10 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/**
 * The sweep of unstarted deliveries, started every minute by the `unstarted-deliveries` schedule
 * (infra/schedules): whatever was committed as a pending delivery gets its `webhook-delivery/…`
 * workflow, even when the process that recorded it died before starting it.
 */
export async function unstartedDeliverySweep(): Promise<{ taken: number }> {
  return startUnstartedDeliveries();
}
