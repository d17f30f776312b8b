import { ChildWorkflowFailure, ParentClosePolicy, condition, deprecatePatch, log, proxyActivities, startChild } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import type { MonitoringActivities } from '../activities/monitoring/activities';
import { organizationResumeWorkflowId, type MonitoringCatchUpResult, type Workflows } from './contracts';
import { listVersionFanOut } from './listVersionFanOut';
import { organizationResume } from './organizationResume';

const { rescreenForListSwitches, rescreenForMatchingRules } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 1.5, maximumInterval: '30 seconds' },
});
const { versionsAwaitingFanOut, reactivatedOrganizations } = proxyActivities<MonitoringActivities>({ startToCloseTimeout: '1 minute' });
const { startPendingMonitorWorkflows } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds', maximumAttempts: 5 },
});

/**
 * How long a run waits, in all, for the fan-outs it starts. A fan-out may be unable to finish for
 * as long as something outside it holds (a list switched off after this run applied the switches
 * waits, retrying, for the next run to apply it; a matcher that never serves its version): waiting
 * for it would hold the run, and the schedule skips the runs that would unblock it. Past this, the
 * run leaves its fan-outs running (they outlive it) and ends, under the schedule's 5 minutes.
 */
const FAN_OUT_WAIT_MS = 4 * 60_000;

/**
 * The monitoring catch-up (schedule `monitoring-catch-up`): applies to the monitored records what
 * an ingestion run would, without waiting for one, in this order: start the record workflows
 * enrollments could not start; start one `organization-resume/…` workflow per organization active
 * again; apply lists switched on or off; screen again records screened on other matching rules;
 * fan out, one after the other in publication order, each version no fan-out has applied. It waits
 * for the fan-outs and resumptions only FAN_OUT_WAIT_MS in all: what cannot finish is left running.
 */
export const monitoringCatchUp = async function monitoringCatchUp(): Promise<MonitoringCatchUpResult> {
  // Enrollments that committed while Temporal was out of reach get their record workflow.
  deprecatePatch('catch-up-starts-pending-monitors');
  const monitorWorkflowsStarted = await startPendingMonitorWorkflows();
  // Organizations active again: their records were not screened while they were read-only. Each
  // is screened by its own workflow, which nothing here waits for before the switches and fan-outs.
  deprecatePatch('catch-up-resumes-orgs-apart');
  const resumes = await startOrganizationResumes();
  // Switches first: a fan-out of a list switched off waits until the switch is applied.
  const listSwitches = await rescreenForListSwitches();
  const matchingRules = await rescreenForMatchingRules();
  deprecatePatch('catch-up-bounded-fan-out-wait');
  const deadline = Date.now() + FAN_OUT_WAIT_MS;
  const { done, leftRunning } = await fanOutWithinDeadline(deadline);
  const resumed = await resumes.settledBy(deadline);
  return {
    listSwitches,
    matchingRules,
    fanOuts: done,
    fanOutsLeftRunning: leftRunning,
    monitorWorkflowsStarted,
    organizationsResumed: resumed.done,
    organizationsResumeLeftRunning: resumed.leftRunning,
  };
} satisfies Workflows['monitoringCatchUp'];

type Resumed = NonNullable<MonitoringCatchUpResult['organizationsResumed']>[number];

/**
 * Starts the workflow `organization-resume/…` of each organization active again (one found
 * running, started by an earlier run, is left to it). They outlive this run; `settledBy` waits
 * for them no later than the run's deadline and tells which completed and which are still going.
 */
async function startOrganizationResumes() {
  const outcomes = new Map<string, { result: Resumed } | { failure: unknown } | undefined>();
  for (const org of await reactivatedOrganizations()) {
    const workflowId = organizationResumeWorkflowId(org.orgId, org.resumedAt);
    let child;
    try {
      child = await startChild(organizationResume, {
        workflowId,
        args: [org],
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        staticSummary: `monitoring of organization ${org.orgId} resumed`,
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
      throw err;
    }
    outcomes.set(workflowId, undefined);
    child.result().then(
      (result) => outcomes.set(workflowId, { result }),
      (failure: unknown) => outcomes.set(workflowId, { failure }),
    );
  }
  return {
    async settledBy(deadline: number): Promise<{ done: Resumed[]; leftRunning: string[] }> {
      const remaining = deadline - Date.now();
      if (remaining > 0) await condition(() => [...outcomes.values()].every((o) => o !== undefined), remaining);
      const done: Resumed[] = [];
      const leftRunning: string[] = [];
      for (const [workflowId, outcome] of outcomes) {
        if (outcome === undefined) leftRunning.push(workflowId);
        else if ('result' in outcome) done.push(outcome.result);
        // Failed for good: the resumption stays pending, and the next catch-up starts it again.
        else log.warn('an organization resumption did not complete', { workflowId });
      }
      return { done, leftRunning };
    },
  };
}

/**
 * Starts each version's fan-out in the order they were published and waits for it until the
 * deadline (one after another, each fan-out knows the versions before it applied, and takes only
 * the key groups its change crossed); past the deadline the rest are started without waiting.
 */
async function fanOutWithinDeadline(deadline: number): Promise<{ done: string[]; leftRunning: string[] }> {
  const done: string[] = [];
  const leftRunning: string[] = [];
  for (const v of await versionsAwaitingFanOut()) {
    let child;
    try {
      child = await startChild(listVersionFanOut, {
        workflowId: v.workflowId,
        args: [{ versionId: v.versionId }],
        // A fan-out outlives this run: the next catch-up finds it running rather than starting it twice.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        staticSummary: `fan-out of ${v.sourceKey} version ${v.versionId}`,
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
      throw err;
    }
    let outcome: { failure: unknown } | 'completed' | undefined;
    child.result().then(
      () => {
        outcome = 'completed';
      },
      (failure: unknown) => {
        outcome = { failure };
      },
    );
    const remaining = deadline - Date.now();
    if (remaining <= 0 || !(await condition(() => outcome !== undefined, remaining))) {
      log.warn('a list version fan-out is still running; left to finish on its own', { workflowId: v.workflowId });
      leftRunning.push(v.workflowId);
    } else if (outcome === 'completed') {
      done.push(v.workflowId);
    } else if (outcome?.failure instanceof ChildWorkflowFailure) {
      // Failed, timed out, terminated or cancelled: its version stays awaiting, for the next catch-up.
      log.warn('a list version fan-out did not complete', { workflowId: v.workflowId });
    } else {
      throw outcome?.failure;
    }
  }
  return { done, leftRunning };
}
