import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { newSigningSecret } from './signing';
import { eventBody, type WebhookEventToEmit, type WebhookEventType } from './events';

/** Endpoints and the delivery log (migration 6100). Every read a client can cause is scoped to its organization. */
type Db = Pool | PoolClient;

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
}

export interface DeliveryAttempt {
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export interface Delivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  status: DeliveryStatus;
  createdAt: string;
  completedAt: string | null;
  replayOf: string | null;
  attempts: DeliveryAttempt[];
}

/** What starting a delivery's workflow needs. */
export interface DeliveryRef {
  id: string;
  orgId: string;
  eventType: WebhookEventType;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export async function createEndpoint(db: Db, orgId: string, url: string, events: WebhookEventType[]): Promise<WebhookEndpoint & { secret: string }> {
  const secret = newSigningSecret();
  const { rows } = await db.query<{ id: string; created_at: Date }>(
    'INSERT INTO webhook_endpoints (org_id, url, events, secret) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [orgId, url, events, secret],
  );
  return { id: rows[0].id, url, events, secret, createdAt: rows[0].created_at.toISOString() };
}

export async function listEndpoints(db: Db, orgId: string): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<{ id: string; url: string; events: WebhookEventType[]; created_at: Date }>(
    'SELECT id, url, events, created_at FROM webhook_endpoints WHERE org_id = $1 AND deleted_at IS NULL ORDER BY created_at, id',
    [orgId],
  );
  return rows.map((r) => ({ id: r.id, url: r.url, events: r.events, createdAt: r.created_at.toISOString() }));
}

/** Removes the endpoint and cancels its pending deliveries; false when the org has no such endpoint. */
export async function deleteEndpoint(db: Db, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE webhook_endpoints SET deleted_at = now() WHERE id = $1 AND org_id = $2 AND deleted_at IS NULL',
    [id, orgId],
  );
  if (rowCount !== 1) return false;
  await db.query("UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now() WHERE endpoint_id = $1 AND status = 'pending'", [id]);
  return true;
}

/** A new secret; every attempt reads the current one, so the old one stops signing at once. */
export async function rotateSecret(db: Db, orgId: string, id: string): Promise<{ id: string; secret: string } | null> {
  const secret = newSigningSecret();
  const { rowCount } = await db.query(
    'UPDATE webhook_endpoints SET secret = $3, secret_rotated_at = now() WHERE id = $1 AND org_id = $2 AND deleted_at IS NULL',
    [id, orgId, secret],
  );
  return rowCount === 1 ? { id, secret } : null;
}

/**
 * Records one delivery per subscribed endpoint, each with the event's body stored once.
 * A retried emitter finds the rows it wrote before (unique endpoint, type and key) and gets
 * back those still pending, so their workflows are started (idempotently) and none doubles.
 */
export async function recordDeliveries(db: Db, event: WebhookEventToEmit, now: Date = new Date()): Promise<DeliveryRef[]> {
  const eventId = randomUUID();
  const body = eventBody(eventId, event.type, now, event.data);
  const { rows } = await db.query<{ id: string; org_id: string }>(
    `WITH targets AS (
       SELECT id, org_id FROM webhook_endpoints
        WHERE deleted_at IS NULL AND $2 = ANY (events) AND ($1::uuid IS NULL OR org_id = $1::uuid)
     ), inserted AS (
       INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, monitored_record_id, body, created_at)
       SELECT org_id, id, $3, $2, $4, $5, $6, $7 FROM targets
       ON CONFLICT (endpoint_id, event_type, event_key) WHERE replay_of IS NULL DO NOTHING
       RETURNING id, org_id
     )
     SELECT id, org_id FROM inserted
     UNION
     SELECT d.id, d.org_id FROM webhook_deliveries d JOIN targets t ON t.id = d.endpoint_id
      WHERE d.event_type = $2 AND d.event_key = $4 AND d.replay_of IS NULL AND d.status = 'pending'`,
    [event.orgId, event.type, eventId, event.eventKey, event.monitoredRecordId ?? null, body, now],
  );
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, eventType: event.type }));
}

export interface DeliveryToAttempt {
  id: string;
  orgId: string;
  eventType: WebhookEventType;
  status: DeliveryStatus;
  body: string;
  url: string;
  secret: string;
  endpointRemoved: boolean;
}

