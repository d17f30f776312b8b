import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Pool, PoolClient } from 'pg';
import { TypedSearchAttributes, WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { MonitoredRecordId, OrgId } from '../../infra/base/temporal/searchAttributes';
import { monitorWorkflowId, type MonitoredEntityInput } from '../../workflows/contracts';
import { startWorkflow } from '../starters';

/** Starts the record's long-running workflow, or finds it running (a repeated enrollment). */
export async function startMonitorWorkflow(client: Client, taskQueue: string, record: MonitoredEntityInput): Promise<void> {
  await startWorkflow(client, 'monitoredEntity', {
    workflowId: monitorWorkflowId(record.recordId),
    taskQueue,
    args: [record],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    typedSearchAttributes: new TypedSearchAttributes([
      { key: OrgId, value: record.orgId },
      { key: MonitoredRecordId, value: record.recordId },
    ]),
    staticSummary: `monitored record ${record.recordId}`,
  });
}

/** Ends the record's workflow at once (DELETE /monitor/{id}); one already ended is fine. */
export async function endMonitorWorkflow(client: Client, recordId: string): Promise<void> {
  try {
    await client.workflow.getHandle(monitorWorkflowId(recordId)).terminate('monitored record removed');
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

type Db = Pool | PoolClient;

/** The record's workflow is started (or found running): it no longer waits for the catch-up. */
export async function workflowStarted(db: Db, recordId: string): Promise<void> {
  await db.query('UPDATE monitored_records SET workflow_pending_since = NULL WHERE id = $1', [recordId]);
}

/**
 * How long an enrollment's own start may take before the catch-up starts its workflow instead
 * (the start is idempotent by workflow id, so the two starting together is harmless).
 */
export const WORKFLOW_PENDING_GRACE_SECONDS = 60;

/**
 * Starts the workflow of every active record whose enrollment committed but did not see its
 * workflow start (Temporal out of reach, or the gateway stopped in between), oldest first, up
 * to `limit`. A record removed meanwhile is left alone. Returns the records started.
 */
export async function startPendingMonitorWorkflows(
  db: Pool,
  client: Client,
  taskQueue: string,
  options: { limit?: number; graceSeconds?: number } = {},
): Promise<string[]> {
  const { rows } = await db.query<{ id: string; org_id: string; since: string }>(
    `SELECT id, org_id, workflow_pending_since::text AS since FROM monitored_records
      WHERE workflow_pending_since IS NOT NULL AND removed_at IS NULL
        AND workflow_pending_since < now() - make_interval(secs => $1)
      ORDER BY workflow_pending_since LIMIT $2`,
    [options.graceSeconds ?? WORKFLOW_PENDING_GRACE_SECONDS, options.limit ?? 1000],
  );
  const started: string[] = [];
  for (const r of rows) {
    await startMonitorWorkflow(client, taskQueue, { recordId: r.id, orgId: r.org_id });
    // Cleared only if no enrollment marked it again since (that one clears its own mark).
    await db.query(
      'UPDATE monitored_records SET workflow_pending_since = NULL WHERE id = $1 AND workflow_pending_since = $2::timestamptz',
      [r.id, r.since],
    );
    started.push(r.id);
  }
  return started;
}
