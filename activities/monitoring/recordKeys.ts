import type { Pool, PoolClient } from 'pg';
import type { ChangeReach } from '../../matcher/blockingKeys';
import { HEADROOM_OF_RECORD } from './records';

/** Queries of monitored records by their blocking keys, and the candidate headroom a change takes from them. */
type Db = Pool | PoolClient;

/** Which active organization records a change reaches whatever their keys. */
export type OrganizationsReached = 'none' | 'with_npi' | 'all';

/**
 * The active records a change reaches (matcher/blockingKeys.ts `changeReach`, read as `reaches`
 * reads it: a key of both tokens of a pair, any key of `anyOf`, or the one-usable-token marker
 * and any key of `anyOfIfSolo`), with `capped` every record whose last screening hit the
 * candidate limit (which of its candidates are scored is chosen by weights across the whole
 * list), and organizations by `organizations`: `with_npi` for a registry version (it changes the names they
 * are searched under), `all` when the change holds an organization entry (organization tokens
 * are weighed by how rare they are across the whole list, so one entry more or less can move
 * any organization's scores). Sorted by id.
 */
export async function recordsReachedBy(
  db: Db,
  reach: ChangeReach,
  { organizations, capped }: { organizations: OrganizationsReached; capped: boolean },
): Promise<string[]> {
  // Each token's keys once, as 1-based slices of one array: pairs share tokens (JOHN in many).
  const keys: number[] = [];
  const slices = new Map<readonly number[], [number, number]>();
  const sliceOf = (tokenKeys: readonly number[]): [number, number] => {
    let slice = slices.get(tokenKeys);
    if (!slice) {
      slices.set(tokenKeys, (slice = [keys.length + 1, keys.length + tokenKeys.length]));
      keys.push(...tokenKeys);
    }
    return slice;
  };
  const bounds = reach.pairs.map(([a, b]) => [...sliceOf(a), ...sliceOf(b)]);
  const { rows } = await db.query<{ id: string }>(
    `SELECT m.id FROM unnest($2::int[], $3::int[], $4::int[], $5::int[]) AS p(a_from, a_to, b_from, b_to)
       CROSS JOIN LATERAL (
         SELECT id FROM monitored_records m
          WHERE m.removed_at IS NULL AND m.blocking_keys && ($1::int[])[p.a_from:p.a_to] AND m.blocking_keys && ($1::int[])[p.b_from:p.b_to]
       ) m
     UNION
     SELECT id FROM monitored_records WHERE $7 AND removed_at IS NULL AND recall_capped
     UNION
     SELECT id FROM monitored_records WHERE $6 <> 'none' AND removed_at IS NULL AND kind = 'organization' AND (has_npi OR $6 = 'all')`,
    [keys, bounds.map((b) => b[0]), bounds.map((b) => b[1]), bounds.map((b) => b[2]), bounds.map((b) => b[3]), organizations, capped],
  );
  const reached = new Set(rows.map((r) => r.id));
  for (const id of await recordsHoldingKeys(db, reach.anyOf)) reached.add(id);
  if (reach.anyOfIfSolo.length > 0) {
    // Subjects of one usable token are few: their keys are read and checked here.
    const solo = await db.query<{ id: string; keys: number[] }>(
      'SELECT id, blocking_keys AS keys FROM monitored_records WHERE removed_at IS NULL AND blocking_keys @> ARRAY[$1::int]',
      [reach.soloMarker],
    );
    const soloKeys = new Set(reach.anyOfIfSolo);
    for (const r of solo.rows) if (r.keys.some((k) => soloKeys.has(k))) reached.add(r.id);
  }
  return [...reached].sort();
}

/**
 * The reach probes the key index once per token pair (and once for the key groups that may
 * cross), so it needs the index as the planner and
 * the index itself see it after a bulk enrollment: keys of records enrolled since the last
 * vacuum wait in the index's pending list, which every probe would scan again (merged into the
 * index here, once); and a table whose statistics predate the enrollment is planned as a tiny
 * one, scanned in full for every pair (analyzed here, its three columns the reach reads, when
 * more than a tenth of its rows changed since autovacuum last did).
 */
export async function prepareKeyIndex(db: Db): Promise<void> {
  await db.query("SELECT gin_clean_pending_list('monitored_records_keys'::regclass)");
  const { rows } = await db.query<{ stale: boolean }>(
    `SELECT coalesce(n_mod_since_analyze > 0.1 * greatest(n_live_tup, 1000) OR greatest(last_analyze, last_autoanalyze) IS NULL, true) AS stale
       FROM pg_stat_user_tables WHERE relid = 'monitored_records'::regclass`,
  );
  if (rows[0]?.stale ?? true) await db.query('ANALYZE monitored_records (blocking_keys, removed_at, recall_capped)');
}

/**
 * Active records holding any of these blocking keys. Probed key by key: `blocking_keys && $1`
 * over hundreds of keys is planned as a scan of every record, comparing each key of each.
 */
export async function recordsHoldingKeys(db: Db, keys: readonly number[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT m.id FROM unnest($1::int[]) AS k(key)
       CROSS JOIN LATERAL (SELECT id FROM monitored_records m WHERE m.removed_at IS NULL AND m.blocking_keys @> ARRAY[k.key]) m`,
    [keys],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Records a change gave viable candidates but did not screen again (none a match, no more than
 * their headroom) have that much less room under the candidate limit: without this, changes that
 * each fit would together push a record past the limit unseen. Each `viable` bounds from above
 * what the change added to the record's fullest query name, so the stored headroom stays a lower
 * bound. Checked and taken in one statement, so that two fan-outs (two lists published together)
 * cannot both take the same room: returns the records whose room is gone meanwhile (or unknown),
 * to be screened again. A retried fan-out subtracts twice, which only screens the record again
 * sooner, and that stores its exact headroom. The room is taken on monitored_record_headroom
 * (migration 8150), a narrow row updated in place, not on the wide, ten-times-indexed record.
 */
export async function narrowHeadroom(db: Db, narrowed: ReadonlyArray<{ id: string; viable: number }>): Promise<string[]> {
  if (narrowed.length === 0) return [];
  const ids = narrowed.map((n) => n.id);
  // Room still kept on monitored_records (a record screened before migration 8150) moves to its own row first.
  await db.query(
    `INSERT INTO monitored_record_headroom (record_id, headroom)
     SELECT m.id, m.candidate_headroom FROM monitored_records m
      WHERE m.id = ANY($1::uuid[]) AND m.removed_at IS NULL AND m.candidate_headroom IS NOT NULL
     ON CONFLICT (record_id) DO NOTHING`,
    [ids],
  );
  const { rows } = await db.query<{ id: string }>(
    `WITH taken AS (
       UPDATE monitored_record_headroom h SET headroom = ${HEADROOM_OF_RECORD} - n.viable
         FROM unnest($1::uuid[], $2::int[]) AS n(id, viable), monitored_records m
        WHERE h.record_id = n.id AND m.id = n.id AND m.removed_at IS NULL AND ${HEADROOM_OF_RECORD} >= n.viable
        RETURNING h.record_id AS id
     )
     SELECT n.id FROM unnest($1::uuid[]) AS n(id) WHERE n.id NOT IN (SELECT id FROM taken) ORDER BY n.id`,
    [ids, narrowed.map((n) => n.viable)],
  );
  return rows.map((r) => r.id);
}
