import { retryWaitMs, type DeliveryPolicy } from '../../workflows/contracts';

export type { DeliveryPolicy };

/** A positive number from the environment, or the fallback when unset; anything else is refused at start. */
export function positiveFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export function deliveryPolicy(env: NodeJS.ProcessEnv = process.env): DeliveryPolicy {
  return {
    timeoutMs: positiveFromEnv(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    initialIntervalMs: positiveFromEnv(env, 'WEBHOOK_RETRY_INITIAL_MS', 30_000),
    backoffCoefficient: Math.max(1, positiveFromEnv(env, 'WEBHOOK_RETRY_COEFFICIENT', 2)),
    maximumIntervalMs: positiveFromEnv(env, 'WEBHOOK_RETRY_MAX_INTERVAL_MS', 6 * 3600_000),
    maximumAttempts: Math.floor(positiveFromEnv(env, 'WEBHOOK_MAX_ATTEMPTS', 12)),
  };
}

/** The waits between attempts the policy gives, in ms: what docs/webhooks.md's schedule shows. */
export function retrySchedule(policy: DeliveryPolicy): number[] {
  return Array.from({ length: policy.maximumAttempts - 1 }, (_, i) => retryWaitMs(policy, i + 1));
}

/** `WEBHOOK_ALLOW_LOOPBACK=true` lets endpoints on 127.0.0.0/8 and ::1 through (local development and tests only). */
export function allowLoopback(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WEBHOOK_ALLOW_LOOPBACK === 'true';
}
