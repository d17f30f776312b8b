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
  close(): Promise<void>;
}

export async function startLeieMonitoringStack(options: { candidateLimit?: number } = {}): Promise<LeieMonitoringStack> {
  const db = await createListsDatabase();
  const gw = await startInProcessGateway({ databaseUrl: db.url, candidateLimit: options.candidateLimit });
  const artifact = leieArtifactPath();
  const worker = await startTestWorker({
    pool: gw.pool,
    matcherUrl: gw.matcherServer!.url,
    taskQueue: gw.deps.taskQueue,
    env: { ...process.env, LIST_ARTIFACT_OIG_LEIE: artifact },
  });
  return {
    db,
    gw,
    worker,
    artifact,
    async close() {
      await worker.stop();
      await gw.close();
      await db.drop();
    },
  };
}
