import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { TypedSearchAttributes, WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { MonitoredRecordId, OrgId } from '../../infra/base/temporal/searchAttributes';

/** The monitoredEntity workflow's input: the record's id; the entity stays in PostgreSQL. */
export interface MonitoredEntityInput {
  recordId: string;
  orgId: string;
}

export const monitorWorkflowId = (recordId: string): string => `monitor/${recordId}`;

/** Starts the record's long-running workflow, or finds it running (a repeated enrollment). */
export async function startMonitorWorkflow(client: Client, taskQueue: string, record: MonitoredEntityInput): Promise<void> {
  try {
    await client.workflow.start('monitoredEntity', {
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
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** Ends the record's workflow at once (DELETE /monitor/{id}); one already ended is fine. */
export async function endMonitorWorkflow(client: Client, recordId: string): Promise<void> {
  try {
    await client.workflow.getHandle(monitorWorkflowId(recordId)).terminate('monitored record removed');
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}
