import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { config, webhookSecretKeys } from './base/config';
import { createLogger } from './base/log';
import { temporalConnectionOptions } from './base/temporal/connection';
import { createMatcherClient } from '../matcher/client';
import { createActivities, createDeliveryWorkerActivities } from '../activities';
import { deliveryTaskQueue, deliveryWorkerSlots } from '../activities/webhooks';
import { syncSourceCatalog } from '../activities/lists';
import { ensureIngestionSchedules } from './schedules/ingestionSchedules';
import { ensureMonitoringCatchUpSchedule } from './schedules/monitoringCatchUpSchedule';
import { ensureRecordMonthSchedule } from './schedules/recordMonthSchedule';
import { ensureUnstartedDeliverySchedule } from './schedules/unstartedDeliverySchedule';
import { freePort } from './base/freePort';
import { createWorkerMetrics, serveWorkerMetrics } from './worker/metrics';
import { workflowsEntry } from './worker/workflowsEntry';
import { createWorkerPools } from './worker/pools';

/**
 * The Temporal worker process: every workflow and activity on the service's task queue, and a
 * second worker on the delivery queue with slots of its own, so slow webhook receivers cannot
 * hold the slots batches and fan-outs need, and a database pool of its own, so they cannot hold
 * the connections batches need either. Runtime handles SIGINT/SIGTERM: both workers stop
 * polling and drain in-flight tasks.
 */
const log = createLogger('worker');

async function main(): Promise<void> {
  // Required configuration is checked before anything starts: production refuses to run without the envelope keys.
  webhookSecretKeys();
  // The SDK's runtime metrics go to a loopback port of their own; WORKER_METRICS_PORT serves them with ours.
  const runtimeMetricsPort = await freePort();
  Runtime.install({
    shutdownSignals: ['SIGINT', 'SIGTERM'],
    telemetryOptions: {
      metrics: { prometheus: { bindAddress: `127.0.0.1:${runtimeMetricsPort}`, countersTotalSuffix: true, useSecondsForDurations: true } },
    },
  });
  const metrics = createWorkerMetrics();
  const { service: pool, delivery: deliveryPool } = createWorkerPools();
  const matcher = createMatcherClient(config.matcherUrl);
  const workflowBundle = process.env.WORKFLOW_BUNDLE_PATH
    ? { codePath: process.env.WORKFLOW_BUNDLE_PATH }
    : await bundleWorkflowCode({ workflowsPath: workflowsEntry(__dirname) });

  const clientConnection = await Connection.connect(temporalConnectionOptions());
  const client = new Client({ connection: clientConnection, namespace: config.temporalNamespace });
  const connection = await NativeConnection.connect(temporalConnectionOptions());
  const worker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    workflowBundle,
    activities: createActivities({ pool, logger: log, matcher, temporal: client, onFetch: metrics.listFetch }),
    interceptors: { activity: [metrics.activityInterceptor] },
    // Two cores: a bounded sticky cache and few activity slots keep the host responsive.
    maxCachedWorkflows: 500,
    maxConcurrentActivityTaskExecutions: 8,
    maxConcurrentWorkflowTaskExecutions: 20,
    shutdownGraceTime: '15s',
  });
  // The service queue's worker keeps the delivery workflow and activities too: series started on
  // the service queue (WEBHOOK_TASK_QUEUE set to it, which runs one worker for both) finish there.
  const deliveryQueue = deliveryTaskQueue(config.taskQueue);
  const deliveryWorker =
    deliveryQueue === config.taskQueue
      ? null
      : await Worker.create({
          connection,
          namespace: config.temporalNamespace,
          taskQueue: deliveryQueue,
          workflowBundle,
          activities: createDeliveryWorkerActivities({ pool: deliveryPool, logger: log, temporal: client }),
          interceptors: { activity: [metrics.activityInterceptor] },
          maxCachedWorkflows: 500,
          // An attempt holds no database connection while it waits on a receiver, so slots are cheap; its pool is its own (WEBHOOK_DB_POOL_SIZE).
          maxConcurrentActivityTaskExecutions: deliveryWorkerSlots(),
          maxConcurrentWorkflowTaskExecutions: 10,
          shutdownGraceTime: '15s',
        });

  // WORKER_SCHEDULES=off: a worker that must leave the namespace's schedules alone (a test's
  // extra worker shares them with other suites, and without LIST_ARTIFACT_* it would delete them).
  if (process.env.WORKER_SCHEDULES === 'off') log.info('schedule management off (WORKER_SCHEDULES=off)');
  else {
    // This worker's configuration (LIST_SOURCES_DISABLED, the artifact locations) is the
    // service's: a list switched since the last start is applied by the next monitoring catch-up.
    const switched = await syncSourceCatalog(pool);
    if (switched.length > 0) log.info({ switched }, 'lists switched on or off by this configuration');
    await ensureIngestionSchedules(client);
    await ensureRecordMonthSchedule(client);
    await ensureMonitoringCatchUpSchedule(client);
    await ensureUnstartedDeliverySchedule(client);
  }

  const metricsServer = await serveWorkerMetrics({
    registry: metrics.registry,
    host: config.workerMetricsHost,
    port: config.workerMetricsPort,
    token: config.metricsToken,
    runtimeMetricsUrl: `http://127.0.0.1:${runtimeMetricsPort}/metrics`,
  });
  log.info({ taskQueue: config.taskQueue, deliveryQueue, address: config.temporalAddress, metrics: metricsServer.url }, 'worker started');
  await Promise.all([worker.run(), deliveryWorker?.run()]);
  await metricsServer.close();
  await connection.close();
  await clientConnection.close();
  matcher.close();
  await pool.end();
  await deliveryPool.end();
  log.info('worker stopped');
}

main().catch((err) => {
  log.error({ err }, 'worker failed');
  process.exit(1);
});
