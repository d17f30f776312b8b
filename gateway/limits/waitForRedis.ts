import type Redis from 'ioredis';

/** Command timeout of the gateway's Redis client (rate-limit windows). */
export const RATE_COUNTER_TIMEOUT_MS = 3000;

/**
 * Resolves once the client is connected, or after `timeoutMs` either way: a gateway that
 * starts while Redis is down still starts, and refuses with 429 until Redis answers.
 */
export function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
