import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import type { Pool } from 'pg';
import { listVersionWorkflowId, type PublishedVersion } from '../../workflows/contracts';
import { startWorkflow } from '../starters';
import { markVersionFannedOut, versionsNotFannedOut } from '../lists';

/**
 * Starts the version's fan-out, or finds it running. The ingestion workflow and `screenctl lists
 * ingest` start it here, the monitoring catch-up as its child, all under the same id, so a
 * version is fanned out once even when two of them see it at the same time. Returns the workflow id.
 */
export async function startListVersionFanOut(client: Client, taskQueue: string, v: PublishedVersion): Promise<string> {
  const workflowId = listVersionWorkflowId(v);
  await startWorkflow(client, 'listVersionFanOut', {
    workflowId,
    taskQueue,
    args: [{ versionId: v.versionId }],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    // A run that ended without marking the version fanned out (terminated by an operator) may run
    // again; one started again after a run completed finds the version fanned out and does nothing.
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    staticSummary: `fan-out of ${v.sourceKey} version ${v.versionId}`,
  });
  return workflowId;
}

/**
 * Published versions no fan-out has applied to the monitored records yet
 * (activities/lists `versionsNotFannedOut`), in the order they were published, each with its
 * fan-out's workflow id: published outside an ingestion workflow while Temporal was out of reach
 * (`screenctl lists ingest`, the demo seed), or left by a fan-out that was terminated.
 */
export async function versionsAwaitingFanOut(pool: Pool): Promise<Array<PublishedVersion & { workflowId: string }>> {
  return (await versionsNotFannedOut(pool)).map((v) => ({ ...v, workflowId: listVersionWorkflowId(v) }));
}

/** The version's fan-out is done: the monitored records stand on it (a later fan-out may then work out its key groups exactly). */
export async function markFannedOut(pool: Pool, versionId: string): Promise<void> {
  await markVersionFannedOut(pool, versionId);
}
