import type { PoolClient } from 'pg';
import type { BadRow } from '../sources/types';
import { LIST_PUBLISHED_CHANNEL } from '../../../infra/base/db/channels';
import { transaction } from '../../../infra/base/db/transaction';

export interface CurrentVersion {
  id: string;
  seq: number;
  artifactChecksum: string;
  entryCount: number;
}

export async function currentVersion(client: PoolClient, sourceKey: string): Promise<CurrentVersion | null> {
  const { rows } = await client.query(
    `SELECT v.id, v.seq, v.artifact_checksum, v.entry_count
       FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id WHERE s.key = $1`,
    [sourceKey],
  );
  const row = rows[0];
  return row ? { id: row.id, seq: row.seq, artifactChecksum: row.artifact_checksum, entryCount: row.entry_count } : null;
}

/** Versions left in `staging` by an ingestion that died are removed (the caller holds the source lock). */
export async function discardOrphanedStaging(client: PoolClient, sourceKey: string): Promise<void> {
  await client.query(`DELETE FROM list_versions WHERE source_key = $1 AND state = 'staging'`, [sourceKey]);
}

interface StagingInput {
  sourceKey: string;
  checksum: string;
  artifactName: string;
  artifactKind: 'full' | 'supplement_excl' | 'supplement_rein';
  artifactBytes: number;
  sourceUrl: string | null;
  retrievedAt: Date;
  artifactRetrievedAt: Date | null;
  previousVersionId: string | null;
}

export async function createStagingVersion(client: PoolClient, input: StagingInput): Promise<{ id: string; seq: number }> {
  const { rows } = await client.query(
    `INSERT INTO list_versions (source_key, seq, state, artifact_checksum, artifact_name, artifact_kind, artifact_bytes,
        source_url, retrieved_at, artifact_retrieved_at, previous_version_id)
     VALUES ($1, (SELECT coalesce(max(seq), 0) + 1 FROM list_versions WHERE source_key = $1), 'staging',
        $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id, seq`,
    [
      input.sourceKey,
      input.checksum,
      input.artifactName,
      input.artifactKind,
      input.artifactBytes,
      input.sourceUrl,
      input.retrievedAt,
      input.artifactRetrievedAt,
      input.previousVersionId,
    ],
  );
  return { id: rows[0].id, seq: rows[0].seq };
}

export interface ParseCounts {
  rowCount: number;
  entryCount: number;
  badRowCount: number;
  badRows: BadRow[];
  skipped: number;
  duplicates: number;
  invalidNpis: number;
  periodEnd: string | null;
}

export async function recordCounts(client: PoolClient, versionId: string, counts: ParseCounts): Promise<void> {
  await client.query(
    `UPDATE list_versions SET row_count = $2, entry_count = $3, bad_row_count = $4, bad_rows = $5::jsonb,
        skipped_count = $6, duplicate_count = $7, invalid_npi_count = $8, period_end = $9 WHERE id = $1`,
    [
      versionId,
      counts.rowCount,
      counts.entryCount,
      counts.badRowCount,
      JSON.stringify(counts.badRows),
      counts.skipped,
      counts.duplicates,
      counts.invalidNpis,
      counts.periodEnd,
    ],
  );
}

export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
}

/**
 * Compares a staged version with the previous one by entry key and content hash, stores the
 * changed keys in list_version_diffs and returns the counts. Without a previous version
 * everything is added and no key rows are written.
 */
export async function computeDiff(
  client: PoolClient,
  target: 'list_entries' | 'registry_organizations',
  versionId: string,
  previousVersionId: string | null,
  entryCount: number,
): Promise<DiffCounts> {
  if (!previousVersionId) return { added: entryCount, removed: 0, changed: 0 };
  const key = target === 'list_entries' ? 'entry_key' : 'npi';
  await client.query(
    `INSERT INTO list_version_diffs (version_id, entry_key, change)
     SELECT $1, coalesce(n.${key}, p.${key}),
            CASE WHEN p.${key} IS NULL THEN 'added' WHEN n.${key} IS NULL THEN 'removed' ELSE 'changed' END
       FROM (SELECT ${key}, content_hash FROM ${target} WHERE version_id = $1) n
       FULL JOIN (SELECT ${key}, content_hash FROM ${target} WHERE version_id = $2) p ON p.${key} = n.${key}
      WHERE n.content_hash IS DISTINCT FROM p.content_hash`,
    [versionId, previousVersionId],
  );
  const { rows } = await client.query(`SELECT change, count(*)::int AS n FROM list_version_diffs WHERE version_id = $1 GROUP BY change`, [
    versionId,
  ]);
  const counts: DiffCounts = { added: 0, removed: 0, changed: 0 };
  for (const row of rows) counts[row.change as keyof DiffCounts] = row.n;
  return counts;
}

/**
 * Publishes a staged version atomically: the source points at it, the previous version is
 * superseded, and `NOTIFY list_published '<sourceKey>:<versionId>'` fires on commit so matchers
 * reload every current version in one consistent read.
 */
export async function publishVersion(client: PoolClient, sourceKey: string, versionId: string, diff: DiffCounts): Promise<void> {
  await transaction(client, async () => {
    const { rows } = await client.query('SELECT current_version_id FROM list_sources WHERE key = $1 FOR UPDATE', [sourceKey]);
    const previous: string | null = rows[0]?.current_version_id ?? null;
    if (previous) await client.query(`UPDATE list_versions SET state = 'superseded' WHERE id = $1`, [previous]);
    await client.query(
      `UPDATE list_versions SET state = 'published', published_at = now(), diff_added = $2, diff_removed = $3,
          diff_changed = $4 WHERE id = $1`,
      [versionId, diff.added, diff.removed, diff.changed],
    );
    await client.query('UPDATE list_sources SET current_version_id = $2 WHERE key = $1', [sourceKey, versionId]);
    await client.query('SELECT pg_notify($1, $2)', [LIST_PUBLISHED_CHANNEL, `${sourceKey}:${versionId}`]);
  });
}

/** Marks a staged version refused: its rows are dropped, its report kept; the current version stays published. */
export async function rejectVersion(client: PoolClient, versionId: string, reason: string, counts: ParseCounts | null): Promise<void> {
  if (counts) await recordCounts(client, versionId, counts);
  await client.query('DELETE FROM list_entries WHERE version_id = $1', [versionId]);
  await client.query('DELETE FROM registry_organizations WHERE version_id = $1', [versionId]);
  await client.query(`UPDATE list_versions SET state = 'rejected', refusal_reason = $2 WHERE id = $1`, [versionId, reason]);
}
