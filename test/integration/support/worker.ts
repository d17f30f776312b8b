import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Pool } from 'pg';
import { createActivities, createDeliveryWorkerActivities } from '../../../activities';
import { deliveryTaskQueue, deliveryWorkerSlots } from '../../../activities/webhooks';
import { createLogger } from '../../../infra/base/log';
import { createMatcherClient } from '../../../matcher/client';

export interface TestWorker {
  taskQueue: string;
  /** Where the delivery workflows run (`deliveryTaskQueue` of `taskQueue`), polled by a second worker as in `infra/worker.ts`. */
  deliveryQueue: string;
  /** A client on the run's Temporal dev server (the same one the worker polls). */
  client: Client;
  /** Stops polling, lets in-flight tasks finish, closes connections. */
  stop(): Promise<void>;
}

/**
 * The worker as `infra/worker.ts` assembles it (every workflow, every activity on `taskQueue`,
 * and the delivery worker on its delivery queue), in this process, against the run's Temporal dev server and the bundle built once by
 * the harness. Pair it with `startInProcessGateway({ taskQueue })` so the gateway's workflows land here.
 */
export async function startTestWorker(options: {
  pool: Pool;
  matcherUrl: string;
  taskQueue: string;
  env?: NodeJS.ProcessEnv;
  stagingDir?: string;
}): Promise<TestWorker> {
  const address = process.env.TEMPORAL_ADDRESS as string;
  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection });
  const matcher = createMatcherClient(options.matcherUrl);
  const connection = await NativeConnection.connect({ address });
  const logger = createLogger('worker-test', 'silent');
  const workflowBundle = { codePath: process.env.WORKFLOW_BUNDLE_PATH as string };
  const worker = await Worker.create({
    connection,
    taskQueue: options.taskQueue,
    workflowBundle,
    activities: createActivities({
      pool: options.pool,
      logger,
      matcher,
      temporal: client,
      env: options.env,
      stagingDir: options.stagingDir,
    }),
    maxCachedWorkflows: 100,
    maxConcurrentActivityTaskExecutions: 8,
    shutdownGraceTime: '2s',
  });
  const deliveryQueue = deliveryTaskQueue(options.taskQueue, options.env);
  const deliveryWorker = await Worker.create({
    connection,
    taskQueue: deliveryQueue,
    workflowBundle,
    activities: createDeliveryWorkerActivities({ pool: options.pool, logger, temporal: client, env: options.env }),
    maxCachedWorkflows: 100,
    maxConcurrentActivityTaskExecutions: deliveryWorkerSlots(options.env ?? process.env),
    shutdownGraceTime: '2s',
  });
  const running = Promise.all([worker.run(), deliveryWorker.run()]);
  return {
    taskQueue: options.taskQueue,
    deliveryQueue,
    client,
    async stop() {
      for (const w of [worker, deliveryWorker]) if (w.getState() === 'RUNNING') w.shutdown();
      await running;
      await connection.close();
      await clientConnection.close();
      matcher.close();
    },
  };
}
