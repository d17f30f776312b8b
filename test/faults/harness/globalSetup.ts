import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '../../../infra/base/db/migrate';
import { freePort } from '../../../infra/base/freePort';
import { bundleWorkflows } from '../../harness/stack';
import { initPostgres, makeStackDir, startPostgres, startRedis, startTemporal, writeStack, type PrivateStackState } from './privateStack';

/**
 * Boots the fault suite's private stack (its own PostgreSQL cluster, Redis and Temporal dev
 * server) and points this run's environment at it; the suites start the service's processes.
 */
export default async function globalSetup(): Promise<void> {
  const dir = makeStackDir();
  process.env.FAULT_STACK_FILE = path.join(dir, 'stack.json');
  const workflowBundlePath = path.join(dir, 'workflow-bundle.js');
  const temporalPort = await freePort();
  const redisPort = await freePort();
  const pg = await initPostgres(dir);
  const temporalFiles = { temporalPort, temporalDbFile: path.join(dir, 'temporal.db'), temporalLogFile: path.join(dir, 'temporal.log') };
  const [temporalPid, redisPid] = await Promise.all([
    startTemporal(temporalFiles),
    startRedis(redisPort, dir),
    startPostgres(pg).then(() => migrate(pg.databaseUrl)),
    bundleWorkflows(workflowBundlePath),
  ]);
  const state: PrivateStackState = {
    dir,
    ...pg,
    redisPort,
    redisUrl: `redis://127.0.0.1:${redisPort}/0`,
    redisPid,
    ...temporalFiles,
    temporalPid,
    workflowBundlePath,
  };
  writeStack(state);

  process.env.DATABASE_URL = state.databaseUrl;
  process.env.REDIS_URL = state.redisUrl;
  process.env.REDIS_KEY_PREFIX = 'faults:';
  process.env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  process.env.WORKFLOW_BUNDLE_PATH = workflowBundlePath;
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  process.env.WORKER_METRICS_PORT = '0';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
}
