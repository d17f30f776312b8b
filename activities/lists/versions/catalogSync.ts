import type { Pool, PoolClient } from 'pg';
import { LIST_PUBLISHED_CHANNEL } from '../../../infra/base/db/channels';
import { artifactLocation, isSourceEnabled, SOURCE_CATALOG } from '../sources/catalog';

/**
 * Writes the source catalog into list_sources (name, cadence, artifact location, enabled),
 * keeping each source's current version. Idempotent; run before ingesting or reporting. A source
 * switched on or off (LIST_SOURCES_DISABLED) gets its `enabled_changed_at`, and the matchers are
 * told to reload (they load the enabled lists); the monitored records follow at the next
 * ingestion run or monitoring catch-up (activities/monitoring/switches.ts). With
 * `ownsConfiguration` false (`screenctl`: an operator's shell need not hold the worker's
 * configuration) an existing source keeps its `enabled` and artifact location. A new source starts as the records
 * stand on it: it has no version yet. Returns the keys switched.
 */
export async function syncSourceCatalog(
  db: Pool | PoolClient,
  env: NodeJS.ProcessEnv = process.env,
  { ownsConfiguration = true }: { ownsConfiguration?: boolean } = {},
): Promise<string[]> {
  const rows = SOURCE_CATALOG.map((s) => [
    s.key,
    s.name,
    s.kind,
    s.state,
    s.adapter.id,
    s.cadence,
    s.cadenceLabel,
    artifactLocation(s.key, env),
    isSourceEnabled(s.key, env),
  ]);
  const { rows: switched } = await db.query<{ key: string }>(
    `WITH before AS (SELECT key, enabled FROM list_sources), upserted AS (
       INSERT INTO list_sources (key, name, kind, state, adapter, cadence, cadence_label, artifact_location, enabled, monitoring_enabled)
       SELECT t.*, t.enabled FROM jsonb_to_recordset($1::jsonb) AS t(key text, name text, kind text, state char(2), adapter text,
         cadence text, cadence_label text, artifact_location text, enabled boolean)
       ORDER BY t.key -- rows locked in key order, as the monitoring's FOR SHARE takes them
       ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind, state = EXCLUDED.state,
         adapter = EXCLUDED.adapter, cadence = EXCLUDED.cadence, cadence_label = EXCLUDED.cadence_label,
         artifact_location = CASE WHEN $2 THEN EXCLUDED.artifact_location ELSE list_sources.artifact_location END,
         enabled = CASE WHEN $2 THEN EXCLUDED.enabled ELSE list_sources.enabled END,
         enabled_changed_at = CASE WHEN $2 AND list_sources.enabled IS DISTINCT FROM EXCLUDED.enabled THEN now() ELSE list_sources.enabled_changed_at END
       RETURNING key, enabled
     )
     SELECT u.key FROM upserted u JOIN before b ON b.key = u.key WHERE b.enabled IS DISTINCT FROM u.enabled ORDER BY u.key`,
    [
      JSON.stringify(
        rows.map(([key, name, kind, state, adapter, cadence, cadence_label, artifact_location, enabled]) => ({
          key,
          name,
          kind,
          state,
          adapter,
          cadence,
          cadence_label,
          artifact_location,
          enabled,
        })),
      ),
      ownsConfiguration,
    ],
  );
  if (switched.length > 0)
    await db.query('SELECT pg_notify($1, $2)', [LIST_PUBLISHED_CHANNEL, `catalog:${switched.map((r) => r.key).join(',')}`]);
  return switched.map((r) => r.key);
}
