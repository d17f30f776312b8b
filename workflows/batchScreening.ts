import { proxyActivities } from '@temporalio/workflow';
import type { BatchScreeningActivities } from '../activities/batch/activities';
import type { WebhookDeliveryActivities } from '../activities/webhooks/activities';
import type { BatchScreeningInput, BatchScreeningResult, Workflows } from './contracts';

/**
 * Items per screening activity (one matchMany call, one commit). Every chunk costs an activity
 * and a workflow task on the Temporal server and the worker, tens of milliseconds of CPU: 250
 * keeps that to a few percent of the screening, and a batch of 2,000 is still two waves of
 * BATCH_CHUNK_CONCURRENCY chunks.
 */
export const BATCH_CHUNK_SIZE = 250;
/** Chunks screened at once per batch, so one batch cannot take every activity slot of a worker. */
export const BATCH_CHUNK_CONCURRENCY = 4;

const { startBatch, completeBatch } = proxyActivities<BatchScreeningActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
// A lost worker is noticed by the missing heartbeat within seconds, and the chunk runs again.
const { screenBatchChunk } = proxyActivities<BatchScreeningActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
const { emitWebhookEvents } = proxyActivities<WebhookDeliveryActivities>({ startToCloseTimeout: '1 minute' });

/**
 * One batch job (workflow id `batch/{orgId}/{keyHash}`): queued → processing, chunks screened
 * by activities with bounded concurrency, → completed, then `batch_completed` to the
 * organization's endpoints. Items and results stay in PostgreSQL; only ids and ranges pass here.
 */
export const batchScreening = async function batchScreening(input: BatchScreeningInput): Promise<BatchScreeningResult> {
  const { job, ranges } = await startBatch({ jobId: input.jobId, chunkSize: BATCH_CHUNK_SIZE });
  const queue = [...ranges];
  const worker = async (): Promise<void> => {
    for (let range = queue.shift(); range; range = queue.shift()) {
      await screenBatchChunk({ job, from: range[0], to: range[1] });
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CHUNK_CONCURRENCY, queue.length) }, worker));
  const summary = await completeBatch({ jobId: input.jobId });
  await emitWebhookEvents({
    events: [{ orgId: input.orgId, type: 'batch_completed', eventKey: `batch:${input.jobId}`, data: { ...summary } }],
  });
  return { completedItems: summary.completedItems, failedItems: summary.failedItems };
} satisfies Workflows['batchScreening'];
