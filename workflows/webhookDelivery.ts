import { ActivityFailure, ApplicationFailure, deprecatePatch, proxyActivities } from '@temporalio/workflow';
import type { WebhookDeliveryActivities } from '../activities/webhooks/activities';
import { retryWaitMs, type WebhookDeliveryInput, type WebhookDeliveryResult, type Workflows } from './contracts';

/**
 * A series keeps its schedule in the attempt itself: a turn refused by the organization's cap on
 * concurrent attempts is retried within seconds and spends none of the series' attempts.
 */
const ATTEMPT_KEEPS_SCHEDULE = 'webhook-attempt-keeps-schedule';

/** The attempt's failures that are the receiver's (activities/webhooks/activities.ts). */
const RECEIVER_FAILURES = ['WebhookAttemptFailed', 'WebhookAttemptsExhausted'];

/** Slack over the whole schedule for the attempts' own time and the cap's turns; only a worker failing every attempt reaches it. */
const SCHEDULE_SLACK_MS = 24 * 3600_000;

/**
 * One delivery (workflow id `webhook-delivery/{deliveryId}`): attempts until the receiver
 * answers 2xx, with exponential backoff and a bounded number of attempts, each logged by the
 * activity. After the last one the delivery is marked failed (counted against the endpoint only
 * when the receiver failed it); a replay or an operator's reset starts a new series.
 */
export const webhookDelivery = async function webhookDelivery(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { policy, series } = input;
  const seriesArg = series ? { series } : {};
  const attemptTimeout = policy.timeoutMs + 30_000; // the POST has its own time-out; this catches a worker lost mid-attempt
  const { markDeliveryFailed } = proxyActivities<WebhookDeliveryActivities>({
    startToCloseTimeout: '1 minute',
    retry: { maximumAttempts: 10 },
  });
  try {
    deprecatePatch(ATTEMPT_KEEPS_SCHEDULE);
    let scheduleMs = 0;
    for (let n = 1; n < policy.maximumAttempts; n++) scheduleMs += retryWaitMs(policy, n);
    const { attemptDelivery } = proxyActivities<WebhookDeliveryActivities>({
      startToCloseTimeout: attemptTimeout,
      scheduleToCloseTimeout: scheduleMs + policy.maximumAttempts * attemptTimeout + SCHEDULE_SLACK_MS,
      // The activity sets each wait (nextRetryDelay) and ends the series; these apply only to a worker or database failure.
      retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' }, // no maximumAttempts: the activity ends the series
    });
    return (await attemptDelivery({ deliveryId: input.deliveryId, timeoutMs: policy.timeoutMs, policy, ...seriesArg })).outcome;
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    // Only a series the receiver's answers ended counts against the endpoint; one out of time waiting behind the organization's cap, or on a failing worker, does not.
    const receiverFailed = err.cause instanceof ApplicationFailure && RECEIVER_FAILURES.includes(err.cause.type ?? '');
    await markDeliveryFailed({ deliveryId: input.deliveryId, ...seriesArg, receiverFailed });
    return 'failed';
  }
} satisfies Workflows['webhookDelivery'];
