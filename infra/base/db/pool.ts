import { Pool, type PoolConfig } from 'pg';
import { config } from '../config';
import { createLogger } from '../log';

const log = createLogger('db');

/**
 * A PostgreSQL pool. An idle pooled connection that the server ends (a restart, a failover,
 * an administrator) is logged and dropped from the pool; without a listener, pg would raise it
 * as an unhandled error and stop the process.
 */
export function createPool(overrides: PoolConfig = {}): Pool {
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10, ...overrides });
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  return pool;
}
