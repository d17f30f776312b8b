import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import path from 'node:path';
import { config } from './base/config';
import { createLogger } from './base/log';
import { createPool } from './base/db/pool';
import { createListActivities } from '../activities/listIngestion';
import { ensureIngestionSchedules } from './schedules/ingestionSchedules';
import { temporalConnectionOptions } from './base/temporal/connection';

/**
 * The Temporal worker process: registers every workflow and activity on one task queue.
 * Runtime handles SIGINT/SIGTERM: the worker stops polling and drains in-flight tasks.
 */
const log = createLogger('worker');

async function main(): Promise<void> {
  Runtime.install({ shutdownSignals: ['SIGINT', 'SIGTERM'] });
  const pool = createPool();
  const workflowBundle = process.env.WORKFLOW_BUNDLE_PATH
    ? { codePath: process.env.WORKFLOW_BUNDLE_PATH }
    : await bundleWorkflowCode({ workflowsPath: path.resolve(__dirname, '..', 'workflows', 'index.ts') });

  const connection = await NativeConnection.connect(temporalConnectionOptions());
  const worker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    workflowBundle,
    activities: createListActivities({ pool, logger: log }),
    // Two cores: a bounded sticky cache (200 workflows) and few activity slots keep the host responsive.
    maxCachedWorkflows: 200,
    maxConcurrentActivityTaskExecutions: 4,
    maxConcurrentWorkflowTaskExecutions: 20,
    shutdownGraceTime: '15s',
  });

  const clientConnection = await Connection.connect(temporalConnectionOptions());
  const client = new Client({ connection: clientConnection, namespace: config.temporalNamespace });
  await ensureIngestionSchedules(client);
  await clientConnection.close();

  log.info({ taskQueue: config.taskQueue, address: config.temporalAddress }, 'worker started');
  await worker.run();
  await connection.close();
  await pool.end();
  log.info('worker stopped');
}

main().catch((err) => {
  log.error({ err }, 'worker failed');
  process.exit(1);
});
