import { proxyActivities } from '@temporalio/workflow';
import type { MonitoringActivities } from '../activities/monitoring/activities';
import type { ListVersionFanOutInput, ListVersionFanOutResult, Workflows } from './contracts';

const { emitListUpdate } = proxyActivities<MonitoringActivities>({ startToCloseTimeout: '1 minute' });
// The matcher may take a moment to load the new version: the re-screen waits for it by retrying.
const { rescreenMonitoredRecords } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 1.5, maximumInterval: '30 seconds' },
});

/**
 * A published list version reaches the organizations (workflow id
 * `list-version/{sourceKey}/{versionId}`, started by the ingestion workflow, by `screenctl lists
 * ingest` or by the monitoring catch-up, whichever sees the version first): `list_update` to
 * every endpoint that takes it, then the monitored records the change can affect are screened
 * again and their status changes delivered. Only the version id and small summaries cross the
 * workflow boundary.
 */
export const listVersionFanOut = async function listVersionFanOut(input: ListVersionFanOutInput): Promise<ListVersionFanOutResult> {
  const { deliveries } = await emitListUpdate({ versionId: input.versionId });
  const m = await rescreenMonitoredRecords({ versionId: input.versionId });
  return {
    listUpdates: deliveries,
    monitoring: {
      recordsRekeyed: m.recordsRekeyed,
      recordsReached: m.recordsReached,
      recordsRescreened: m.recordsRescreened,
      statusChanges: m.statusChanges,
      keyGroups: m.keyGroups,
      rescreenedBecause: m.rescreenedBecause,
      timings: m.timings,
    },
  };
} satisfies Workflows['listVersionFanOut'];
