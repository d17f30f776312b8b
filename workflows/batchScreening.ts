import { patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { BatchScreeningActivities } from '../activities/batch/activities';
import type { WebhookDeliveryActivities } from '../activities/webhooks/activities';
import type { BatchScreeningInput, BatchScreeningResult, Workflows } from './contracts';

/**
 * Items per screening activity. The activity screens them in matcher calls of at most
 * BATCH_MATCHER_CALL_ITEMS (activities/batch/activities.ts), committing each call's results
 * while the next call screens. Every activity costs an activity task and a workflow task on the
 * Temporal server and the worker, tens of milliseconds of CPU: 1,000 makes a batch of 2,000 two
 * activities instead of five, and two at once still keep both matcher replicas busy for a
 * batch on its own.
 */
export const BATCH_CHUNK_SIZE = 1000;
/** Chunks screened at once per batch, so one batch cannot take every activity slot of a worker. */
export const BATCH_CHUNK_CONCURRENCY = 2;
/** What a run started before 'batch-wide-chunks' screens in, so it replays the activities it scheduled. */
const NARROW_CHUNKS = { size: 400, concurrency: 4 };

const retry = { initialInterval: '1 second', maximumInterval: '30 seconds' };
const { startBatch, completeBatch } = proxyActivities<BatchScreeningActivities>({ startToCloseTimeout: '1 minute', retry });
const { emitWebhookEvents } = proxyActivities<WebhookDeliveryActivities>({ startToCloseTimeout: '1 minute' });
/**
 * The same three as local activities: each is short and repeatable (the job's statements change
 * nothing when run again after a lost worker; deliveries are recorded once per event key), so
 * each runs in the workflow task that needs it, without an activity task and another workflow
 * task on the Temporal server.
 */
const localJob = proxyLocalActivities<BatchScreeningActivities>({ startToCloseTimeout: '1 minute', retry });
const local = {
  startBatch: localJob.startBatch,
  completeBatch: localJob.completeBatch,
  emitWebhookEvents: proxyLocalActivities<WebhookDeliveryActivities>({ startToCloseTimeout: '1 minute' }).emitWebhookEvents,
};
// A lost worker is noticed by the missing heartbeat within seconds, and the chunk runs again.
const { screenBatchChunk } = proxyActivities<BatchScreeningActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry,
});

/**
 * One batch job (workflow id `batch/{orgId}/{keyHash}`): queued → processing, chunks screened
 * by activities with bounded concurrency, → completed, then `batch_completed` to the
 * organization's endpoints (all but the chunks as local activities). Items and results stay in PostgreSQL; only ids and ranges pass here.
 */
export const batchScreening = async function batchScreening(input: BatchScreeningInput): Promise<BatchScreeningResult> {
  // Runs started before these became local activities replay with activity tasks.
  const jobStatements = patched('batch-job-local-activities') ? local : { startBatch, completeBatch, emitWebhookEvents };
  const chunks = patched('batch-wide-chunks') ? { size: BATCH_CHUNK_SIZE, concurrency: BATCH_CHUNK_CONCURRENCY } : NARROW_CHUNKS;
  const { job, ranges } = await jobStatements.startBatch({ jobId: input.jobId, chunkSize: chunks.size });
  const queue = [...ranges];
  const worker = async (): Promise<void> => {
    for (let range = queue.shift(); range; range = queue.shift()) {
      await screenBatchChunk({ job, from: range[0], to: range[1] });
    }
  };
  await Promise.all(Array.from({ length: Math.min(chunks.concurrency, queue.length) }, worker));
  const summary = await jobStatements.completeBatch({ jobId: input.jobId });
  await jobStatements.emitWebhookEvents({
    events: [{ orgId: input.orgId, type: 'batch_completed', eventKey: `batch:${input.jobId}`, data: { ...summary } }],
  });
  return { completedItems: summary.completedItems, failedItems: summary.failedItems };
} satisfies Workflows['batchScreening'];
