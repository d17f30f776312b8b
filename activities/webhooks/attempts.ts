import type { Pool } from 'pg';
import { transaction } from '../../infra/base/db/transaction';
import type { WebhookEventType } from './events';
import { holdDelivery, MONITORING_EVENT_TYPES } from './held';
import type { StoredSecret } from './secretBox';
import type { Db, DeliveryAttempt } from './store';

/** What one attempt reads and writes: the delivery to send, its log and its end. */
export interface DeliveryToAttempt {
  id: string;
  orgId: string;
  endpointId: string;
  eventType: WebhookEventType;
  body: string;
  url: string;
  /** The endpoint's current signing secret as stored (encrypted); the attempt opens it to sign. */
  secret: StoredSecret;
  createdAt: Date;
}

/**
 * An attempt's claim, taken and committed before the POST so that nothing is held across it:
 * `busy` when the organization already has its cap of attempts in flight, `closed` when the
 * delivery is no longer this series' to send (done, cancelled, reset, endpoint removed or
 * disabled, record removed).
 */
export type AttemptClaim =
  { kind: 'claimed'; delivery: DeliveryToAttempt } | { kind: 'busy'; waiting: number; attemptMs: number } | { kind: 'closed' };

/** How far the organization's queue is counted when it is at its cap: enough to spread the waits. */
const WAITING_COUNTED = 5000;

/**
 * Claims the delivery for one attempt until `holdMs` from now. Claims are counted under a
 * try-only advisory lock (taken: refused as busy at once, so nothing waits holding a connection;
 * `orgCap` null: uncapped). The monitored record is read FOR SHARE, so a DELETE /monitor/{id}
 * either commits first (delivery cancelled) or waits for the claim (`waitForRecordSends`): once it
 * answers, no attempt of the record is in flight. A read-only organization's monitoring event is
 * held (held.ts).
 */
export async function claimAttempt(
  pool: Pool,
  input: { deliveryId: string; series: string | null; holdMs: number; orgCap: number | null },
): Promise<AttemptClaim> {
  const client = await pool.connect();
  try {
    return await transaction(client, async (tx) => {
      const {
        rows: [target],
      } = await tx.query<{ org_id: string; monitored_record_id: string | null; held_for_read_only: boolean }>(
        `SELECT d.org_id, d.monitored_record_id,
                d.event_type = ANY ($2::text[]) AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.org_id AND o.state = 'read_only')
                  AS held_for_read_only
           FROM webhook_deliveries d WHERE d.id = $1`,
        [input.deliveryId, MONITORING_EVENT_TYPES],
      );
      if (!target) return { kind: 'closed' };
      if (target.held_for_read_only) {
        await holdDelivery(tx, input.deliveryId);
        return { kind: 'closed' };
      }
      if (input.orgCap !== null) {
        const {
          rows: [lock],
        } = await tx.query<{ taken: boolean }>(
          "SELECT pg_try_advisory_xact_lock(hashtextextended('webhook-org-attempts:' || $1, 0)) AS taken",
          [target.org_id],
        );
        // Another attempt of the organization is counting its claims this instant: a turn refused, retried soon.
        if (!lock.taken) return { kind: 'busy', waiting: 0, attemptMs: 0 };
        const {
          rows: [inFlight],
        } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_deliveries WHERE org_id = $1 AND sending_until > now() AND id <> $2',
          [target.org_id, input.deliveryId],
        );
        if (inFlight.n >= input.orgCap) {
          // What the wait for a turn depends on: how many of the organization's deliveries wait, and how long its attempts take.
          // An attempt in flight for longer than they usually take counts as long as it has lasted (a new blackhole has no history yet).
          const {
            rows: [queue],
          } = await tx.query<{ waiting: number; attempt_ms: number | null; in_flight_ms: number | null }>(
            `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM webhook_deliveries WHERE org_id = $1 AND status = 'pending' LIMIT $2) w) AS waiting,
                    (SELECT avg(a.latency_ms)::float FROM (SELECT id FROM webhook_deliveries WHERE org_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20) d
                       JOIN webhook_delivery_attempts a ON a.delivery_id = d.id) AS attempt_ms,
                    (SELECT max($3::float - extract(epoch FROM sending_until - now()) * 1000) FROM webhook_deliveries
                      WHERE org_id = $1 AND sending_until > now()) AS in_flight_ms`,
            [target.org_id, WAITING_COUNTED, input.holdMs],
          );
          return { kind: 'busy', waiting: queue.waiting, attemptMs: Math.max(queue.attempt_ms ?? 0, queue.in_flight_ms ?? 0) };
        }
      }
      if (target.monitored_record_id !== null) {
        const { rowCount } = await tx.query('SELECT 1 FROM monitored_records WHERE id = $1 AND removed_at IS NULL FOR SHARE', [
          target.monitored_record_id,
        ]);
        if (rowCount !== 1) {
          await markCancelled(tx, input.deliveryId);
          return { kind: 'closed' };
        }
      }
      const {
        rows: [r],
      } = await tx.query<{
        id: string;
        org_id: string;
        endpoint_id: string;
        event_type: WebhookEventType;
        body: string;
        url: string;
        created_at: Date;
        secret: string | null;
        secret_ciphertext: string | null;
        secret_key_id: string | null;
      }>(
        `UPDATE webhook_deliveries d SET sending_until = now() + make_interval(secs => $3::double precision / 1000)
           FROM webhook_endpoints e
          WHERE d.id = $1 AND e.id = d.endpoint_id AND d.status = 'pending' AND d.series IS NOT DISTINCT FROM $2::uuid
            AND e.deleted_at IS NULL AND e.disabled_at IS NULL
         RETURNING d.id, d.org_id, d.endpoint_id, d.event_type, d.body, d.created_at, e.url, e.secret, e.secret_ciphertext, e.secret_key_id`,
        [input.deliveryId, input.series, input.holdMs],
      );
      if (!r) return { kind: 'closed' };
      return {
        kind: 'claimed',
        delivery: {
          id: r.id,
          orgId: r.org_id,
          endpointId: r.endpoint_id,
          eventType: r.event_type,
          body: r.body,
          url: r.url,
          createdAt: r.created_at,
          secret: { plain: r.secret, ciphertext: r.secret_ciphertext, keyId: r.secret_key_id },
        },
      };
    });
  } finally {
    client.release();
  }
}

