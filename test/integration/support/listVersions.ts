import type { Pool } from 'pg';
import { inTransaction } from '../../../infra/base/db/transaction';

/** A list entry written straight into a version, for suites that test the matcher's reading of versions. */
export interface VersionRow {
  key: string;
  kind: 'person' | 'organization';
  name: string;
  last?: string;
  first?: string;
  middle?: string;
  dob?: string;
  npi?: string;
  state?: string;
}

/**
 * Publishes a new version of `source` holding `rows`, as publication leaves it (the previous
 * version superseded, the source pointing at the new one), without an artifact or the ingestion
 * pipeline. Returns the version id.
 */
export async function publishVersionRows(pool: Pool, source: string, checksum: string, rows: readonly VersionRow[]): Promise<string> {
  return inTransaction(pool, async (client) => {
    const {
      rows: [{ seq }],
    } = await client.query('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM list_versions WHERE source_key = $1', [source]);
    const {
      rows: [{ id }],
    } = await client.query(
      `INSERT INTO list_versions (source_key, seq, state, artifact_checksum, retrieved_at, published_at, entry_count)
       VALUES ($1, $2, 'published', $3, '2026-11-01T06:00:00Z', now(), $4) RETURNING id`,
      [source, seq, `${checksum}:${seq}`, rows.length],
    );
    for (const r of rows) {
      await client.query(
        `INSERT INTO list_entries (version_id, entry_key, content_hash, kind, name, last_name, first_name, middle_name, npis, date_of_birth, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          r.key,
          `h${r.key}${r.name}`,
          r.kind,
          r.name,
          r.last ?? null,
          r.first ?? null,
          r.middle ?? null,
          r.npi ? [r.npi] : [],
          r.dob ?? null,
          r.state ?? null,
        ],
      );
    }
    await client.query(`UPDATE list_versions SET state = 'superseded' WHERE source_key = $1 AND state = 'published' AND id <> $2`, [
      source,
      id,
    ]);
    await client.query('UPDATE list_sources SET current_version_id = $2 WHERE key = $1', [source, id]);
    return id as string;
  });
}
