import { notImplemented } from '../errors';
import type { Handler } from './handler';

/**
 * POST /batch and GET /batch/{jobId}. Authentication, limits, the read-only guard, the
 * allowance and validation (items 1..2000, required Idempotency-Key) have run before these;
 * the asynchronous processing lands with the batch workflow. Nothing is written or metered.
 */
export const submitBatch: Handler = async () => {
  throw notImplemented('Batch screening');
};

export const getBatch: Handler = async () => {
  throw notImplemented('Batch screening');
};
