import type { Pool, PoolClient } from 'pg';
import { createPool } from '../../../infra/base/db/pool';

/**
 * A connection the database server ends while a caller holds it between two statements (a
 * restart or failover landing inside a transaction, the caller awaiting other work): pg raises
 * it as an 'error' event on the client, which without a listener stops the whole process (a
 * worker mid-batch, the gateway). The caller's next statement fails instead, the connection is
 * dropped when released, and the pool serves new connections.
 */
describe('a pooled connection the server ends while it is checked out', () => {
  let pool: Pool;
  let admin: Pool;

  beforeAll(() => {
    pool = createPool({ max: 2 });
    admin = createPool({ max: 1 });
  });

  afterAll(async () => {
    await pool.end();
    await admin.end();
  });

  async function terminateWhileHeld(): Promise<PoolClient> {
    const held = await pool.connect();
    const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise<void>((resolve) => held.once('end', () => resolve()));
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    await ended;
    return held;
  }

  it('does not stop the process: the next statement on it fails', async () => {
    const held = await terminateWhileHeld();
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release();
  });

  it('is dropped on release, and the pool serves again', async () => {
    const held = await terminateWhileHeld();
    held.release();
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });
});
