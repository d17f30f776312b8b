import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { emitWebhookEvents, type DeliveryRef } from '../../../activities/webhooks';
import type { TestWorker } from './worker';

/**
 * Emits the `batch_completed` event of a new job, of `items` items of which `potentialMatches`
 * are potential matches, through the real emission under `env`'s delivery settings: a delivery
 * to each of the organization's endpoints that subscribe to it.
 */
export function emitBatchCompleted(
  pool: Pool,
  worker: Pick<TestWorker, 'client' | 'taskQueue'>,
  orgId: string,
  env: NodeJS.ProcessEnv,
  { items = 1, potentialMatches = 0 }: { items?: number; potentialMatches?: number } = {},
): Promise<DeliveryRef[]> {
  const jobId = randomUUID();
  const data = {
    jobId,
    totalItems: items,
    completedItems: items,
    failedItems: 0,
    potentialMatchItems: potentialMatches,
    completedAt: new Date().toISOString(),
  };
  return emitWebhookEvents(
    pool,
    worker.client,
    worker.taskQueue,
    [{ orgId, type: 'batch_completed', eventKey: `batch:${jobId}`, data }],
    env,
  );
}
