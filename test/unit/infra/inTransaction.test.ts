import { Pool } from 'pg';
import { freePort } from '../../../infra/base/freePort';
import { inTransaction } from '../../../infra/base/db/transaction';

/**
 * The one transaction helper, when the pool gives no connection: the caller's `noConnection`
 * turns the failure into its own error (the gateway's 503), and the work never runs. Nothing
 * listens on the port: the connection is refused at once.
 */
let pool: Pool;

beforeAll(async () => {
  pool = new Pool({ host: '127.0.0.1', port: await freePort(), user: 'nobody', database: 'none', connectionTimeoutMillis: 2_000 });
});
afterAll(async () => {
  await pool.end();
});

describe('inTransaction without a connection', () => {
  it("throws the pool's own error when the caller names none, without running the work", async () => {
    let ran = false;
    await expect(inTransaction(pool, async () => void (ran = true))).rejects.toThrow(/ECONNREFUSED|connect/);
    expect(ran).toBe(false);
  });

  it("throws the caller's error in its place, given the pool's", async () => {
    const seen: unknown[] = [];
    const noConnection = (err: unknown) => (seen.push(err), new Error('the database is busy or unreachable'));
    await expect(inTransaction(pool, async () => 1, { noConnection })).rejects.toThrow('the database is busy or unreachable');
    expect(seen).toHaveLength(1);
    expect(String(seen[0])).toMatch(/ECONNREFUSED|connect/);
  });
});
