import type { Pool, PoolClient } from 'pg';
import { listedPartyColumns, listedPartyFromRow, type ListedPartyRow } from '../../../matcher/listedPartyRow';
import type { ListedParty } from '../../../matcher/types';

/**
 * The list state monitoring reads and the marks it leaves on the lists (a version fanned out, a
 * switch applied to the monitored records): monitoring goes through these, never through the
 * lists' tables, so that the version store's shape stays this feature's own.
 */
type Db = Pool | PoolClient;

/** A published version as monitoring sees it: its source, its diff counts and how far monitoring applied it. */
export interface VersionForMonitoring {
  sourceKey: string;
  sourceName: string;
  registry: boolean;
  enabled: boolean;
  /** `enabled` as the monitored records stand on it (they differ while a switch is not yet applied). */
  monitoringEnabled: boolean | null;
  /** A fan-out of this version has been completed already (`list_versions.monitoring_applied_at`). */
  fannedOut: boolean;
  previousVersionId: string | null;
  retrievedAt: string;
  added: number;
  removed: number;
  changed: number;
}

export async function versionForMonitoring(db: Db, versionId: string): Promise<VersionForMonitoring | null> {
  const { rows } = await db.query<{
    source_key: string;
    name: string;
    kind: string;
    enabled: boolean;
    monitoring_enabled: boolean | null;
    fanned_out: boolean;
    previous_version_id: string | null;
    retrieved_at: Date;
    diff_added: number | null;
    diff_removed: number | null;
    diff_changed: number | null;
  }>(
    `SELECT v.source_key, s.name, s.kind, s.enabled, s.monitoring_enabled, v.monitoring_applied_at IS NOT NULL AS fanned_out, v.previous_version_id, v.retrieved_at, v.diff_added, v.diff_removed, v.diff_changed
       FROM list_versions v JOIN list_sources s ON s.key = v.source_key WHERE v.id = $1`,
    [versionId],
  );
  const v = rows[0];
  if (!v) return null;
  return {
    sourceKey: v.source_key,
    sourceName: v.name,
    registry: v.kind === 'registry',
    enabled: v.enabled,
    monitoringEnabled: v.monitoring_enabled,
    fannedOut: v.fanned_out,
    previousVersionId: v.previous_version_id,
    retrievedAt: v.retrieved_at.toISOString(),
    added: v.diff_added ?? 0,
    removed: v.diff_removed ?? 0,
    changed: v.diff_changed ?? 0,
  };
}

const ENTRY_COLUMNS = listedPartyColumns('e');

/**
 * The parties a version added, removed or changed: the new form of added and changed entries, the
 * old form (on `previousVersionId`) of removed and changed ones. A first version has no diff rows:
 * every entry is new.
 */
export async function changedParties(
  db: Db,
  versionId: string,
  previousVersionId: string | null,
): Promise<{ newParties: ListedParty[]; oldParties: ListedParty[] }> {
  const fresh = await db.query<ListedPartyRow>(
    previousVersionId
      ? `SELECT ${ENTRY_COLUMNS} FROM list_version_diffs d JOIN list_entries e ON e.version_id = d.version_id AND e.entry_key = d.entry_key
          WHERE d.version_id = $1 AND d.change IN ('added', 'changed')`
      : `SELECT ${ENTRY_COLUMNS} FROM list_entries e WHERE e.version_id = $1`,
    [versionId],
  );
  const old = previousVersionId
    ? await db.query<ListedPartyRow>(
        `SELECT ${ENTRY_COLUMNS} FROM list_version_diffs d JOIN list_entries e ON e.version_id = $2 AND e.entry_key = d.entry_key
          WHERE d.version_id = $1 AND d.change IN ('removed', 'changed')`,
        [versionId, previousVersionId],
      )
    : { rows: [] as ListedPartyRow[] };
  return { newParties: fresh.rows.map(listedPartyFromRow), oldParties: old.rows.map(listedPartyFromRow) };
}

/** The source's versions older than this one. */
export async function olderVersionsOf(db: Db, sourceKey: string, versionId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM list_versions WHERE source_key = $1 AND seq < (SELECT seq FROM list_versions WHERE id = $2)',
    [sourceKey, versionId],
  );
  return new Set(rows.map((r) => r.id));
}

/** Each version's place in its source's sequence, for the ids that name a version (others are left out). */
export async function versionSeqs(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; seq: number }>(
    'SELECT id::text AS id, seq FROM list_versions WHERE id::text = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.seq]));
}

/** Monitoring applied the version to the monitored records (its fan-out is done). */
export async function markVersionFannedOut(db: Db, versionId: string): Promise<void> {
  await db.query('UPDATE list_versions SET monitoring_applied_at = coalesce(monitoring_applied_at, now()) WHERE id = $1', [versionId]);
}