export async function loadDeliveryToAttempt(db: Db, id: string): Promise<DeliveryToAttempt | null> {
  const { rows } = await db.query<{
    id: string; org_id: string; event_type: WebhookEventType; status: DeliveryStatus; body: string; url: string; secret: string; deleted_at: Date | null;
  }>(
    `SELECT d.id, d.org_id, d.event_type, d.status, d.body, e.url, e.secret, e.deleted_at
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, orgId: r.org_id, eventType: r.event_type, status: r.status, body: r.body, url: r.url, secret: r.secret, endpointRemoved: r.deleted_at !== null };
}

/** Appends an attempt to the log, numbered after the delivery's earlier ones (a reset continues the count). */
export async function logAttempt(db: Db, deliveryId: string, attempt: Omit<DeliveryAttempt, 'attempt'>): Promise<number> {
  const { rows } = await db.query<{ attempt: number }>(
    `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
     SELECT $1, coalesce(max(attempt), 0) + 1, $2, $3, $4, $5 FROM webhook_delivery_attempts WHERE delivery_id = $1
     RETURNING attempt`,
    [deliveryId, attempt.attemptedAt, attempt.statusCode, attempt.latencyMs, attempt.error],
  );
  return rows[0].attempt;
}

/** Ends a pending delivery; a cancelled one stays cancelled. */
export async function finishDelivery(db: Db, id: string, status: 'succeeded' | 'failed'): Promise<void> {
  await db.query("UPDATE webhook_deliveries SET status = $2, completed_at = now() WHERE id = $1 AND status = 'pending'", [id, status]);
}

interface DeliveryRow {
  id: string; endpoint_id: string; event_id: string; event_type: WebhookEventType; status: DeliveryStatus;
  created_at: Date; completed_at: Date | null; replay_of: string | null; attempts: Array<{
    attempt: number; attempted_at: string; status_code: number | null; latency_ms: number; error: string | null;
  }> | null;
}

const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.created_at, d.completed_at, d.replay_of,
  (SELECT json_agg(json_build_object('attempt', a.attempt, 'attempted_at', a.attempted_at, 'status_code', a.status_code,
                                     'latency_ms', a.latency_ms, 'error', a.error) ORDER BY a.attempt)
     FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts`;

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    eventType: r.event_type,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    completedAt: iso(r.completed_at),
    replayOf: r.replay_of,
    attempts: (r.attempts ?? []).map((a) => ({
      attempt: a.attempt,
      attemptedAt: new Date(a.attempted_at).toISOString(),
      statusCode: a.status_code,
      latencyMs: a.latency_ms,
      error: a.error,
    })),
  };
}

/** One delivery with its attempts; `orgId` null only for operators (screenctl). */
export async function getDelivery(db: Db, orgId: string | null, id: string): Promise<Delivery | null> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND ($2::uuid IS NULL OR d.org_id = $2::uuid)`,
    [id, orgId],
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  eventType?: WebhookEventType;
  /** The last page's nextCursor. */
  cursor?: string;
  limit: number;
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)) && /^[0-9a-f-]{36}$/.test(id)) return { createdAt, id };
  } catch {
    // falls through: an unreadable cursor
  }
  throw new Error('invalid cursor');
}

/** Newest first, keyset-paged; `orgId` null only for operators. */
export async function listDeliveries(db: Db, orgId: string | null, filter: DeliveryFilter): Promise<{ deliveries: Delivery[]; nextCursor: string | null }> {
  const after = decodeCursor(filter.cursor);
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
      WHERE ($1::uuid IS NULL OR d.org_id = $1::uuid)
        AND ($2::text IS NULL OR d.status = $2) AND ($3::text IS NULL OR d.event_type = $3)
        AND ($4::timestamptz IS NULL OR (d.created_at, d.id) < ($4::timestamptz, $5::uuid))
      ORDER BY d.created_at DESC, d.id DESC LIMIT $6`,
    [orgId, filter.status ?? null, filter.eventType ?? null, after?.createdAt ?? null, after?.id ?? null, filter.limit + 1],
  );
  const page = rows.slice(0, filter.limit).map(toDelivery);
  const last = rows.length > filter.limit ? rows[filter.limit - 1] : null;
  const nextCursor = last ? Buffer.from(JSON.stringify([last.created_at.toISOString(), last.id])).toString('base64url') : null;
  return { deliveries: page, nextCursor };
}

/** A new delivery of the same event to the same endpoint, with the same body bytes. Null when there is no such delivery or its endpoint was removed. */
export async function createReplay(db: Db, orgId: string | null, id: string): Promise<DeliveryRef | null> {
  const { rows } = await db.query<{ id: string; org_id: string; event_type: WebhookEventType }>(
    `INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, monitored_record_id, body, replay_of)
     SELECT d.org_id, d.endpoint_id, d.event_id, d.event_type, d.event_key, d.monitored_record_id, d.body, d.id
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.deleted_at IS NULL
      WHERE d.id = $1 AND ($2::uuid IS NULL OR d.org_id = $2::uuid)
     RETURNING id, org_id, event_type`,
    [id, orgId],
  );
  return rows[0] ? { id: rows[0].id, orgId: rows[0].org_id, eventType: rows[0].event_type } : null;
}

/** Operators: a stuck or failed delivery goes back to pending for a fresh series of attempts. */
export async function reopenDelivery(db: Db, id: string): Promise<DeliveryRef | null> {
  const { rows } = await db.query<{ id: string; org_id: string; event_type: WebhookEventType }>(
    `UPDATE webhook_deliveries d SET status = 'pending', completed_at = NULL
       FROM webhook_endpoints e WHERE d.id = $1 AND e.id = d.endpoint_id AND e.deleted_at IS NULL AND d.status <> 'cancelled'
     RETURNING d.id, d.org_id, d.event_type`,
    [id],
  );
  return rows[0] ? { id: rows[0].id, orgId: rows[0].org_id, eventType: rows[0].event_type } : null;
}

/** After DELETE /monitor/{id}: the record's deliveries not yet made are cancelled (an attempt checks before sending). */
export async function cancelRecordDeliveries(db: Db, monitoredRecordId: string): Promise<number> {
  const { rowCount } = await db.query(
    "UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now() WHERE monitored_record_id = $1 AND status = 'pending'",
    [monitoredRecordId],
  );
  return rowCount ?? 0;
}
