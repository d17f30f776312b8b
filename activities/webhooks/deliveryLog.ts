import type { WebhookEventType } from './events';
import type { Db, Delivery, DeliveryStatus } from './store';

/**
 * Reads of the delivery log. The client's reads require its organization; the operators'
 * (screenctl) are separate functions, named for them, so no client path can reach them.
 */
interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  status: DeliveryStatus;
  created_at: Date;
  completed_at: Date | null;
  replay_of: string | null;
  attempts: Array<{
    attempt: number;
    attempted_at: string;
    status_code: number | null;
    latency_ms: number;
    error: string | null;
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
    completedAt: r.completed_at ? r.completed_at.toISOString() : null,
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

/** One of the organization's deliveries with its attempts. */
export async function getDelivery(db: Db, orgId: string, id: string): Promise<Delivery | null> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND d.org_id = $2`, [
    id,
    orgId,
  ]);
  return rows[0] ? toDelivery(rows[0]) : null;
}

/** Operators only (screenctl): any organization's delivery. */
export async function getDeliveryForOperator(db: Db, id: string): Promise<Delivery | null> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1`, [id]);
  return rows[0] ? toDelivery(rows[0]) : null;
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  eventType?: WebhookEventType;
  /** The last page's nextCursor. */
  cursor?: string;
  limit: number;
}

export interface DeliveryPage {
  deliveries: Delivery[];
  nextCursor: string | null;
}

/**
 * A cursor carries the last row's created_at exactly as PostgreSQL keeps it, to the microsecond
 * (a JavaScript Date keeps milliseconds: rows of the same millisecond after the cut would be
 * skipped), in ISO 8601 UTC so it reads back the same whatever the session's DateStyle.
 * A cursor with milliseconds only (fewer fraction digits) reads too: a client may hold one.
 */
const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;
const CURSOR_TIME_SQL = `to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A time of the cursor's shape that names a real instant: each field in its range (no
 * 2024-02-30, no 24:00), checked by building the date and reading its fields back, since
 * Date.parse rolls an impossible day into the next month and PostgreSQL refuses it.
 */
function isRealCursorTime(text: string): boolean {
  const m = CURSOR_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1 &&
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second
  );
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (Array.isArray(decoded) && decoded.length === 2) {
    const [createdAt, id] = decoded as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && isRealCursorTime(createdAt) && UUID.test(id)) return { createdAt, id };
  }
  throw new Error('invalid cursor');
}

/** Newest first, keyset-paged; `orgCondition` is the only place the two callers differ. */
async function pageOfDeliveries(
  db: Db,
  orgCondition: { sql: string; value: string | null },
  filter: DeliveryFilter,
): Promise<DeliveryPage> {
  const after = decodeCursor(filter.cursor);
  const { rows } = await db.query<DeliveryRow & { cursor_time: string }>(
    `SELECT ${DELIVERY_COLUMNS}, ${CURSOR_TIME_SQL} FROM webhook_deliveries d
      WHERE ${orgCondition.sql}
        AND ($2::text IS NULL OR d.status = $2) AND ($3::text IS NULL OR d.event_type = $3)
        AND ($4::timestamptz IS NULL OR (d.created_at, d.id) < ($4::timestamptz, $5::uuid))
      ORDER BY d.created_at DESC, d.id DESC LIMIT $6`,
    [orgCondition.value, filter.status ?? null, filter.eventType ?? null, after?.createdAt ?? null, after?.id ?? null, filter.limit + 1],
  );
  const page = rows.slice(0, filter.limit).map(toDelivery);
  const last = rows.length > filter.limit ? rows[filter.limit - 1] : null;
  const nextCursor = last ? Buffer.from(JSON.stringify([last.cursor_time, last.id])).toString('base64url') : null;
  return { deliveries: page, nextCursor };
}

/** The organization's delivery log, newest first. */
export function listDeliveries(db: Db, orgId: string, filter: DeliveryFilter): Promise<DeliveryPage> {
  return pageOfDeliveries(db, { sql: 'd.org_id = $1::uuid', value: orgId }, filter);
}

/** Operators only (screenctl): every organization's deliveries, or one organization's when `orgId` is given. */
export function listDeliveriesForOperator(db: Db, filter: DeliveryFilter & { orgId?: string }): Promise<DeliveryPage> {
  return pageOfDeliveries(
    db,
    filter.orgId ? { sql: 'd.org_id = $1::uuid', value: filter.orgId } : { sql: '$1::uuid IS NULL', value: null },
    filter,
  );
}
