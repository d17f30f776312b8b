import type { Pool } from 'pg';
import { BLOCKING_KEYS_VERSION, subjectBlockingKeys } from '../../matcher/blockingKeys';
import type { Entity } from '../../matcher/types';

const REKEY_CHUNK = 1000;

/**
 * Recomputes the blocking keys of every active record keyed under older rules than the
 * matcher's (BLOCKING_KEYS_VERSION), so that a list change reaches every record it can affect
 * under the rules the matcher now screens with. Runs before a list version is applied: after a
 * release that changed the rules it re-keys every record once (about the cost of enrolling
 * them), then finds none. Idempotent, and safe beside a concurrent run.
 */
export async function rekeyStaleRecords(pool: Pool): Promise<number> {
  let rekeyed = 0;
  for (;;) {
    const { rows } = await pool.query<{ id: string; entity: Entity }>(
      `SELECT id, entity FROM monitored_records
        WHERE removed_at IS NULL AND blocking_keys_version < $1 ORDER BY id LIMIT $2`,
      [BLOCKING_KEYS_VERSION, REKEY_CHUNK],
    );
    if (rows.length === 0) return rekeyed;
    const keyed = rows.map((r) => ({ id: r.id, keys: subjectBlockingKeys(r.entity) }));
    await pool.query(
      `UPDATE monitored_records m
          SET blocking_keys = ARRAY(SELECT jsonb_array_elements_text(e->'keys')::int), blocking_keys_version = $2
         FROM jsonb_array_elements($1::jsonb) e
        WHERE m.id = (e->>'id')::uuid AND m.blocking_keys_version < $2`,
      [JSON.stringify(keyed), BLOCKING_KEYS_VERSION],
    );
    rekeyed += rows.length;
  }
}
