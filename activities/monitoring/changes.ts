import type { Pool } from 'pg';
import type { ListedParty } from '../../matcher/types';

/** What one published version changed: the source, the counts, and every party added, removed or changed (old and new forms). */
export interface VersionChange {
  sourceKey: string;
  sourceName: string;
  registry: boolean;
  /** A disabled source is not screened against: its versions change no screening. */
  enabled: boolean;
  /** `enabled` as the monitored records stand on it (they differ while a switch is not yet applied: switches.ts). */
  monitoringEnabled: boolean | null;
  /** A fan-out of this version has been completed already (`list_versions.monitoring_applied_at`). */
  fannedOut: boolean;
  versionId: string;
  previousVersionId: string | null;
  retrievedAt: string;
  added: number;
  removed: number;
  changed: number;
  /** The new form of added and changed entries. */
  newParties: ListedParty[];
  /** The old form of removed and changed entries. */
  oldParties: ListedParty[];
}

interface EntryRow {
  entry_key: string;
  kind: 'person' | 'organization';
  name: string;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  suffix: string | null;
  aliases: string[] | null;
  npis: string[] | null;
  dob: string | null;
  state: string | null;
  provider_type: string | null;
}

const ENTRY_COLUMNS = `e.entry_key, e.kind, e.name, e.last_name, e.first_name, e.middle_name, e.suffix, e.aliases, e.npis,
  to_char(e.date_of_birth, 'YYYY-MM-DD') AS dob, e.state, e.provider_type`;

function toParty(r: EntryRow): ListedParty {
  return {
    entryKey: r.entry_key,
    kind: r.kind,
    name: r.name,
    lastName: r.last_name,
    firstName: r.first_name,
    middleName: r.middle_name,
    suffix: r.suffix,
    aliases: r.aliases ?? [],
    npis: r.npis ?? [],
    dateOfBirth: r.dob,
    state: r.state ? r.state.trim() : null,
    providerType: r.provider_type,
  };
}

export async function versionChange(pool: Pool, versionId: string, withParties = true): Promise<VersionChange> {
  const { rows } = await pool.query<{
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
  if (!v) throw new Error(`no list version ${versionId}`);
  const change: VersionChange = {
    sourceKey: v.source_key,
    sourceName: v.name,
    registry: v.kind === 'registry',
    enabled: v.enabled,
    monitoringEnabled: v.monitoring_enabled,
    fannedOut: v.fanned_out,
    versionId,
    previousVersionId: v.previous_version_id,
    retrievedAt: v.retrieved_at.toISOString(),
    added: v.diff_added ?? 0,
    removed: v.diff_removed ?? 0,
    changed: v.diff_changed ?? 0,
    newParties: [],
    oldParties: [],
  };
  if (change.registry || !withParties) return change;
  // A first version has no diff rows: every entry is new.
  const fresh = await pool.query<EntryRow>(
    v.previous_version_id
      ? `SELECT ${ENTRY_COLUMNS} FROM list_version_diffs d JOIN list_entries e ON e.version_id = d.version_id AND e.entry_key = d.entry_key
          WHERE d.version_id = $1 AND d.change IN ('added', 'changed')`
      : `SELECT ${ENTRY_COLUMNS} FROM list_entries e WHERE e.version_id = $1`,
    [versionId],
  );
  const old = v.previous_version_id
    ? await pool.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM list_version_diffs d JOIN list_entries e ON e.version_id = $2 AND e.entry_key = d.entry_key
          WHERE d.version_id = $1 AND d.change IN ('removed', 'changed')`,
        [versionId, v.previous_version_id],
      )
    : { rows: [] as EntryRow[] };
  if (!v.previous_version_id) change.added = fresh.rows.length;
  change.newParties = fresh.rows.map(toParty);
  change.oldParties = old.rows.map(toParty);
  return change;
}
