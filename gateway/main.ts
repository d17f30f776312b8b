import http from 'node:http';
import { config } from '../infra/config';
import { createLogger } from '../infra/log';
import { createPool } from '../infra/db/pool';
import { createRedis } from '../infra/redis';
import { createMatcherClient } from '../matcher/client';
import { buildCoverageReport } from '../matcher/versions/coverage';
import { createApp } from './app';
import { UsageGroupCommit } from './billing/usageGroupCommit';
import { createTemporalProbe } from './temporalReadiness';
import { RATE_COUNTER_TIMEOUT_MS, waitForRedis } from './limits/waitForRedis';

/** Gateway process: serves the v1 API on GATEWAY_HOST:GATEWAY_PORT; SIGTERM/SIGINT drain and exit. */
async function main(): Promise<void> {
  const logger = createLogger('gateway');
  const pool = createPool({ max: 20 });
  // A dead Redis is refused at once (no offline queue); the longer command timeout only keeps
  // a briefly busy machine from turning slow replies into 429s.
  const redis = createRedis({ commandTimeout: RATE_COUNTER_TIMEOUT_MS });
  redis.on('error', (err: Error) => logger.debug({ err: err.message }, 'redis connection error'));
  if (!(await waitForRedis(redis, 5000))) logger.warn('redis not reachable yet: requests are refused with 429 until it is');
  const matcher = createMatcherClient(config.matcherUrl);
  const temporal = createTemporalProbe(config.temporalAddress);
  const usage = new UsageGroupCommit(pool);
  const app = createApp({
    pool,
    usage,
    redis,
    matcher,
    logger,
    buildCoverageReport,
    temporalReady: () => temporal.ready(),
  });

  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.gatewayPort, config.gatewayHost, () => resolve());
  });
  logger.info({ host: config.gatewayHost, port: config.gatewayPort }, 'gateway listening');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await closed;
    clearTimeout(force);
    await usage.drain();
    matcher.close();
    await Promise.allSettled([pool.end(), temporal.close()]);
    redis.disconnect();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`gateway failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
