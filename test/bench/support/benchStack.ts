import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { Pool } from 'pg';
import { createActivities, createDeliveryWorkerActivities } from '../../../activities';
import { deliveryTaskQueue, deliveryWorkerSlots } from '../../../activities/webhooks';
import { createLogger } from '../../../infra/base/log';
import { createMatcherClient, type MatcherClient } from '../../../matcher/client';
import { migrate } from '../../../infra/base/db/migrate';
import { bootTestStack, teardownTestStack, type TestStack } from '../../harness/stack';
import { restoreEnrolledDatabase, saveEnrolledDatabase, type EnrolledWith } from './savedEnrollment';

/**
 * What the asynchronous benchmarks run on, booted like the test harness does: a throwaway
 * migrated database, a headless Temporal dev server, the workflow bundle built once; then a
 * worker assembled as infra/worker.ts assembles it (every workflow and activity, the same
 * slot settings, and the delivery worker on its own queue) in this process. Everything goes away with `close`.
 */
export interface BenchStack {
  stack: TestStack;
  pool: Pool;
  client: Client;
  startWorker(options: {
    taskQueue: string;
    matcherUrl: string;
    env?: NodeJS.ProcessEnv;
    /** The worker's service and delivery pools (infra/worker/pools.ts); default: the bench's `pool` for both. */
    pools?: { service: Pool; delivery: Pool };
  }): Promise<{ matcher: MatcherClient; stop(): Promise<void> }>;
  /** What the saved database the stack started from was enrolled with (`fromEnrolled`), else null. */
  enrolledWith: EnrolledWith | null;
  /** `saveAs`: the database is copied under that name (savedEnrollment.ts) once every connection of the run is closed. */
  close(options?: { saveAs?: { name: string; enrolledWith: EnrolledWith } }): Promise<void>;
}

/** `fromEnrolled`: the run's database is a copy of that saved enrolled database (savedEnrollment.ts), not an empty one. */
export async function startBenchStack(options: { fromEnrolled?: string } = {}): Promise<BenchStack> {
  // Temporal's own logs would drown the figures.
  Runtime.install({
    logger: {
      log: () => undefined,
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });
  const stack = await bootTestStack();
  const enrolledWith = options.fromEnrolled ? await restoreEnrolledDatabase(stack.databaseUrl, options.fromEnrolled) : null;
  // A database saved by an earlier release: the migrations since.
  if (enrolledWith) await migrate(stack.databaseUrl);
  const pool = new Pool({ connectionString: stack.databaseUrl, max: 20 });
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const client = new Client({ connection });
  const workers: Array<() => Promise<void>> = [];
  return {
    stack,
    pool,
    client,
    enrolledWith,
    async startWorker({ taskQueue, matcherUrl, env, pools }) {
      const matcher = createMatcherClient(matcherUrl);
      const native = await NativeConnection.connect({ address: stack.temporalAddress });
      const worker = await Worker.create({
        connection: native,
        taskQueue,
        workflowBundle: { codePath: stack.workflowBundlePath },
        activities: createActivities({
          pool: pools?.service ?? pool,
          logger: createLogger('bench-worker', 'silent'),
          matcher,
          temporal: client,
          env: env ?? process.env,
        }),
        // infra/worker.ts's settings: what one worker process does on two cores.
        maxCachedWorkflows: 500,
        maxConcurrentActivityTaskExecutions: 8,
        maxConcurrentWorkflowTaskExecutions: 20,
        shutdownGraceTime: '5s',
      });
      // WEBHOOK_TASK_QUEUE set to the service queue puts deliveries back among the other work (a comparison).
      const deliveryQueue = deliveryTaskQueue(taskQueue, env ?? process.env);
      const deliveryWorker =
        deliveryQueue === taskQueue
          ? null
          : await Worker.create({
              connection: native,
              taskQueue: deliveryQueue,
              workflowBundle: { codePath: stack.workflowBundlePath },
              activities: createDeliveryWorkerActivities({
                pool: pools?.delivery ?? pool,
                logger: createLogger('bench-worker', 'silent'),
                temporal: client,
                env: env ?? process.env,
              }),
              maxCachedWorkflows: 500,
              maxConcurrentActivityTaskExecutions: deliveryWorkerSlots(env ?? process.env),
              maxConcurrentWorkflowTaskExecutions: 10,
              shutdownGraceTime: '5s',
            });
      const running = Promise.all([worker.run(), deliveryWorker?.run()]);
      const stop = async (): Promise<void> => {
        for (const w of [worker, deliveryWorker]) if (w?.getState() === 'RUNNING') w.shutdown();
        await running;
        await native.close();
        matcher.close();
      };
      workers.push(stop);
      return { matcher, stop };
    },
    async close(closing = {}) {
      for (const stop of workers) await stop().catch(() => undefined);
      await connection.close();
      await pool.end();
      try {
        if (closing.saveAs) await saveEnrolledDatabase(stack.databaseUrl, closing.saveAs.name, closing.saveAs.enrolledWith);
      } finally {
        await teardownTestStack(stack);
      }
    },
  };
}
