import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import { webhookSecretKeys } from '../../infra/base/config';
import type { Logger } from '../../infra/base/log';
import { inTransaction } from '../../infra/base/db/transaction';
import { retryWaitMs } from '../../workflows/contracts';
import {
  allowLoopback,
  claimAttempt,
  disablePolicy,
  emitWebhookEvents,
  endpointDelivered,
  endpointDeliveryFailed,
  finishAttempt,
  markFailed,
  openSecret,
  releaseClaim,
  orgAttemptCap,
  orgBusyRetryMs,
  ORG_BUSY_MAX_RETRY_MS,
  postDelivery,
  renewClaim,
  signatureHeader,
  stillToSend,
  endpointAttemptFailed,
  createHostResolver,
  startUnstartedDeliveries,
  type DeliveryPolicy,
  type WebhookEventToEmit,
} from './index';

/** The delivery workflow's input carries its policy (workflows/contracts.ts WebhookDeliveryInput). */
export type { DeliveryPolicy };

export type AttemptOutcome = { outcome: 'delivered'; attempt: number } | { outcome: 'cancelled' };

/** A claim outlives the POST's own time-out by this much, for the log write after it. */
const CLAIM_MARGIN_MS = 5_000;

/**
 * Refused by the organization's cap: the next turn is about (deliveries waiting / cap) × (its
 * attempts' recent duration) away, so the waiting deliveries retry spread over that time: about
 * as many tries per second as the cap can take, whether the receiver answers in milliseconds or
 * never (a blackhole's backlog then costs a try every few seconds, not hundreds).
 */
function busyWaitMs(env: NodeJS.ProcessEnv, busy: { waiting: number; attemptMs: number }): number {
  const turn = (busy.waiting / orgAttemptCap(env)) * busy.attemptMs;
  const wait = Math.min(Math.max(turn, orgBusyRetryMs(env)), ORG_BUSY_MAX_RETRY_MS);
  return Math.round(orgBusyRetryMs(env) / 2 + Math.random() * wait);
}