/**
 * Immediately before the request is written: the claim is renewed for `holdMs` only if it is
 * still held (not expired while the worker was paused: a DELETE /monitor/{id} waiting for it may
 * have answered since), the delivery still this series' to send, its endpoint enabled, and its
 * monitored record not removed. The record is read FOR SHARE, so a DELETE cannot commit between
 * this check and the renewal; one that commits after it waits for the renewed claim. False: send
 * nothing.
 */
export async function renewClaim(pool: Pool, input: { deliveryId: string; series: string | null; holdMs: number }): Promise<boolean> {
  const client = await pool.connect();
  try {
    return await transaction(client, async (tx) => {
      const {
        rows: [d],
      } = await tx.query<{ monitored_record_id: string | null }>('SELECT monitored_record_id FROM webhook_deliveries WHERE id = $1', [
        input.deliveryId,
      ]);
      if (!d) return false;
      if (d.monitored_record_id !== null) {
        const { rowCount } = await tx.query('SELECT 1 FROM monitored_records WHERE id = $1 AND removed_at IS NULL FOR SHARE', [
          d.monitored_record_id,
        ]);
        if (rowCount !== 1) return false;
      }
      const { rowCount } = await tx.query(
        `UPDATE webhook_deliveries d SET sending_until = clock_timestamp() + make_interval(secs => $3::double precision / 1000)
           FROM webhook_endpoints e
          WHERE d.id = $1 AND d.status = 'pending' AND d.series IS NOT DISTINCT FROM $2::uuid AND d.sending_until > clock_timestamp()
            AND e.id = d.endpoint_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL`,
        [input.deliveryId, input.series, input.holdMs],
      );
      return rowCount === 1;
    });
  } finally {
    client.release();
  }
}

