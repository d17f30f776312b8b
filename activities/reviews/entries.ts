import type { PoolClient } from 'pg';
import type { EntrySnapshot } from './fields';

export interface ListedEntry {
  versionId: string;
  sourceKey: string;
  entryKey: string;
  contentHash: string;
  snapshot: EntrySnapshot;
}

export const entryId = (versionId: string, entryKey: string): string => `${versionId}\u0000${entryKey}`;

/** The listed entries behind these matches (version, entry key), read by primary key; keyed by `entryId`. */
export async function loadEntries(
  client: PoolClient,
  wanted: ReadonlyArray<{ versionId: string; entryKey: string }>,
): Promise<Map<string, ListedEntry>> {
  if (wanted.length === 0) return new Map();
  const { rows } = await client.query<{
    version_id: string;
    source_key: string;
    entry_key: string;
    content_hash: string;
    name: string;
    aliases: string[];
    npis: string[];
    date_of_birth: string | null;
    state: string | null;
    provider_type: string | null;
    action: string | null;
    start_date: string | null;
    end_date: string | null;
  }>(
    `SELECT e.version_id, v.source_key, e.entry_key, e.content_hash, e.name, e.aliases, e.npis, e.date_of_birth::text AS date_of_birth,
            e.state, e.provider_type, e.action, e.start_date::text AS start_date, e.end_date::text AS end_date
       FROM unnest($1::uuid[], $2::text[]) AS w(version_id, entry_key)
       JOIN list_entries e ON e.version_id = w.version_id AND e.entry_key = w.entry_key
       JOIN list_versions v ON v.id = e.version_id`,
    [wanted.map((w) => w.versionId), wanted.map((w) => w.entryKey)],
  );
  return new Map(
    rows.map((r) => [
      entryId(r.version_id, r.entry_key),
      {
        versionId: r.version_id,
        sourceKey: r.source_key,
        entryKey: r.entry_key,
        contentHash: r.content_hash,
        snapshot: {
          name: r.name,
          aliases: r.aliases,
          npis: r.npis,
          dateOfBirth: r.date_of_birth,
          state: r.state?.trim() ?? null,
          providerType: r.provider_type,
          action: r.action,
          startDate: r.start_date,
          endDate: r.end_date,
        },
      },
    ]),
  );
}

/** Which of these (version, entry key) a version holds, read at once; keyed by `entryId`. */
export async function existingEntries(
  client: PoolClient,
  wanted: ReadonlyArray<{ versionId: string; entryKey: string }>,
): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const { rows } = await client.query<{ version_id: string; entry_key: string }>(
    `SELECT e.version_id, e.entry_key
       FROM unnest($1::uuid[], $2::text[]) AS w(version_id, entry_key)
       JOIN list_entries e ON e.version_id = w.version_id AND e.entry_key = w.entry_key`,
    [wanted.map((w) => w.versionId), wanted.map((w) => w.entryKey)],
  );
  return new Set(rows.map((r) => entryId(r.version_id, r.entry_key)));
}
