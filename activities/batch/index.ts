/** Batch screening's public entry: the job and item store shared by POST/GET /batch and the batch activities. */
export {
  attachReservation,
  completeJob,
  insertItems,
  insertJob,
  jobExistsForKey,
  loadPendingItems,
  pendingRanges,
  readJob,
  saveChunkResults,
  saveRefusedItems,
  startJob,
  storedResults,
  type BatchItemResult,
  type BatchJobRef,
  type BatchJobView,
  type BatchState,
  type BatchSummary,
  type ItemError,
  type SubmittedJob,
} from './jobs';
export { idempotencyKeyHash, startBatchWorkflow } from './start';
