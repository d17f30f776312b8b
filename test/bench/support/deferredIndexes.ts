import type { Pool } from 'pg';

/**
 * Runs `work` with the tables' secondary indexes dropped, and builds them again after (also when
 * it fails): a bulk load then touches only the unique indexes per row (they decide conflicts), and
 * each other index, the GIN key index above all, is built once by sorting rather than grown one
 * row at a time. Only for a database nothing else uses meanwhile (the bench's own): the indexes
 * are missing while `work` runs. They are rebuilt from their own definitions, so the database
 * after is the one a row-by-row load makes. `kept` names the indexes the load itself reads
 * through: without one, each of its lookups would scan a table that grows with the load.
 */
export async function withSecondaryIndexesDeferred<T>(
  pool: Pool,
  tables: readonly string[],
  kept: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const { rows: deferred } = await pool.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY ($1::regclass[]) AND NOT i.indisunique AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        AND NOT i.indexrelid::regclass::text = ANY ($2::text[])
      ORDER BY i.indexrelid`,
    [tables, kept],
  );
  for (const index of deferred) await pool.query(`DROP INDEX ${index.name}`);
  try {
    return await work();
  } finally {
    const client = await pool.connect();
    try {
      // A sort in memory rather than in temporary files: the GIN key index of a million records.
      await client.query("SET maintenance_work_mem = '256MB'");
      for (const index of deferred) await client.query(index.definition);
    } finally {
      await client.query('RESET maintenance_work_mem').catch(() => undefined);
      client.release();
    }
  }
}
