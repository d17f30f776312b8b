import { positiveFromEnv } from './policy';

/**
 * What keeps one organization's webhooks from starving other work: the delivery queue, worker
 * slots and pool, the per-organization cap, endpoint and replay limits and the disabling
 * thresholds, read from the WEBHOOK_* variables (meanings and defaults in docs/configuration.md).
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