/** Published versions monitoring has not applied yet, in the order they were published. */
export async function versionsNotFannedOut(db: Db): Promise<Array<{ sourceKey: string; versionId: string }>> {
  const { rows } = await db.query<{ source_key: string; id: string }>(
    `SELECT source_key, id FROM list_versions
      WHERE published_at IS NOT NULL AND monitoring_applied_at IS NULL ORDER BY published_at, seq`,
  );
  return rows.map((r) => ({ sourceKey: r.source_key, versionId: r.id }));
}

/** The SQL of a switch the records were not screened again for yet (also one switched back meanwhile). */
const SWITCH_PENDING_SQL = '(monitoring_enabled IS DISTINCT FROM enabled OR monitoring_switched_at IS DISTINCT FROM enabled_changed_at)';

/**
 * What monitoring has yet to apply among these versions (of lists, not registries: a registry
 * version changes no listed name) and the lists' switches (of lists that have a version).
 */
export async function monitoringPending(db: Db, versionIds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ pending: number }>(
    `SELECT (SELECT count(*)::int FROM list_versions v JOIN list_sources s ON s.key = v.source_key
              WHERE v.id = ANY($1::uuid[]) AND v.monitoring_applied_at IS NULL AND s.kind <> 'registry')
          + (SELECT count(*)::int FROM list_sources WHERE ${SWITCH_PENDING_SQL} AND current_version_id IS NOT NULL) AS pending`,
    [versionIds],
  );
  return rows[0].pending;
}

/** A source as screenings stand on it: `screened` when it is enabled and has a current version. */
export interface ListScreeningState {
  key: string;
  registry: boolean;
  currentVersionId: string | null;
  screened: boolean;
}

/**
 * Every source, by key. `forShare` holds the rows until the caller's transaction ends, so that a
 * switch lands after what it stores.
 */
export async function listScreeningStates(db: Db, { forShare = false }: { forShare?: boolean } = {}): Promise<ListScreeningState[]> {
  const { rows } = await db.query<{ key: string; kind: string; version_id: string | null; screened: boolean }>(
    `SELECT key, kind, current_version_id AS version_id, enabled AND current_version_id IS NOT NULL AS screened FROM list_sources ORDER BY key${
      forShare ? ' FOR SHARE' : ''
    }`,
  );
  return rows.map((r) => ({ key: r.key, registry: r.kind === 'registry', currentVersionId: r.version_id, screened: r.screened }));
}

/** A source's switch as monitoring sees it. */
export interface ListSwitchState {
  key: string;
  enabled: boolean;
  currentVersionId: string | null;
  changedAt: Date | null;
  /** `enabled_changed_at` to the microsecond, as the database holds it (a Date keeps milliseconds). */
  changedAtExact: string | null;
  /** The records were not screened again for the switch yet (also one switched back meanwhile). */
  pending: boolean;
}

/** A switch of a list without a version holds nothing to apply: it is marked applied. */
export async function settleSwitchesOfListsWithoutVersion(db: Db): Promise<void> {
  await db.query(`UPDATE list_sources SET monitoring_enabled = enabled, monitoring_switched_at = enabled_changed_at
                   WHERE current_version_id IS NULL AND ${SWITCH_PENDING_SQL}`);
}

export async function listSwitchStates(db: Db): Promise<ListSwitchState[]> {
  const { rows } = await db.query<{
    key: string;
    enabled: boolean;
    current: string | null;
    changed_at: Date | null;
    changed_at_exact: string | null;
    pending: boolean;
  }>(
    `SELECT key, enabled, current_version_id AS current, enabled_changed_at AS changed_at, enabled_changed_at::text AS changed_at_exact,
            ${SWITCH_PENDING_SQL} AS pending
       FROM list_sources ORDER BY key`,
  );
  return rows.map((r) => ({
    key: r.key,
    enabled: r.enabled,
    currentVersionId: r.current,
    changedAt: r.changed_at,
    changedAtExact: r.changed_at_exact,
    pending: r.pending,
  }));
}

/** The records were screened again for this switch; a list switched again meanwhile is left pending. */
export async function markSwitchApplied(db: Db, s: Pick<ListSwitchState, 'key' | 'enabled' | 'changedAtExact'>): Promise<void> {
  await db.query(
    `UPDATE list_sources SET monitoring_enabled = enabled, monitoring_switched_at = enabled_changed_at
      WHERE key = $1 AND enabled = $2 AND enabled_changed_at IS NOT DISTINCT FROM $3::timestamptz`,
    [s.key, s.enabled, s.changedAtExact],
  );
}
