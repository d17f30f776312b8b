import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Pool, PoolClient } from 'pg';
import type { Logger } from '../infra/base/log';
import {
  allowLoopback, emitWebhookEvents, holdActiveRecord, loadDeliveryToAttempt, logAttempt, markCancelled, markDelivered, markFailed,
  postDelivery, signatureHeader, type DeliveryToAttempt, type WebhookEventToEmit,
} from './webhooks';

export type AttemptOutcome = { outcome: 'delivered'; attempt: number } | { outcome: 'cancelled' };

type Db = Pool | PoolClient;

/** Activities of the webhookDelivery workflow, and the emitter the other workflows call. */
export function createWebhookActivities(deps: { pool: Pool; logger: Logger; temporal: Client; env?: NodeJS.ProcessEnv }) {
  const env = deps.env ?? process.env;

  const sendable = (delivery: DeliveryToAttempt | null, series: string | null): delivery is DeliveryToAttempt =>
    delivery !== null && delivery.status === 'pending' && !delivery.endpointRemoved && delivery.series === series;

  /** Signs with the current secret and a fresh `t`, POSTs (bounded by the time-out), logs the attempt. */
  async function sendAndLog(db: Db, delivery: DeliveryToAttempt, timeoutMs: number): Promise<{ attempt: number; error: string | null; statusCode: number | null }> {
    const attemptedAt = new Date();
    const result = await postDelivery({
      url: delivery.url,
      headers: {
        'Service-Webhook-Id': delivery.id,
        'Service-Event-Type': delivery.eventType,
        'Service-Signature': signatureHeader(delivery.secret, delivery.body, attemptedAt),
      },
      body: delivery.body,
      timeoutMs,
      allowLoopback: allowLoopback(env),
    });
    const attempt = await logAttempt(db, delivery.id, { attemptedAt: attemptedAt.toISOString(), ...result });
    if (result.error === null) await markDelivered(db, delivery.id);
    return { attempt, error: result.error, statusCode: result.statusCode };
  }

  /**
   * A monitored record's delivery is sent while the record is held (FOR SHARE) in one
   * transaction with its log row: DELETE /monitor/{id} waits for it, so once DELETE has
   * answered no attempt of that record is in flight and none starts. The hold is bounded by
   * the POST's time-out.
   */
  async function sendHoldingRecord(deliveryId: string, recordId: string, series: string | null, timeoutMs: number) {
    const client = await deps.pool.connect();
    try {
      await client.query('BEGIN');
      if (!(await holdActiveRecord(client, recordId))) {
        await markCancelled(client, deliveryId);
        await client.query('COMMIT');
        return null;
      }
      const delivery = await loadDeliveryToAttempt(client, deliveryId);
      if (!sendable(delivery, series)) {
        await client.query('COMMIT');
        return null;
      }
      const sent = await sendAndLog(client, delivery, timeoutMs);
      await client.query('COMMIT');
      return sent;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  return {
    /**
     * One attempt of the current series: a non-2xx answer, a time-out or a refused target
     * throws, so the workflow's retry policy schedules the next attempt. A delivery cancelled
     * meanwhile (endpoint removed, monitored record removed), or reopened by a reset into a
     * newer series, is not sent by this one.
     */
    async attemptDelivery(input: { deliveryId: string; timeoutMs: number; series?: string }): Promise<AttemptOutcome> {
      const series = input.series ?? null;
      const delivery = await loadDeliveryToAttempt(deps.pool, input.deliveryId);
      if (!sendable(delivery, series)) return { outcome: 'cancelled' };
      const sent = delivery.monitoredRecordId
        ? await sendHoldingRecord(delivery.id, delivery.monitoredRecordId, series, input.timeoutMs)
        : await sendAndLog(deps.pool, delivery, input.timeoutMs);
      if (sent === null) return { outcome: 'cancelled' };
      if (sent.error === null) return { outcome: 'delivered', attempt: sent.attempt };
      deps.logger.info({ deliveryId: delivery.id, attempt: sent.attempt, statusCode: sent.statusCode, error: sent.error }, 'webhook attempt failed');
      throw ApplicationFailure.retryable(`attempt ${sent.attempt}: ${sent.error}`, 'WebhookAttemptFailed');
    },

    /** Every attempt of the series was used; a series a reset replaced marks nothing. */
    async markDeliveryFailed(input: { deliveryId: string; series?: string }): Promise<void> {
      await markFailed(deps.pool, input.deliveryId, input.series ?? null);
    },

    /** Records the events' deliveries and starts their workflows on this worker's task queue. */
    async emitWebhookEvents(input: { events: WebhookEventToEmit[] }): Promise<{ deliveries: number }> {
      const refs = await emitWebhookEvents(deps.pool, deps.temporal, Context.current().info.taskQueue, input.events, env);
      return { deliveries: refs.length };
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
