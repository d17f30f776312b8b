import type { Pool, PoolClient } from 'pg';
import { artifactLocation, isSourceEnabled, SOURCE_CATALOG } from '../sources/catalog';

/**
 * Writes the source catalog into list_sources (name, cadence, artifact location, enabled),
 * keeping each source's current version. Idempotent; run before ingesting or reporting.
 */
export async function syncSourceCatalog(db: Pool | PoolClient, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const rows = SOURCE_CATALOG.map((s) => [
    s.key, s.name, s.kind, s.state, s.adapter.id, s.cadence, s.cadenceLabel, artifactLocation(s.key, env), isSourceEnabled(s.key, env),
  ]);
  await db.query(
    `INSERT INTO list_sources (key, name, kind, state, adapter, cadence, cadence_label, artifact_location, enabled)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(key text, name text, kind text, state char(2), adapter text,
       cadence text, cadence_label text, artifact_location text, enabled boolean)
     ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind, state = EXCLUDED.state,
       adapter = EXCLUDED.adapter, cadence = EXCLUDED.cadence, cadence_label = EXCLUDED.cadence_label,
       artifact_location = EXCLUDED.artifact_location, enabled = EXCLUDED.enabled`,
    [JSON.stringify(rows.map(([key, name, kind, state, adapter, cadence, cadence_label, artifact_location, enabled]) => ({
      key, name, kind, state, adapter, cadence, cadence_label, artifact_location, enabled,
    })))],
  );
}
