import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import type { Pool } from 'pg';

/** A published list version whose fan-out (list_update, re-screen of the records it can affect) runs as a workflow of its own. */
export interface PublishedVersion {
  sourceKey: string;
  versionId: string;
}

/** The listVersionFanOut workflow of one version: one per version, whoever starts it. */
export const listVersionWorkflowId = (v: PublishedVersion): string => `list-version/${v.sourceKey}/${v.versionId}`;

/**
 * Starts the version's fan-out, or finds it running. The ingestion workflow, `screenctl lists
 * ingest` and the monitoring catch-up all start it under the same id, so a version is fanned out
 * once even when two of them see it at the same time. Returns the workflow id.
 */
export async function startListVersionFanOut(client: Client, taskQueue: string, v: PublishedVersion): Promise<string> {
  const workflowId = listVersionWorkflowId(v);
  try {
    await client.workflow.start('listVersionFanOut', {
      workflowId,
      taskQueue,
      args: [{ versionId: v.versionId }],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      // A run that ended without marking the version fanned out (terminated by an operator) may run again.
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
 * (`list_versions.monitoring_applied_at`), oldest first: published outside an ingestion
 * workflow (`screenctl lists ingest`, the demo seed) or left by a fan-out that was terminated.
 */
export async function versionsAwaitingFanOut(pool: Pool): Promise<PublishedVersion[]> {
  const { rows } = await pool.query<{ source_key: string; id: string }>(
    `SELECT source_key, id FROM list_versions
      WHERE published_at IS NOT NULL AND monitoring_applied_at IS NULL ORDER BY published_at, seq`,
  );
  return rows.map((r) => ({ sourceKey: r.source_key, versionId: r.id }));
}

/** Starts the fan-out of every version awaiting one (the monitoring catch-up); returns their workflow ids. */
export async function startPendingFanOuts(pool: Pool, client: Client, taskQueue: string): Promise<string[]> {
  const started: string[] = [];
  for (const v of await versionsAwaitingFanOut(pool)) started.push(await startListVersionFanOut(client, taskQueue, v));
  return started;
}
