import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { Logger } from '../infra/base/log';
import {
  allowLoopback, emitWebhookEvents, finishDelivery, loadDeliveryToAttempt, logAttempt, postDelivery, signatureHeader,
  type WebhookEventToEmit,
} from './webhooks';

export type AttemptOutcome = { outcome: 'delivered'; attempt: number } | { outcome: 'cancelled' };

/** Activities of the webhookDelivery workflow, and the emitter the other workflows call. */
export function createWebhookActivities(deps: { pool: Pool; logger: Logger; temporal: Client; env?: NodeJS.ProcessEnv }) {
  const env = deps.env ?? process.env;
  return {
    /**
     * One attempt: signs the stored body with the endpoint's current secret and a fresh `t`,
     * POSTs it, logs the attempt. A non-2xx answer, a time-out or a refused target throws, so
     * the workflow's retry policy schedules the next attempt. A delivery cancelled meanwhile
     * (endpoint removed, monitored record removed) is not sent.
     */
    async attemptDelivery(input: { deliveryId: string; timeoutMs: number }): Promise<AttemptOutcome> {
      const delivery = await loadDeliveryToAttempt(deps.pool, input.deliveryId);
      if (!delivery || delivery.status !== 'pending' || delivery.endpointRemoved) return { outcome: 'cancelled' };
      const attemptedAt = new Date();
      const result = await postDelivery({
        url: delivery.url,
        headers: {
          'Service-Webhook-Id': delivery.id,
          'Service-Event-Type': delivery.eventType,
          'Service-Signature': signatureHeader(delivery.secret, delivery.body, attemptedAt),
        },
        body: delivery.body,
        timeoutMs: input.timeoutMs,
        allowLoopback: allowLoopback(env),
      });
      const attempt = await logAttempt(deps.pool, delivery.id, { attemptedAt: attemptedAt.toISOString(), ...result });
      if (result.error === null) {
        await finishDelivery(deps.pool, delivery.id, 'succeeded');
        return { outcome: 'delivered', attempt };
      }
      deps.logger.info({ deliveryId: delivery.id, attempt, statusCode: result.statusCode, error: result.error }, 'webhook attempt failed');
      throw ApplicationFailure.retryable(`attempt ${attempt}: ${result.error}`, 'WebhookAttemptFailed');
    },

    /** Every attempt of the series was used. */
    async markDeliveryFailed(input: { deliveryId: string }): Promise<void> {
      await finishDelivery(deps.pool, input.deliveryId, 'failed');
    },

    /** Records the events' deliveries and starts their workflows on this worker's task queue. */
    async emitWebhookEvents(input: { events: WebhookEventToEmit[] }): Promise<{ deliveries: number }> {
      const refs = await emitWebhookEvents(deps.pool, deps.temporal, Context.current().info.taskQueue, input.events, env);
      return { deliveries: refs.length };
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
