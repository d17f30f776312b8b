import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhookDelivery';
import type { WebhookDeliveryInput } from '../activities/webhooks';

export type WebhookDeliveryResult = 'delivered' | 'cancelled' | 'failed';

/**
 * One delivery (workflow id `webhook-delivery/{deliveryId}`): attempts until the receiver
 * answers 2xx. The activity retry policy is the delivery schedule: exponential backoff, a
 * bounded number of attempts, each logged by the activity. After the last one the delivery is
 * marked failed; a replay or an operator's reset starts a new series.
 */
export async function webhookDelivery(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { policy, series } = input;
  const seriesArg = series ? { series } : {};
  const { attemptDelivery } = proxyActivities<WebhookActivities>({
    // The POST (target check included) has its own time-out; this bound only catches a worker lost mid-attempt.
    startToCloseTimeout: policy.timeoutMs + 30_000,
    retry: {
      initialInterval: policy.initialIntervalMs,
      backoffCoefficient: policy.backoffCoefficient,
      maximumInterval: policy.maximumIntervalMs,
      maximumAttempts: policy.maximumAttempts,
    },
  });
  const { markDeliveryFailed } = proxyActivities<WebhookActivities>({ startToCloseTimeout: '1 minute', retry: { maximumAttempts: 10 } });
  try {
    const result = await attemptDelivery({ deliveryId: input.deliveryId, timeoutMs: policy.timeoutMs, ...seriesArg });
    return result.outcome;
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    await markDeliveryFailed({ deliveryId: input.deliveryId, ...seriesArg });
    return 'failed';
  }
}
