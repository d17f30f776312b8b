import { Pool, type PoolConfig } from 'pg';
import { config } from '../config';

export function createPool(overrides: PoolConfig = {}): Pool {
  return new Pool({ connectionString: config.databaseUrl, max: 10, ...overrides });
}
