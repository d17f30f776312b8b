import { Client, Connection } from '@temporalio/client';
import type { Pool } from 'pg';
import { config } from '../infra/base/config';
import { createLogger, type Logger } from '../infra/base/log';
import { createPool } from '../infra/base/db/pool';
import { createRedis } from '../infra/base/redis';
import { temporalConnectionOptions } from '../infra/base/temporal/connection';
import { createMatcherClient } from '../matcher/client';
import { buildCoverageView } from '../activities/lists/coverage';
import type { GatewayDeps } from './context';
import { UsageGroupCommit } from './billing/usageGroupCommit';
import { createTemporalProbe } from './temporalReadiness';
import { RATE_COUNTER_TIMEOUT_MS, waitForRedis } from './limits/waitForRedis';

export interface GatewayWiringOptions {
  logger?: Logger;
  poolMax?: number;
  /** Another database than DATABASE_URL (tests: a database of their own with lists in it). */
  databaseUrl?: string;
  /** A separate Redis namespace (tests: each gateway's windows start empty). */
  redisKeyPrefix?: string;
  matcherUrl?: string;
  /** The task queue workflows are started on (tests: one per gateway, served by that test's worker). */
  taskQueue?: string;
  buildCoverageView?: GatewayDeps['buildCoverageView'];
  publicLimits?: GatewayDeps['publicLimits'];
  metricsToken?: string;
  /** Another Redis than REDIS_URL (tests: one that is not there). */
  redisUrl?: string;
  trustedProxyHops?: number;
  /** Where the webhook settings are read (tests: a configuration of their own); process.env by default. */
  env?: NodeJS.ProcessEnv;
}

export interface GatewayWiring {
  deps: GatewayDeps;
  /** Drains the usage group commit, then closes every connection it opened. */
  close(): Promise<void>;
}

/**
 * The one place the gateway's dependencies are built: PostgreSQL, Redis (rate-limit windows),
 * the matcher client, the Temporal client (lazy: the gateway starts while Temporal is down) and
 * its readiness probe. `gateway/main.ts` and the integration tests both call it.
 */
export async function wireGateway(options: GatewayWiringOptions = {}): Promise<GatewayWiring> {
  const logger = options.logger ?? createLogger('gateway');
  const pool: Pool = createPool({ max: options.poolMax ?? 20, ...(options.databaseUrl ? { connectionString: options.databaseUrl } : {}) });
  // A dead Redis is refused at once (no offline queue); the longer command timeout only keeps
  // a briefly busy machine from turning slow replies into 429s.
  const redis = createRedis(
    { commandTimeout: RATE_COUNTER_TIMEOUT_MS, ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}) },
    options.redisUrl,
  );
  redis.on('error', (err: Error) => logger.debug({ err: err.message }, 'redis connection error'));
  if (!(await waitForRedis(redis, 5000))) logger.warn('redis not reachable yet: requests are refused with 429 until it is');
  const matcher = createMatcherClient(options.matcherUrl ?? config.matcherUrl);
  const probe = createTemporalProbe(config.temporalAddress);
  const connection = Connection.lazy(temporalConnectionOptions());
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  const usage = new UsageGroupCommit(pool);
  const deps: GatewayDeps = {
    pool,
    usage,
    redis,
    matcher,
    temporal,
    taskQueue: options.taskQueue ?? config.taskQueue,
    logger,
    buildCoverageView: options.buildCoverageView ?? buildCoverageView,
    temporalReady: () => probe.ready(),
    metricsToken: options.metricsToken ?? config.metricsToken,
    trustedProxyHops: options.trustedProxyHops ?? config.trustedProxyHops,
    ...(options.publicLimits ? { publicLimits: options.publicLimits } : {}),
    ...(options.env ? { env: options.env } : {}),
  };
  return {
    deps,
    async close() {
      await usage.drain();
      matcher.close();
      await Promise.allSettled([pool.end(), probe.close(), connection.close()]);
      redis.disconnect();
    },
  };
}
