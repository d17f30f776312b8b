import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import type { Pool } from 'pg';
import { listVersionWorkflowId, type PublishedVersion } from '../../workflows/contracts';
import { listVersionFanOut } from '../../workflows/listVersionFanOut';

/**
 * Starts the version's fan-out, or finds it running. The ingestion workflow and `screenctl lists
 * ingest` start it here, the monitoring catch-up as its child, all under the same id, so a
 * version is fanned out once even when two of them see it at the same time. Returns the workflow id.
 */
export async function startListVersionFanOut(client: Client, taskQueue: string, v: PublishedVersion): Promise<string> {
  const workflowId = listVersionWorkflowId(v);
  try {
    await client.workflow.start(listVersionFanOut, {
      workflowId,
      taskQueue,
      args: [{ versionId: v.versionId }],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      // A run that ended without marking the version fanned out (terminated by an operator) may run
      // again; one started again after a run completed finds the version fanned out and does nothing.
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      staticSummary: `fan-out of ${v.sourceKey} version ${v.versionId}`,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  return workflowId;
}

/**
 * Published versions no fan-out has applied to the monitored records yet
 * (`list_versions.monitoring_applied_at`), in the order they were published, each with its
 * fan-out's workflow id: published outside an ingestion workflow while Temporal was out of reach
 * (`screenctl lists ingest`, the demo seed), or left by a fan-out that was terminated.
 */
export async function versionsAwaitingFanOut(pool: Pool): Promise<Array<PublishedVersion & { workflowId: string }>> {
  const { rows } = await pool.query<{ source_key: string; id: string }>(
    `SELECT source_key, id FROM list_versions
      WHERE published_at IS NOT NULL AND monitoring_applied_at IS NULL ORDER BY published_at, seq`,
  );
  return rows.map((r) => {
    const v = { sourceKey: r.source_key, versionId: r.id };
    return { ...v, workflowId: listVersionWorkflowId(v) };
  });
}
