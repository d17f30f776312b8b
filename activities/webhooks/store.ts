import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../infra/base/db/transaction';
import { webhookSecretKeys, type WebhookSecretKeys } from '../../infra/base/config';
import { newSigningSecret } from './signing';
import { openSecret, sealSecret } from './secretBox';
import { eventBody, type WebhookEventToEmit, type WebhookEventType } from './events';

/** Endpoints and the delivery log (migration 6100). Every read a client can cause is scoped to its organization. */
export type Db = Pool | PoolClient;

/** `held`: kept while its endpoint is disabled or its organization read-only (a monitoring event), sent when that ends. */
export type DeliveryStatus = 'pending' | 'held' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  createdAt: string;
  /** False once the endpoint was disabled for failing (endpointHealth.ts); the customer enables it again. */
  enabled: boolean;
  disabledAt: string | null;
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

type EndpointRow = { id: string; url: string; events: WebhookEventType[]; created_at: Date; disabled_at: Date | null };
const ENDPOINT_COLUMNS = 'id, url, events, created_at, disabled_at';
const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: r.events,
  createdAt: r.created_at.toISOString(),
  enabled: r.disabled_at === null,
  disabledAt: r.disabled_at?.toISOString() ?? null,
});

/**
 * Registers an endpoint unless the organization already has `cap` of them (then null; no cap:
 * operators' and benchmarks' set-up). The count and the insert run under the organization's
 * advisory lock, so concurrent registrations cannot pass the cap together. The secret is stored
 * encrypted under the current envelope key and returned in clear this once.
 */
export async function createEndpoint(
  pool: Pool,
  orgId: string,
  url: string,
  events: WebhookEventType[],
  cap: number | null = null,
  keys: WebhookSecretKeys = webhookSecretKeys(),
): Promise<(WebhookEndpoint & { secret: string }) | null> {
  const id = randomUUID();
  const secret = newSigningSecret();
  const sealed = sealSecret(keys, id, secret);
  return inTransaction(pool, async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('webhook-org-endpoints:' || $1, 0))", [orgId]);
    const { rows } = await tx.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (id, org_id, url, events, secret_ciphertext, secret_key_id)
       SELECT $6, $1, $2, $3, $4, $7 WHERE $5::int IS NULL OR (SELECT count(*) FROM webhook_endpoints WHERE org_id = $1 AND deleted_at IS NULL) < $5::int
       RETURNING ${ENDPOINT_COLUMNS}`,
      [orgId, url, events, sealed.ciphertext, cap, id, sealed.keyId],
    );
    return rows[0] ? { ...toEndpoint(rows[0]), secret } : null;
  });
}

export async function listEndpoints(db: Db, orgId: string): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE org_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [orgId],
  );
  return rows.map(toEndpoint);
}

export async function getEndpoint(db: Db, orgId: string, id: string): Promise<WebhookEndpoint | null> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND org_id = $2 AND deleted_at IS NULL`,
    [id, orgId],
  );
  return rows[0] ? toEndpoint(rows[0]) : null;
}

/** Removes the endpoint and cancels its pending and held deliveries; false when the org has no such endpoint. */
export async function deleteEndpoint(db: Db, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE webhook_endpoints SET deleted_at = now() WHERE id = $1 AND org_id = $2 AND deleted_at IS NULL',
    [id, orgId],
  );
  if (rowCount !== 1) return false;
  await db.query(
    "UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now() WHERE endpoint_id = $1 AND status IN ('pending', 'held')",
    [id],
  );
  return true;
}

/** A new secret, stored encrypted under the current envelope key; every attempt reads the current one, so the old one stops signing at once. */
export async function rotateSecret(
  db: Db,
  orgId: string,
  id: string,
  keys: WebhookSecretKeys = webhookSecretKeys(),
): Promise<{ id: string; secret: string } | null> {
  const secret = newSigningSecret();
  const sealed = sealSecret(keys, id, secret);
  const { rowCount } = await db.query(
    `UPDATE webhook_endpoints SET secret = NULL, secret_ciphertext = $3, secret_key_id = $4, secret_rotated_at = now()
      WHERE id = $1 AND org_id = $2 AND deleted_at IS NULL`,
    [id, orgId, sealed.ciphertext, sealed.keyId],
  );
  return rowCount === 1 ? { id, secret } : null;
}

/**
 * Operators only (`screenctl webhook-secrets reencrypt`): encrypts under the current envelope key
 * every secret still plain or under another configured key id, `batchSize` rows a transaction
 * (rows locked by another writer, e.g. a rotation, are left for a later batch or run). Removed
 * endpoints' secrets are encrypted too. Secrets under a key id WEBHOOK_SECRET_KEYS does not hold
 * cannot be opened and are left as they are. Returns how many rows were rewritten and how many
 * are still not under the current key.
 */