/** Whether a delivery whose renewal was refused may still be sent by a later attempt (pending, its record not removed). */
export async function stillToSend(db: Db, deliveryId: string, series: string | null): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM webhook_deliveries d WHERE d.id = $1 AND d.status = 'pending' AND d.series IS NOT DISTINCT FROM $2::uuid
        AND (d.monitored_record_id IS NULL OR EXISTS (SELECT 1 FROM monitored_records r WHERE r.id = d.monitored_record_id AND r.removed_at IS NULL))`,
    [deliveryId, series],
  );
  return rowCount === 1;
}

/**
 * Ends a claimed attempt: logs it, releases the claim, counts it in its series and, when it was
 * answered 2xx, ends the delivery. Returns the attempt's number in the log and in its series.
 */
export async function finishAttempt(
  db: Db,
  input: { deliveryId: string; series: string | null; attempt: Omit<DeliveryAttempt, 'attempt'> },
): Promise<{ attempt: number; seriesAttempts: number }> {
  const attempt = await logAttempt(db, input.deliveryId, input.attempt);
  const delivered = input.attempt.error === null;
  const { rows } = await db.query<{ series_attempts: number | null }>(
    `UPDATE webhook_deliveries SET sending_until = NULL,
            series_attempts = CASE WHEN series IS NOT DISTINCT FROM $2::uuid THEN coalesce(series_attempts, 0) + 1 ELSE series_attempts END,
            status = CASE WHEN $3 AND status IN ('pending', 'held') THEN 'succeeded' ELSE status END,
            completed_at = CASE WHEN $3 AND status IN ('pending', 'held') THEN now() ELSE completed_at END
      WHERE id = $1 RETURNING series_attempts`,
    [input.deliveryId, input.series, delivered],
  );
  return { attempt, seriesAttempts: rows[0]?.series_attempts ?? 0 };
}

/** Gives a claim back without an attempt (nothing was sent: the secret could not be opened), so it does not hold the organization's cap. */
export async function releaseClaim(db: Db, deliveryId: string): Promise<void> {
  await db.query('UPDATE webhook_deliveries SET sending_until = NULL WHERE id = $1', [deliveryId]);
}

const RECORD_SENDS_POLL_MS = 50;

/**
 * After DELETE /monitor/{id} has committed: waits, holding nothing, until no attempt of the
 * record's deliveries is in flight. A claim lasts at most one attempt's time-out and a margin,
 * and one of a worker that died expires by itself, so the wait is bounded.
 */
export async function waitForRecordSends(db: Db, monitoredRecordId: string): Promise<void> {
  for (;;) {
    const {
      rows: [r],
    } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE monitored_record_id = $1 AND sending_until > now()',
      [monitoredRecordId],
    );
    if (r.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, RECORD_SENDS_POLL_MS));
  }
}

const ATTEMPT_NUMBER_TRIES = 10;

/**
 * Appends an attempt to the log, numbered after the delivery's earlier ones (a reset continues
 * the count). An attempt of an ended series may still be finishing while the new series logs
 * its first: when both take the same number, the later insert waits for the earlier, finds the
 * number taken and takes the next.
 */
export async function logAttempt(db: Db, deliveryId: string, attempt: Omit<DeliveryAttempt, 'attempt'>): Promise<number> {
  for (let i = 0; i < ATTEMPT_NUMBER_TRIES; i++) {
    const { rows } = await db.query<{ attempt: number }>(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
       SELECT $1, coalesce(max(attempt), 0) + 1, $2, $3, $4, $5 FROM webhook_delivery_attempts WHERE delivery_id = $1
       ON CONFLICT (delivery_id, attempt) DO NOTHING
       RETURNING attempt`,
      [deliveryId, attempt.attemptedAt, attempt.statusCode, attempt.latencyMs, attempt.error],
    );
    if (rows[0]) return rows[0].attempt;
  }
  throw new Error(`delivery ${deliveryId}: no free attempt number after ${ATTEMPT_NUMBER_TRIES} tries`);
}

/** The series used its last attempt; a series ended by a reset marks nothing. Returns the delivery's endpoint when it was marked. */
export async function markFailed(db: Db, id: string, series: string | null): Promise<{ endpointId: string; createdAt: Date } | null> {
  const { rows } = await db.query<{ endpoint_id: string; created_at: Date }>(
    `UPDATE webhook_deliveries SET status = 'failed', completed_at = now(), sending_until = NULL
      WHERE id = $1 AND status = 'pending' AND series IS NOT DISTINCT FROM $2::uuid RETURNING endpoint_id, created_at`,
    [id, series],
  );
  return rows[0] ? { endpointId: rows[0].endpoint_id, createdAt: rows[0].created_at } : null;
}

/** A pending delivery whose record was removed (no DELETE cancelled it, e.g. a replay racing it) is cancelled. */
export async function markCancelled(db: Db, id: string): Promise<void> {
  await db.query("UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now() WHERE id = $1 AND status = 'pending'", [id]);
}
