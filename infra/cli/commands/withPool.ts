import type { Pool } from 'pg';

/** Runs one operator command with its own pool and always closes it. */
export async function withPool(createPool: () => Pool, run: (pool: Pool) => Promise<void>): Promise<void> {
  const pool = createPool();
  try {
    await run(pool);
  } finally {
    await pool.end();
  }
}
