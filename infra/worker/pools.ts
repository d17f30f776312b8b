import type { Pool, PoolConfig } from 'pg';
import { deliveryPoolSize } from '../../activities/webhooks';
import { createPool } from '../base/db/pool';

/**
 * The worker's two database pools: the service's (batches, fan-outs, ingestion) and the delivery
 * worker's own, bounded by WEBHOOK_DB_POOL_SIZE, so that delivery attempts, however many wait on
 * slow receivers or on their organization's cap, never take a connection a batch chunk needs.
 */
export function createWorkerPools(overrides: PoolConfig = {}, env: NodeJS.ProcessEnv = process.env): { service: Pool; delivery: Pool } {
  return { service: createPool(overrides), delivery: createPool({ ...overrides, max: deliveryPoolSize(env) }) };
}
