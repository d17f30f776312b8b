import { positiveFromEnv } from './policy';

/**
 * What keeps one organization's webhooks from starving other work, read from the environment:
 *
 *   WEBHOOK_TASK_QUEUE              the delivery workflows' task queue (default `<service queue>-webhooks`)
 *   WEBHOOK_WORKER_SLOTS            delivery attempts one worker runs at once (default 16)
 *   WEBHOOK_DB_POOL_SIZE            database connections of the delivery worker's own pool (default 4)
 *   WEBHOOK_ORG_CONCURRENCY         attempts of one organization in flight at once, all workers together (default 4)
 *   WEBHOOK_ORG_BUSY_RETRY_MS       shortest wait of an attempt refused by that cap (default 1000; the longest is 5 minutes)
 *   WEBHOOK_MAX_ENDPOINTS_PER_ORG   endpoints one organization may register (default 10)
 *   WEBHOOK_REPLAYS_PER_MINUTE      replays one organization may ask for per minute (default 10)
 *   WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES  failed deliveries in a row that disable an endpoint (default 20)
 *   WEBHOOK_DISABLE_AFTER_FAILING_MS         or failing without a success for this long (default 3 days)
 */
/** A count from the environment: a positive number, rounded down (as WEBHOOK_MAX_ATTEMPTS is read). */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return Math.max(1, Math.floor(positiveFromEnv(env, name, fallback)));
}

/** Deliveries run apart from batches and fan-outs; a test's own service queue gets its own delivery queue. */
export function deliveryTaskQueue(serviceTaskQueue: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.WEBHOOK_TASK_QUEUE || `${serviceTaskQueue}-webhooks`;
}

export const deliveryWorkerSlots = (env: NodeJS.ProcessEnv = process.env): number => positiveInt(env, 'WEBHOOK_WORKER_SLOTS', 16);
/**
 * The delivery worker's pool, apart from the service's: an attempt holds a connection only for its
 * short claim, renewal and log writes, so a few serve every slot, and however many attempts wait,
 * batches and fan-outs never wait behind them for a connection.
 */
export const deliveryPoolSize = (env: NodeJS.ProcessEnv = process.env): number => positiveInt(env, 'WEBHOOK_DB_POOL_SIZE', 4);
export const orgAttemptCap = (env: NodeJS.ProcessEnv = process.env): number => positiveInt(env, 'WEBHOOK_ORG_CONCURRENCY', 4);
export const orgBusyRetryMs = (env: NodeJS.ProcessEnv = process.env): number => positiveInt(env, 'WEBHOOK_ORG_BUSY_RETRY_MS', 1000);
export const ORG_BUSY_MAX_RETRY_MS = 5 * 60_000;
export const endpointCap = (env: NodeJS.ProcessEnv = process.env): number => positiveInt(env, 'WEBHOOK_MAX_ENDPOINTS_PER_ORG', 10);
export const replaysPerMinute = (env: NodeJS.ProcessEnv = process.env): number => positiveInt(env, 'WEBHOOK_REPLAYS_PER_MINUTE', 10);

export interface DisablePolicy {
  failedDeliveries: number;
  failingMs: number;
}

export const disablePolicy = (env: NodeJS.ProcessEnv = process.env): DisablePolicy => ({
  failedDeliveries: positiveInt(env, 'WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES', 20),
  failingMs: positiveInt(env, 'WEBHOOK_DISABLE_AFTER_FAILING_MS', 3 * 24 * 3600_000),
});