export async function reencryptSecrets(
  pool: Pool,
  keys: WebhookSecretKeys,
  batchSize: number,
  onBatch: (done: number) => void = () => undefined,
): Promise<{ reencrypted: number; remaining: number }> {
  let reencrypted = 0;
  for (;;) {
    const n = await inTransaction(pool, async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        secret: string | null;
        secret_ciphertext: string | null;
        secret_key_id: string | null;
      }>(
        `SELECT id, secret, secret_ciphertext, secret_key_id FROM webhook_endpoints
          WHERE secret IS NOT NULL OR (secret_key_id <> $1 AND secret_key_id = ANY ($3::text[]))
          ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [keys.currentKeyId, batchSize, [...keys.keys.keys()]],
      );
      if (rows.length === 0) return 0;
      const sealed = rows.map((r) =>
        sealSecret(keys, r.id, openSecret(keys, r.id, { plain: r.secret, ciphertext: r.secret_ciphertext, keyId: r.secret_key_id })),
      );
      await tx.query(
        `UPDATE webhook_endpoints e SET secret = NULL, secret_ciphertext = v.ciphertext, secret_key_id = $3
           FROM unnest($1::uuid[], $2::text[]) AS v (id, ciphertext) WHERE e.id = v.id`,
        [rows.map((r) => r.id), sealed.map((x) => x.ciphertext), keys.currentKeyId],
      );
      return rows.length;
    });
    if (n === 0) break;
    reencrypted += n;
    onBatch(reencrypted);
  }
  const {
    rows: [left],
  } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_endpoints WHERE secret IS NOT NULL OR secret_key_id IS DISTINCT FROM $1',
    [keys.currentKeyId],
  );
  return { reencrypted, remaining: left.n };
}

/**
 * Records one delivery per subscribed endpoint, each with the event's body stored once.
 * A retried emitter finds the rows it wrote before (unique endpoint, type and key) and gets
 * back those still pending, so their workflows are started (idempotently) and none doubles.
 * An endpoint disabled for failing gets its delivery `held`: kept, not started, and sent once
 * the customer enables the endpoint again (`releaseHeldDeliveries`).
 */
export async function recordDeliveries(db: Db, event: WebhookEventToEmit, now: Date = new Date()): Promise<DeliveryRef[]> {
  return recordEventsDeliveries(db, [event], now);
}

/**
 * `recordDeliveries` for many events in one statement: what an emitter of many events at once (a
 * re-screen's chunk of review events) uses, so that its cost does not grow by a round trip per event.
 */
export async function recordEventsDeliveries(
  db: Db,
  emitted: readonly WebhookEventToEmit[],
  now: Date = new Date(),
): Promise<DeliveryRef[]> {
  if (emitted.length === 0) return [];
  const taken = await eventTypesTaken(db, emitted);
  const events = emitted.filter((event) => taken.has(event.type));
  if (events.length === 0) return [];
  const input = events.map((event) => {
    const eventId = randomUUID();
    return {
      orgId: event.orgId,
      type: event.type,
      eventId,
      eventKey: event.eventKey,
      recordId: event.monitoredRecordId ?? null,
      body: eventBody(eventId, event.type, now, event.data),
    };
  });
  const { rows } = await db.query<{ id: string; org_id: string; event_type: WebhookEventType }>(
    `WITH events AS (
       SELECT e.ord, (e.value->>'orgId')::uuid AS org_id, e.value->>'type' AS type, (e.value->>'eventId')::uuid AS event_id,
              e.value->>'eventKey' AS event_key, (e.value->>'recordId')::uuid AS record_id, e.value->>'body' AS body
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, ord)
     ), targets AS (
       SELECT ev.ord, ev.type, ev.event_id, ev.event_key, ev.record_id, ev.body, w.id AS endpoint_id, w.org_id,
              w.disabled_at IS NOT NULL AS disabled
         FROM events ev
         JOIN webhook_endpoints w ON w.deleted_at IS NULL AND ev.type = ANY (w.events) AND (ev.org_id IS NULL OR w.org_id = ev.org_id)
          -- A read-only organization's monitoring is paused: no monitoring event is recorded for it;
          -- once active again, its records' unannounced status changes are announced (activities/monitoring/resume.ts).
        WHERE ev.type NOT IN ('list_update', 'match_status_change')
              OR NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = w.org_id AND o.state = 'read_only')
     ), inserted AS (
       INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, monitored_record_id, body, created_at, status)
       SELECT org_id, endpoint_id, event_id, type, event_key, record_id, body, $2, CASE WHEN disabled THEN 'held' ELSE 'pending' END
         FROM targets ORDER BY ord, endpoint_id
       ON CONFLICT (endpoint_id, event_type, event_key) WHERE replay_of IS NULL DO NOTHING
       RETURNING id, org_id, status, event_type
     )
     SELECT id, org_id, event_type FROM inserted WHERE status = 'pending'
     UNION
     SELECT d.id, d.org_id, d.event_type FROM webhook_deliveries d JOIN targets t ON t.endpoint_id = d.endpoint_id
      WHERE d.event_type = t.type AND d.event_key = t.event_key AND d.replay_of IS NULL AND d.status = 'pending'`,
    [JSON.stringify(input), now],
  );
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, eventType: r.event_type }));
}

/**
 * The event types some endpoint of the events' organizations takes (any organization's, for an
 * event of none): an event of another type is delivered to no one, so its body is never built
 * nor sent to the server (a monitoring chunk's review events, when no endpoint takes them).
 */
async function eventTypesTaken(db: Db, events: readonly WebhookEventToEmit[]): Promise<Set<string>> {
  const orgIds = [...new Set(events.flatMap((e) => (e.orgId ? [e.orgId] : [])))];
  const anyOrg = events.some((e) => !e.orgId);
  const { rows } = await db.query<{ type: string }>(
    'SELECT DISTINCT unnest(events) AS type FROM webhook_endpoints WHERE deleted_at IS NULL AND ($2 OR org_id = ANY($1::uuid[]))',
    [orgIds, anyOrg],
  );
  return new Set(rows.map((r) => r.type));
}

/** After DELETE /monitor/{id}: the record's deliveries not yet made (pending or held) are cancelled (then `waitForRecordSends` waits for an attempt in flight). */
export async function cancelRecordDeliveries(db: Db, monitoredRecordId: string): Promise<number> {
  const { rowCount } = await db.query(
    "UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now() WHERE monitored_record_id = $1 AND status IN ('pending', 'held')",
    [monitoredRecordId],
  );
  return rowCount ?? 0;
}
