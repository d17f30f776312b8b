import type { Pool, PoolClient } from 'pg';

/** Runs `work` in a transaction on a connected client: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(client: PoolClient, work: (client: PoolClient) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const value = await work(client);
    await client.query('COMMIT');
    return value;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** `transaction` on a connection of the pool, released afterwards. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await transaction(client, work);
  } finally {
    client.release();
  }
}
