import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from './events';
import type { Db, DeliveryRef, DeliveryStatus } from './store';

/**
 * Replay (a new delivery of the same bytes) and reset (a fresh series for the same delivery).
 * Neither is allowed once the endpoint is removed or while it is disabled (endpointHealth.ts), nor
 * for a monitored record that was removed: after DELETE /monitor/{id} no webhook is produced for that record.
 */
export type ReplayRefusal = 'not_found' | 'endpoint_removed' | 'endpoint_disabled' | 'record_removed';
export type ReplayResult = { ok: true; delivery: DeliveryRef } | { ok: false; refusal: ReplayRefusal };
export type ResetResult =
  | { ok: true; delivery: DeliveryRef; series: string }
  | { ok: false; refusal: ReplayRefusal }
  | { ok: false; refusal: 'not_resettable'; status: DeliveryStatus };

/** Only these go back to pending: a succeeded delivery arrived, a cancelled one must not be sent. */
export const RESETTABLE_STATUSES: readonly DeliveryStatus[] = ['pending', 'failed'];

const OPEN_TARGET = `e.deleted_at IS NULL AND e.disabled_at IS NULL AND (d.monitored_record_id IS NULL OR EXISTS (
  SELECT 1 FROM monitored_records r WHERE r.id = d.monitored_record_id AND r.removed_at IS NULL))`;

type OrgCondition = { sql: string; value: string | null };
const ofOrg = (orgId: string): OrgCondition => ({ sql: 'd.org_id = $2::uuid', value: orgId });
const ANY_ORG: OrgCondition = { sql: '$2::uuid IS NULL', value: null };

type RefRow = { id: string; org_id: string; event_type: WebhookEventType };
const toRef = (r: RefRow): DeliveryRef => ({ id: r.id, orgId: r.org_id, eventType: r.event_type });

/** Why a delivery cannot be replayed or reset. */
async function refusalOf(db: Db, id: string, org: OrgCondition): Promise<{ refusal: ReplayRefusal | null; status: DeliveryStatus }> {
  const { rows } = await db.query<{
    status: DeliveryStatus;
    endpoint_removed: boolean;
    endpoint_disabled: boolean;
    record_removed: boolean;
  }>(
    `SELECT d.status, e.deleted_at IS NOT NULL AS endpoint_removed, e.disabled_at IS NOT NULL AS endpoint_disabled,
            d.monitored_record_id IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM monitored_records r WHERE r.id = d.monitored_record_id AND r.removed_at IS NULL) AS record_removed
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1 AND ${org.sql}`,
    [id, org.value],
  );
  const r = rows[0];
  if (!r) return { refusal: 'not_found', status: 'cancelled' };
  const refusal = r.record_removed
    ? 'record_removed'
    : r.endpoint_removed
      ? 'endpoint_removed'
      : r.endpoint_disabled
        ? 'endpoint_disabled'
        : null;
  return { refusal, status: r.status };
}

async function replay(db: Db, id: string, org: OrgCondition): Promise<ReplayResult> {
  const { rows } = await db.query<RefRow>(
    `INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, monitored_record_id, body, replay_of)
     SELECT d.org_id, d.endpoint_id, d.event_id, d.event_type, d.event_key, d.monitored_record_id, d.body, d.id
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1 AND ${org.sql} AND ${OPEN_TARGET}
     RETURNING id, org_id, event_type`,
    [id, org.value],
  );
  if (rows[0]) return { ok: true, delivery: toRef(rows[0]) };
  return { ok: false, refusal: (await refusalOf(db, id, org)).refusal ?? 'not_found' };
}

/** A new delivery of one of the organization's deliveries: same event, endpoint and body bytes. */
export function createReplay(db: Db, orgId: string, id: string): Promise<ReplayResult> {
  return replay(db, id, ofOrg(orgId));
}

/** Operators only (screenctl): replays any organization's delivery. */
export function createReplayForOperator(db: Db, id: string): Promise<ReplayResult> {
  return replay(db, id, ANY_ORG);
}

/**
 * Operators only: a pending (stuck) or failed delivery goes back to pending under a new series
 * id. Call it after its workflow was ended; start the fresh workflow with the returned series.
 */
export async function reopenDeliveryForOperator(db: Db, id: string): Promise<ResetResult> {
  const series = randomUUID();
  const { rows } = await db.query<RefRow>(
    `UPDATE webhook_deliveries d SET status = 'pending', completed_at = NULL, series = $3, series_attempts = NULL
       FROM webhook_endpoints e
      WHERE d.id = $1 AND ${ANY_ORG.sql} AND e.id = d.endpoint_id AND d.status = ANY ($4::text[]) AND ${OPEN_TARGET}
     RETURNING d.id, d.org_id, d.event_type`,
    [id, null, series, RESETTABLE_STATUSES],
  );
  if (rows[0]) return { ok: true, delivery: toRef(rows[0]), series };
  const { refusal, status } = await refusalOf(db, id, ANY_ORG);
  return refusal ? { ok: false, refusal } : { ok: false, refusal: 'not_resettable', status };
}
