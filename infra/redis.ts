import Redis, { type RedisOptions } from 'ioredis';
import { config } from './config';

/**
 * Redis client for rate-limit windows and allowance counters. It fails fast rather than
 * queueing commands while disconnected, so callers can fail closed (429) at once.
 */
export function createRedis(overrides: RedisOptions = {}): Redis {
  return new Redis(config.redisUrl, {
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