/** Activities of the webhookDelivery workflow, and the emitter the other workflows call. */
export function createWebhookDeliveryActivities(deps: { pool: Pool; logger: Logger; temporal: Client; env?: NodeJS.ProcessEnv }) {
  const env = deps.env ?? process.env;
  const resolve = createHostResolver(env);

  return {
    /**
     * One attempt of the current series: claim (organization cap, record present, still this
     * series' delivery), decrypt the secret (only here) and sign with a fresh `t`, POST holding no
     * transaction or connection (claim renewed and record re-checked before the first byte), log.
     * With `policy`, a turn refused by the cap is retried within seconds and is no attempt, and a
     * failure waits the policy's interval; without it the workflow's retry policy counts, uncapped.
     */
    async attemptDelivery(input: {
      deliveryId: string;
      timeoutMs: number;
      series?: string;
      policy?: DeliveryPolicy;
    }): Promise<AttemptOutcome> {
      const series = input.series ?? null;
      const claim = await claimAttempt(deps.pool, {
        deliveryId: input.deliveryId,
        series,
        holdMs: input.timeoutMs + CLAIM_MARGIN_MS,
        orgCap: input.policy ? orgAttemptCap(env) : null,
      });
      if (claim.kind === 'closed') return { outcome: 'cancelled' };
      if (claim.kind === 'busy') {
        throw ApplicationFailure.create({
          message: 'the organization has its cap of delivery attempts in flight',
          type: 'WebhookOrgBusy',
          nextRetryDelay: busyWaitMs(env, claim),
        });
      }
      const delivery = claim.delivery;
      let secret: string;
      try {
        secret = openSecret(webhookSecretKeys(env), delivery.endpointId, delivery.secret);
      } catch (err) {
        // An envelope key removed too early, or a damaged row: nothing is sent; retried once the key is back.
        deps.logger.error(
          { deliveryId: delivery.id, endpointId: delivery.endpointId, error: (err as Error).message },
          'webhook secret could not be decrypted',
        );
        await releaseClaim(deps.pool, delivery.id);
        throw ApplicationFailure.retryable((err as Error).message, 'WebhookSecretUnavailable');
      }
      const attemptedAt = new Date();
      const holdMs = input.timeoutMs + CLAIM_MARGIN_MS;
      const result = await postDelivery({
        url: delivery.url,
        headers: {
          'Service-Webhook-Id': delivery.id,
          'Service-Event-Type': delivery.eventType,
          'Service-Signature': signatureHeader(secret, delivery.body, attemptedAt),
        },
        body: delivery.body,
        timeoutMs: input.timeoutMs,
        allowLoopback: allowLoopback(env),
        resolve,
        // The claim may have expired while this worker was paused (DELETE /monitor/{id} then answered): checked again, and renewed, at the last moment.
        beforeSend: () => renewClaim(deps.pool, { deliveryId: delivery.id, series, holdMs }),
      });
      if (result.withdrawn) {
        await releaseClaim(deps.pool, delivery.id);
        if (!(await stillToSend(deps.pool, delivery.id, series))) return { outcome: 'cancelled' };
        throw ApplicationFailure.create({
          message: 'the claim was lost before the request was written; nothing was sent',
          type: 'WebhookClaimLost',
          nextRetryDelay: orgBusyRetryMs(env),
        });
      }
      // The attempt, the delivery's status and the endpoint's health commit together: a retry after a
      // crash between them would find the delivery settled and never correct the endpoint.
      const { attempt, seriesAttempts } = await inTransaction(deps.pool, async (tx) => {
        const finished = await finishAttempt(tx, {
          deliveryId: delivery.id,
          series,
          attempt: { attemptedAt: attemptedAt.toISOString(), ...result },
        });
        if (result.error === null) await endpointDelivered(tx, delivery.endpointId);
        else await endpointAttemptFailed(tx, delivery.endpointId);
        return finished;
      });
      if (result.error === null) return { outcome: 'delivered', attempt };
      deps.logger.info({ deliveryId: delivery.id, attempt, statusCode: result.statusCode, error: result.error }, 'webhook attempt failed');
      const message = `attempt ${attempt}: ${result.error}`;
      if (!input.policy) throw ApplicationFailure.retryable(message, 'WebhookAttemptFailed');
      if (seriesAttempts >= input.policy.maximumAttempts)
        throw ApplicationFailure.create({ message, type: 'WebhookAttemptsExhausted', nonRetryable: true });
      throw ApplicationFailure.create({
        message,
        type: 'WebhookAttemptFailed',
        nextRetryDelay: retryWaitMs(input.policy, seriesAttempts),
      });
    },

    /**
     * The series ended without a 2xx; a series a reset replaced marks nothing. When the receiver
     * failed it (every attempt used), the endpoint's run of failures grows, and may disable it;
     * a series that ran out of time waiting behind the organization's cap (`receiverFailed`
     * false) is no failure of the receiver's.
     */
    async markDeliveryFailed(input: { deliveryId: string; series?: string; receiverFailed?: boolean }): Promise<void> {
      const disabledEndpoint = await inTransaction(deps.pool, async (tx) => {
        const failed = await markFailed(tx, input.deliveryId, input.series ?? null);
        if (!failed || input.receiverFailed === false) return null;
        return (await endpointDeliveryFailed(tx, failed.endpointId, disablePolicy(env))) ? failed.endpointId : null;
      });
      if (disabledEndpoint) {
        deps.logger.warn({ endpointId: disabledEndpoint, deliveryId: input.deliveryId }, 'webhook endpoint disabled: it kept failing');
      }
    },

    /** Records the events' deliveries and starts their workflows on the delivery queue of this worker's task queue. */
    async emitWebhookEvents(input: { events: WebhookEventToEmit[] }): Promise<{ deliveries: number }> {
      const refs = await emitWebhookEvents(deps.pool, deps.temporal, Context.current().info.taskQueue, input.events, env);
      return { deliveries: refs.length };
    },
  };
}

export type WebhookDeliveryActivities = ReturnType<typeof createWebhookDeliveryActivities>;

/** What the delivery worker runs: only the delivery workflow's own activities. */
export function createDeliveryWorkerActivities(deps: Parameters<typeof createWebhookDeliveryActivities>[0]) {
  const { attemptDelivery, markDeliveryFailed } = createWebhookDeliveryActivities(deps);
  return { attemptDelivery, markDeliveryFailed };
}

/** Activities of the unstartedDeliverySweep workflow (the `unstarted-deliveries` schedule). */
export function createUnstartedDeliverySweepActivities(deps: { pool: Pool; logger: Logger; temporal: Client; env?: NodeJS.ProcessEnv }) {
  return {
    /** Starts the deliveries committed as pending whose workflow was never started; returns how many were taken. */
    async startUnstartedDeliveries(): Promise<{ taken: number }> {
      const taken = await startUnstartedDeliveries(deps.pool, deps.temporal, Context.current().info.taskQueue, {
        env: deps.env,
        progress: (n) => Context.current().heartbeat(n),
      });
      if (taken > 0) deps.logger.warn({ taken }, 'pending deliveries with no attempt after a minute: workflows started by the sweep');
      return { taken };
    },
  };
}

export type UnstartedDeliverySweepActivities = ReturnType<typeof createUnstartedDeliverySweepActivities>;
