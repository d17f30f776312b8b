import { startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';
import { createListsDatabase, type ListsDatabase } from '../lists/support';
import { startTestWorker, type TestWorker } from '../support/worker';
import { leieArtifactPath } from '../support/ingestion';

/** A database of its own, a gateway with its matcher, and a worker whose LEIE artifact the test rewrites per version. */
export interface LeieMonitoringStack {
  db: ListsDatabase;
  gw: InProcessGateway;
  worker: TestWorker;
  artifact: string;
  /**
   * The worker's configuration (this stack's own copy of the environment): a test switches a list
   * here, as an operator changes the worker's settings, and passes it to what it runs as the worker.
   */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startLeieMonitoringStack(options: { candidateLimit?: number } = {}): Promise<LeieMonitoringStack> {
  const db = await createListsDatabase();
  const gw = await startInProcessGateway({ databaseUrl: db.url, candidateLimit: options.candidateLimit });
  const artifact = leieArtifactPath();
  const env: NodeJS.ProcessEnv = { ...process.env, LIST_ARTIFACT_OIG_LEIE: artifact };
  const worker = await startTestWorker({ pool: gw.pool, matcherUrl: gw.matcherServer!.url, taskQueue: gw.deps.taskQueue, env });
  return {
    db,
    gw,
    worker,
    artifact,
    env,
    async close() {
      await worker.stop();
      await gw.close();
      await db.drop();
    },
  };
}
