import { proxyActivities } from '@temporalio/workflow';
import type { MonitoringActivities } from '../activities/monitoring/activities';
import type { OrganizationResumeInput, Workflows } from './contracts';

const { resumeMonitoringOfOrganization } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 10 },
});

/**
 * One organization active again after being read-only (workflow `organization-resume/{orgId}/{resumedAt}`,
 * started by the monitoring catch-up): every record of it screened on the current versions and
 * its status changes delivered. Its own workflow, so that while its re-screen fails and is
 * retried no other organization waits, nor the catch-up's list switches and fan-outs. Failed for
 * good, the resumption stays pending and the next catch-up starts it again.
 */
export const organizationResume = async function organizationResume(
  input: OrganizationResumeInput,
): Promise<{ orgId: string; rescreened: number; statusChanges: number }> {
  return resumeMonitoringOfOrganization(input);
} satisfies Workflows['organizationResume'];
