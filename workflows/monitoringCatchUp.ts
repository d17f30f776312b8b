import { ChildWorkflowFailure, ParentClosePolicy, executeChild, log, proxyActivities } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import type { ListActivities } from '../activities/listIngestion';
import type { MonitoringActivities } from '../activities/monitoredEntity';
import type { ListSwitchSummary } from '../activities/monitoring';
import { listVersionFanOut } from './listVersionFanOut';

const { syncListCatalog } = proxyActivities<ListActivities>({ startToCloseTimeout: '1 minute' });
const { rescreenForListSwitches } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 1.5, maximumInterval: '30 seconds' },
});
const { versionsAwaitingFanOut } = proxyActivities<MonitoringActivities>({ startToCloseTimeout: '1 minute' });

export interface MonitoringCatchUpResult {
  /** Lists switched on or off since the records were screened for them, and what applying them did. */
  listSwitches: ListSwitchSummary;
  /** The fan-out workflows run here, in publication order, for versions no fan-out had applied (one found running elsewhere is left to it). */
  fanOuts: string[];
}

/**
 * The monitoring catch-up, started by the `monitoring-catch-up` schedule (infra/schedules): what
 * a list ingestion run would apply to the monitored records, without waiting for one. Lists
 * switched on or off in this worker's configuration are applied (every record screened again),
 * and, meanwhile, every published version no fan-out has applied (one ingested with `screenctl
 * lists ingest` while Temporal was out of reach, or whose fan-out was terminated) is fanned out
 * by its `list-version/…` workflow, one after the other in the order they were published, so
 * organizations get their `list_update`s in that order.
 */
export async function monitoringCatchUp(): Promise<MonitoringCatchUpResult> {
  await syncListCatalog();
  // Concurrent: neither waits on the other (a fan-out of a list whose switch-off is not applied yet waits for it).
  const [listSwitches, fanOuts] = await Promise.all([rescreenForListSwitches(), fanOutPendingVersions()]);
  return { listSwitches, fanOuts };
}

async function fanOutPendingVersions(): Promise<string[]> {
  const done: string[] = [];
  for (const v of await versionsAwaitingFanOut()) {
    try {
      await executeChild(listVersionFanOut, {
        workflowId: v.workflowId,
        args: [{ versionId: v.versionId }],
        // A fan-out outlives this run: the next catch-up must not start it twice.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      });
      done.push(v.workflowId);
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
      // Terminated by an operator: its version stays awaiting, for the next catch-up.
      if (err instanceof ChildWorkflowFailure) {
        log.warn('a list version fan-out failed', { workflowId: v.workflowId });
        continue;
      }
      throw err;
    }
  }
  return done;
}
