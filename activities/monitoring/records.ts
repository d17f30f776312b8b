import type { Pool, PoolClient } from 'pg';
import { BLOCKING_KEYS_VERSION, subjectBlockingKeys } from '../../matcher/blockingKeys';
import type { Entity, Match, ScreeningResult, ScreeningStatus } from '../../matcher/types';
import { listScreeningStates, versionSeqs } from '../lists';

/** Monitored records (migration 6300). Reads a client can cause are scoped to its organization. */
type Db = Pool | PoolClient;

export interface MonitoredRecordView {
  id: string;
  status: ScreeningStatus;
  matches: ScreeningResult['matches'];
  sources: ScreeningResult['sources'];
  checkedAt: string;
}

export function recordView(id: string, result: ScreeningResult): MonitoredRecordView {
  return { id, status: result.status, matches: result.matches, sources: result.sources, checkedAt: result.checkedAt };
}

/**
 * Enrolls an entity, or finds its active record: one record per (organization, entity), so
 * enrolling the same entity again re-screens and returns the same record (and bills one
 * record-month, not two). `created` false for such a repeat. The blocking keys are computed
 * here, under the rules the stored version names. The record is marked as waiting for its
 * workflow (`workflow_pending_since`) until `workflowStarted` clears the mark. The status the
 * enrollment answers is the record's announced status (`announced_status`).
 */
export async function upsertRecord(
  client: PoolClient,
  record: { orgId: string; entity: Entity; entityHash: string; result: ScreeningResult; headroom: number; rulesVersion: number | null },
): Promise<{ id: string; created: boolean }> {
  // The headroom is stored on its own table (storeHeadroom), the column left NULL.
  const { rows } = await client.query<{ id: string; created: boolean }>(
    `WITH stored AS (
       INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, recall_capped, candidate_headroom, blocking_keys_version, rules_version, workflow_pending_since, announced_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $12, $13, now(), $6)
       ON CONFLICT (org_id, entity_hash) WHERE removed_at IS NULL DO UPDATE
         SET status = EXCLUDED.status, result = EXCLUDED.result, blocking_keys = EXCLUDED.blocking_keys, checked_at = EXCLUDED.checked_at,
             recall_capped = EXCLUDED.recall_capped, candidate_headroom = NULL, blocking_keys_version = EXCLUDED.blocking_keys_version,
             rules_version = EXCLUDED.rules_version, workflow_pending_since = coalesce(monitored_records.workflow_pending_since, now()),
             announced_status = EXCLUDED.announced_status
       RETURNING id, (xmax = 0) AS created
     ), room AS (
       ${storeHeadroom('SELECT id, $11::int FROM stored')}
     )
     SELECT id, created FROM stored`,
    [
      record.orgId,
      JSON.stringify(record.entity),
      record.entityHash,
      record.entity.type,
      Boolean(record.entity.npi),
      record.result.status,
      JSON.stringify(record.result),
      subjectBlockingKeys(record.entity),
      record.result.checkedAt,
      record.result.recallCapped,
      record.headroom,
      BLOCKING_KEYS_VERSION,
      record.rulesVersion,
    ],
  );
  return rows[0];
}

/**
 * The statement (for a WITH clause) that stores the headroom of the records `select` names as
 * (id, headroom) pairs on monitored_record_headroom (migration 8150); a NULL headroom (unknown)
 * removes the record's row. The caller sets monitored_records.candidate_headroom to NULL in the
 * same statement: a record's headroom is the lesser of the two (`HEADROOM_OF_RECORD`).
 */
function storeHeadroom(select: string): string {
  return `INSERT INTO monitored_record_headroom AS h (record_id, headroom)
            SELECT * FROM (${select}) AS s(record_id, headroom)
          ON CONFLICT (record_id) DO UPDATE SET headroom = EXCLUDED.headroom`;
}

/**
 * A record `m`'s candidate headroom, with `h` its monitored_record_headroom row (LEFT JOINed):
 * the lesser of the two, NULL (unknown) when neither holds one (migration 8150).
 */
export const HEADROOM_OF_RECORD = 'LEAST(h.headroom, m.candidate_headroom)';

/** A record's stored candidate headroom (null: unknown). */
export async function storedHeadroom(db: Db, id: string): Promise<number | null> {
  const { rows } = await db.query<{ headroom: number | null }>(
    `SELECT ${HEADROOM_OF_RECORD} AS headroom FROM monitored_records m LEFT JOIN monitored_record_headroom h ON h.record_id = m.id WHERE m.id = $1`,
    [id],
  );
  return rows[0]?.headroom ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks the record removed; false for an unknown id, another organization's record or one already removed. */
export async function removeRecord(db: Db, orgId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rowCount } = await db.query(
    'UPDATE monitored_records SET removed_at = now() WHERE id = $1 AND org_id = $2 AND removed_at IS NULL',
    [id, orgId],
  );
  return rowCount === 1;
}

