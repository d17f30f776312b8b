import { createHash } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { TypedSearchAttributes, WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { JobId, OrgId } from '../../infra/base/temporal/searchAttributes';
import { batchWorkflowId } from '../../workflows/contracts';
import { startWorkflow } from '../starters';

/** The Idempotency-Key's part of the workflow id: the key may hold anything; its hash is safe in an id. */
export function idempotencyKeyHash(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

/**
 * Starts the job's workflow, or finds it: concurrent or repeated submissions of one key share
 * one workflow id, so at most one runs (USE_EXISTING). A run that failed, was terminated,
 * cancelled or timed out may be started again, so a resubmission revives a stuck job; a
 * completed one is never started again (Temporal answers "already started", taken as done).
 */
export async function startBatchWorkflow(
  client: Client,
  taskQueue: string,
  job: { jobId: string; orgId: string; idempotencyKey: string; totalItems: number },
): Promise<void> {
  await startWorkflow(client, 'batchScreening', {
    workflowId: batchWorkflowId(job.orgId, idempotencyKeyHash(job.idempotencyKey)),
    taskQueue,
    args: [{ jobId: job.jobId, orgId: job.orgId }],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
    typedSearchAttributes: new TypedSearchAttributes([
      { key: OrgId, value: job.orgId },
      { key: JobId, value: job.jobId },
    ]),
    staticSummary: `batch ${job.jobId}: ${job.totalItems} items`,
  });
}
