import { createHash } from 'node:crypto';

/** The batchScreening workflow's input: ids only; items stay in PostgreSQL. */
export interface BatchScreeningInput {
  jobId: string;
  orgId: string;
}

/** `batch/{orgId}/{hash of the Idempotency-Key}`: the key may hold anything; its hash is safe in an id. */
export function batchWorkflowId(orgId: string, idempotencyKey: string): string {
  return `batch/${orgId}/${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
}