export async function activeRecord(db: Db, id: string): Promise<{ orgId: string; orgReadOnly: boolean } | null> {
  const { rows } = await db.query<{ org_id: string; read_only: boolean }>(
    `SELECT m.org_id, coalesce(o.state = 'read_only', false) AS read_only
       FROM monitored_records m LEFT JOIN organizations o ON o.id = m.org_id WHERE m.id = $1 AND m.removed_at IS NULL`,
    [id],
  );
  return rows[0] ? { orgId: rows[0].org_id, orgReadOnly: rows[0].read_only } : null;
}

/**
 * Organizations active again after being read-only whose records have not been screened since:
 * each with the resumption (`monitoring_resumed_at`, as text) the re-screen answers for.
 */
export async function organizationsToResume(db: Db): Promise<Array<{ orgId: string; resumedAt: string }>> {
  const { rows } = await db.query<{ id: string; resumed_at: string }>(
    `SELECT id, monitoring_resumed_at::text AS resumed_at FROM organizations
      WHERE state = 'active' AND monitoring_resumed_at IS NOT NULL
        AND (monitoring_caught_up_at IS NULL OR monitoring_caught_up_at < monitoring_resumed_at)
      ORDER BY monitoring_resumed_at`,
  );
  return rows.map((r) => ({ orgId: r.id, resumedAt: r.resumed_at }));
}

export async function organizationRecords(db: Db, orgId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM monitored_records WHERE org_id = $1 AND removed_at IS NULL ORDER BY id', [
    orgId,
  ]);
  return rows.map((r) => r.id);
}

/** The re-screen of this resumption completed (a later one, paused and resumed meanwhile, stays pending). */
export async function organizationResumed(db: Db, orgId: string, resumedAt: string): Promise<void> {
  await db.query(
    'UPDATE organizations SET monitoring_caught_up_at = $2::timestamptz WHERE id = $1 AND (monitoring_caught_up_at IS NULL OR monitoring_caught_up_at < $2::timestamptz)',
    [orgId, resumedAt],
  );
}

export async function anyActiveRecord(db: Db): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM monitored_records WHERE removed_at IS NULL LIMIT 1');
  return rowCount !== 0;
}

export async function allActiveRecords(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM monitored_records WHERE removed_at IS NULL ORDER BY id');
  return rows.map((r) => r.id);
}

export interface StoredRecord {
  id: string;
  orgId: string;
  entity: Entity;
  status: ScreeningStatus;
  /** The stored screening hit the candidate limit: which candidates it scored can change with any list change. */
  recallCapped: boolean;
}

/**
 * The active records among `ids` to screen, but for those of a read-only organization: they are
 * not screened again until it is active again, when the monitoring catch-up screens them all.
 */
export async function loadActiveRecords(db: Db, ids: readonly string[]): Promise<StoredRecord[]> {
  const { rows } = await db.query<{
    id: string;
    org_id: string;
    entity: Entity;
    status: ScreeningStatus;
    capped: boolean | null;
  }>(
    `SELECT m.id, m.org_id, m.entity, m.status, m.recall_capped AS capped
       FROM monitored_records m
      WHERE m.id = ANY($1::uuid[]) AND m.removed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = m.org_id AND o.state = 'read_only')
      ORDER BY m.id`,
    [ids],
  );
  return rows.map((r) => ({
    id: r.id,
    orgId: r.org_id,
    entity: r.entity,
    status: r.status,
    recallCapped: r.capped === true,
  }));
}

type Rescreening = { id: string; result: ScreeningResult; headroom: number; rulesVersion: number | null };

/**
 * Stores re-screenings of records still active (a record removed meanwhile is left alone) and
 * returns each one's previous status, the status last announced for it (see `markAnnounced`) and
 * its previous screening time, read under the row lock taken first. The headroom is
 * stored only from a screening on the current version of every list (else unknown: the next
 * change that gives the record a viable candidate screens it again). A result older
 * than the stored one (two fan-outs that overlap, the later version's committing first) is not
 * stored: it would bring back a superseded result and announce a false status change.
 */
export async function saveRescreenings(
  client: PoolClient,
  rescreened: readonly Rescreening[],
): Promise<
  Array<{
    id: string;
    orgId: string;
    previousStatus: ScreeningStatus;
    announcedStatus: ScreeningStatus;
    previousCheckedAt: string;
    previousMatches: Match[];
    result: ScreeningResult;
  }>
