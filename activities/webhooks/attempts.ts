import type { PoolClient } from 'pg';
import type { WebhookEventType } from './events';
import type { Db, DeliveryAttempt, DeliveryStatus } from './store';

/** What one attempt reads and writes: the delivery to send, its log and its end. */
export interface DeliveryToAttempt {
  id: string;
  orgId: string;
  eventType: WebhookEventType;
  status: DeliveryStatus;
  body: string;
  url: string;
  secret: string;
  endpointRemoved: boolean;
  /** Set for match_status_change: the attempt holds this record while it sends. */
  monitoredRecordId: string | null;
  /** The current series of attempts (null: the first); see migration 6600. */
  series: string | null;
}

export async function loadDeliveryToAttempt(db: Db, id: string): Promise<DeliveryToAttempt | null> {
  const { rows } = await db.query<{
    id: string; org_id: string; event_type: WebhookEventType; status: DeliveryStatus; body: string; url: string; secret: string;
    deleted_at: Date | null; monitored_record_id: string | null; series: string | null;
  }>(
    `SELECT d.id, d.org_id, d.event_type, d.status, d.body, d.monitored_record_id, d.series, e.url, e.secret, e.deleted_at
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id, orgId: r.org_id, eventType: r.event_type, status: r.status, body: r.body, url: r.url, secret: r.secret,
    endpointRemoved: r.deleted_at !== null, monitoredRecordId: r.monitored_record_id, series: r.series,
  };
}

/**
 * Holds the monitored record for the rest of the transaction (FOR SHARE), so DELETE
 * /monitor/{id}, which updates the record, waits until this attempt is sent and logged.
 * False when the record was removed (or a removal is committed first): nothing may be sent.
 */
export async function holdActiveRecord(client: PoolClient, monitoredRecordId: string): Promise<boolean> {
  const { rowCount } = await client.query('SELECT 1 FROM monitored_records WHERE id = $1 AND removed_at IS NULL FOR SHARE', [monitoredRecordId]);
  return rowCount === 1;
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

/** A delivered attempt ends a pending delivery, whichever series sent it; a cancelled one stays cancelled. */
export async function markDelivered(db: Db, id: string): Promise<void> {
  await db.query("UPDATE webhook_deliveries SET status = 'succeeded', completed_at = now() WHERE id = $1 AND status = 'pending'", [id]);
}

/** The series used its last attempt; a series ended by a reset marks nothing. */
export async function markFailed(db: Db, id: string, series: string | null): Promise<void> {
  await db.query(
    "UPDATE webhook_deliveries SET status = 'failed', completed_at = now() WHERE id = $1 AND status = 'pending' AND series IS NOT DISTINCT FROM $2::uuid",
    [id, series],
  );
}

/** A pending delivery whose record was removed (no DELETE cancelled it, e.g. a replay racing it) is cancelled. */
export async function markCancelled(db: Db, id: string): Promise<void> {
  await db.query("UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now() WHERE id = $1 AND status = 'pending'", [id]);
}
