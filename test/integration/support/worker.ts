import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Pool } from 'pg';
import { createActivities } from '../../../activities';
import { createLogger } from '../../../infra/base/log';
import { createMatcherClient } from '../../../matcher/client';

export interface TestWorker {
  taskQueue: string;
  /** A client on the run's Temporal dev server (the same one the worker polls). */
  client: Client;
  /** Stops polling, lets in-flight tasks finish, closes connections. */
  stop(): Promise<void>;
}

/**
 * The worker as `infra/worker.ts` assembles it (every workflow, every activity), in this
 * process, on `taskQueue`, against the run's Temporal dev server and the bundle built once by
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
  const worker = await Worker.create({
    connection,
    taskQueue: options.taskQueue,
    workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH as string },
    activities: createActivities({
      pool: options.pool,
      logger: createLogger('worker-test', 'silent'),
      matcher,
      temporal: client,
      env: options.env,
      stagingDir: options.stagingDir,
    }),
    maxCachedWorkflows: 100,
    maxConcurrentActivityTaskExecutions: 8,
    shutdownGraceTime: '2s',
  });
  const running = worker.run();
  return {
    taskQueue: options.taskQueue,
    client,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
      await clientConnection.close();
      matcher.close();
    },
  };
}
