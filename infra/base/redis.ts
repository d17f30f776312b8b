import Redis, { type RedisOptions } from 'ioredis';
import { config } from './config';

/**
 * Redis client for rate-limit windows and allowance counters. It fails fast rather than
 * queueing commands while disconnected, so callers can fail closed (429) at once.
 */
export function createRedis(overrides: RedisOptions = {}, url = config.redisUrl): Redis {
  return new Redis(url, {
    keyPrefix: config.redisKeyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
    ...overrides,
  });
}

/** createRedis, resolved once the first connection is ready (commands before that would be refused). */
export async function connectRedis(overrides: RedisOptions = {}, timeoutMs = 5000): Promise<Redis> {
  const redis = createRedis(overrides);
  if (redis.status === 'ready') return redis;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      redis.disconnect();
      reject(new Error(`Redis at ${config.redisUrl} not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
  return redis;
}