> {
  if (rescreened.length === 0) return [];
  const { rows: lockedRows } = await client.query<{
    id: string;
    status: ScreeningStatus;
    announced: ScreeningStatus;
    checked_at: string;
    result: ScreeningResult;
  }>(
    `SELECT id, status, coalesce(announced_status, status) AS announced, checked_at::text AS checked_at, result FROM monitored_records
      WHERE id = ANY($1::uuid[]) AND removed_at IS NULL ORDER BY id FOR UPDATE`,
    [rescreened.map((r) => r.id)],
  );
  const locked = new Map(lockedRows.map((r) => [r.id, r]));
  const cited = (result: ScreeningResult) => result.sources.map((s) => s.listVersionId);
  const seqs = await versionSeqs(client, [
    ...new Set([...rescreened.flatMap((r) => cited(r.result)), ...lockedRows.flatMap((r) => cited(r.result))]),
  ]);
  const current = (await listScreeningStates(client)).filter((s) => s.screened && !s.registry);
  const toStore = rescreened
    .filter((r) => locked.has(r.id) && !screensOlderVersion(r.result, locked.get(r.id)!.result, seqs))
    .map((r) => ({
      ...r,
      // Not on some list's current version: a fan-out of that version may have narrowed the stored headroom already, which this headroom would undo.
      behind: current.some((c) => !r.result.sources.some((s) => s.source === c.key && s.listVersionId === c.currentVersionId)),
    }));
  if (toStore.length === 0) return [];
  const { rows } = await client.query<{ id: string; org_id: string; result: ScreeningResult }>(
    `WITH input AS (
       SELECT (e->>'id')::uuid AS id, e->'result' AS result, (e->>'headroom')::int AS headroom, (e->>'rulesVersion')::int AS rules_version,
              (e->>'behind')::boolean AS behind
         FROM jsonb_array_elements($1::jsonb) e
     ), stored AS (
       UPDATE monitored_records m
          SET status = i.result->>'status', result = i.result, checked_at = (i.result->>'checkedAt')::timestamptz,
              recall_capped = coalesce((i.result->>'recallCapped')::boolean, false),
              candidate_headroom = NULL,
              rules_version = i.rules_version
         FROM input i
        WHERE m.id = i.id AND m.removed_at IS NULL
        RETURNING m.id, m.org_id, m.result
     ), room AS (
       ${storeHeadroom('SELECT i.id, i.headroom FROM input i JOIN stored s ON s.id = i.id WHERE NOT i.behind')}
     ), unknown AS (
       DELETE FROM monitored_record_headroom h USING input i JOIN stored s ON s.id = i.id WHERE h.record_id = i.id AND i.behind
     )
     SELECT id, org_id, result FROM stored`,
    [
      JSON.stringify(
        toStore.map((r) => ({ id: r.id, result: r.result, headroom: r.headroom, rulesVersion: r.rulesVersion, behind: r.behind })),
      ),
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    orgId: r.org_id,
    previousStatus: locked.get(r.id)!.status,
    announcedStatus: locked.get(r.id)!.announced,
    previousCheckedAt: locked.get(r.id)!.checked_at,
    previousMatches: locked.get(r.id)!.result.matches,
    result: r.result,
  }));
}

/** A result that screened some source on an older version than the stored result did. */
function screensOlderVersion(result: ScreeningResult, stored: ScreeningResult, seqs: ReadonlyMap<string, number>): boolean {
  return result.sources.some((n) =>
    stored.sources.some((o) => {
      if (o.source !== n.source) return false;
      const [newer, older] = [seqs.get(n.listVersionId), seqs.get(o.listVersionId)];
      return newer !== undefined && older !== undefined && newer < older;
    }),
  );
}

/**
 * The records' status changes were announced (their match_status_change recorded): their stored
 * status is now the announced one. Not for a read-only organization, whose monitoring events are
 * not recorded: its records keep the status last announced, and the re-screen once it is active
 * again announces every record whose status differs from it (activities/monitoring/resume.ts).
 */
export async function markAnnounced(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE monitored_records m SET announced_status = m.status
      WHERE m.id = ANY ($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = m.org_id AND o.state = 'read_only')`,
    [ids],
  );
}

/** Holds the organizations' state (FOR SHARE) until the caller's transaction ends: a state change waits for it. */
export async function holdOrganizationStates(db: Db, orgIds: readonly string[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db.query('SELECT 1 FROM organizations WHERE id = ANY ($1::uuid[]) ORDER BY id FOR SHARE', [[...new Set(orgIds)]]);
}
