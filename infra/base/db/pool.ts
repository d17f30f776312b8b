import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { config } from '../config';
import { createLogger } from '../log';

const log = createLogger('db');

/** Default wait for a pooled connection before `connect()` fails (DATABASE_CONNECT_TIMEOUT_MS). */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a caller waits for a connection (from the pool, or a new one to the server) before
 * it fails instead of queueing forever behind an exhausted pool or an unreachable server.
 */
function connectTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_CONNECT_TIMEOUT_MS;
  if (raw === undefined || raw === '') return DEFAULT_CONNECT_TIMEOUT_MS;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`DATABASE_CONNECT_TIMEOUT_MS must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * A PostgreSQL pool. A pooled connection that the server ends (a restart, a failover, an
 * administrator) is logged, and dropped from the pool: at once when idle, on release when a
 * caller holds it (its next statement fails). Without a listener on both, pg would raise the
 * loss as an unhandled error and stop the process, a worker mid-batch among them. A caller
 * waits at most `connectTimeoutMs()` for a connection, so a request cannot hang on an exhausted pool.
 */
export function createPool(overrides: PoolConfig = {}): Pool {
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10, connectionTimeoutMillis: connectTimeoutMs(), ...overrides });
  pool.on('error', (err) => log.warn({ err: err.message }, 'idle database connection lost'));
  pool.on('connect', (client) => client.on('error', (err) => heldConnectionLost(client, err)));
  return pool;
}

/** The pool's own listener, attached only while the connection is idle, reports a loss then; this one, while a caller holds it. */
function heldConnectionLost(client: PoolClient, err: Error): void {
  if (client.listenerCount('error') === 1) log.warn({ err: err.message }, 'database connection lost while in use');
}
