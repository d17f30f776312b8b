import { ChildWorkflowFailure, ParentClosePolicy, executeChild, log, proxyActivities } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import type { MonitoringActivities } from '../activities/monitoredEntity';
import type { ListSwitchSummary, MatchingRulesSummary } from '../activities/monitoring';
import { listVersionFanOut } from './listVersionFanOut';

const { rescreenForListSwitches, rescreenForMatchingRules } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 1.5, maximumInterval: '30 seconds' },
});
const { versionsAwaitingFanOut } = proxyActivities<MonitoringActivities>({ startToCloseTimeout: '1 minute' });

export interface MonitoringCatchUpResult {
  /** Lists switched on or off since the records were screened for them, and what applying them did. */
  listSwitches: ListSwitchSummary;
  /** The matching rules the matcher screens with, and what screening again the records on other rules did. */
  matchingRules: MatchingRulesSummary;
  /** The fan-out workflows run here for versions no fan-out had applied (one found running elsewhere is left to it). */
  fanOuts: string[];
}

/**
 * The monitoring catch-up, started by the `monitoring-catch-up` schedule (infra/schedules): what
 * a list ingestion run would apply to the monitored records, without waiting for one. First the
 * lists switched on or off (written into the catalog when the worker that manages the schedules
 * started) are applied: every record screened again. Then every published version no fan-out
 * has applied (one ingested with `screenctl lists ingest` while Temporal was out of reach, or
 * whose fan-out was terminated) is fanned out by its `list-version/…` workflow, one after the
 * other, started in the order they were published. A matcher released with other matching rules
 * than the records were screened with has every record screened again, between the two.
 */
export async function monitoringCatchUp(): Promise<MonitoringCatchUpResult> {
  // Switches first: a fan-out of a list switched off waits until the switch is applied.
  const listSwitches = await rescreenForListSwitches();
  const matchingRules = await rescreenForMatchingRules();
  return { listSwitches, matchingRules, fanOuts: await fanOutPendingVersions() };
}

async function fanOutPendingVersions(): Promise<string[]> {
  const done: string[] = [];
  for (const v of await versionsAwaitingFanOut()) {
    try {
      await executeChild(listVersionFanOut, {
        workflowId: v.workflowId,
        args: [{ versionId: v.versionId }],
        // A fan-out outlives this run: the next catch-up finds it running rather than starting it twice.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        staticSummary: `fan-out of ${v.sourceKey} version ${v.versionId}`,
      });
      done.push(v.workflowId);
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
      // Failed, timed out, terminated or cancelled: its version stays awaiting, for the next catch-up.
      if (err instanceof ChildWorkflowFailure) {
        log.warn('a list version fan-out did not complete', { workflowId: v.workflowId });
        continue;
      }
      throw err;
    }
  }
  return done;
}
