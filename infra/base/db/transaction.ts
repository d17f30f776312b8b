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

export interface InTransactionOptions {
  /**
   * The error thrown when the pool gives no connection (busy or unreachable database), in place of
   * the pool's own: a caller that answers a client turns it into a reply of its own.
   */
  noConnection?: (err: unknown) => Error;
}

/** `transaction` on a connection of the pool, released afterwards. */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  options: InTransactionOptions = {},
): Promise<T> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw options.noConnection ? options.noConnection(err) : err;
  }
  try {
    return await transaction(client, work);
  } finally {
    client.release();
  }
}
