import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { MonitoringActivities } from '../activities/monitoring/activities';
import type { MonitoredEntityInput, MonitoredEntityResult, Workflows } from './contracts';

const { meterRecordMonth } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '10 minutes' },
});
const { catchUpMonitoredRecord } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

/**
 * One monitored record (workflow id `monitor/{recordId}`), alive while the record is monitored:
 * it catches the record up if a list version was published while it was being enrolled, then
 * meters a record-month for each billing month it spans, sleeping until the next month and
 * continuing as new there, so its history stays a few events long. Re-screens on a new list
 * version are done in bulk by that version's fan-out (only for the records it can affect);
 * DELETE /monitor/{id} terminates this workflow.
 */
export const monitoredEntity = async function monitoredEntity(input: MonitoredEntityInput): Promise<MonitoredEntityResult> {
  if (!input.caughtUp) await catchUpMonitoredRecord({ recordId: input.recordId });
  // The workflow's clock (the moment this task runs, replayed identically) names the month metered.
  const month = await meterRecordMonth({ recordId: input.recordId, at: new Date().toISOString() });
  if (!month.active) return 'removed';
  await sleep(Math.max(1000, Date.parse(month.nextPeriodStartsAt) - Date.now()));
  return continueAsNew<typeof monitoredEntity>({ recordId: input.recordId, orgId: input.orgId, caughtUp: true });
} satisfies Workflows['monitoredEntity'];
