import { proxyActivities } from '@temporalio/workflow';
import type { ListActivities } from '../activities/listIngestion';
import type { MonitoringActivities } from '../activities/monitoredEntity';
import type { ListSwitchSummary } from '../activities/monitoring';

const { syncListCatalog } = proxyActivities<ListActivities>({ startToCloseTimeout: '1 minute' });
const { rescreenForListSwitches } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 1.5, maximumInterval: '30 seconds' },
});
const { startPendingFanOuts } = proxyActivities<MonitoringActivities>({ startToCloseTimeout: '1 minute' });

export interface MonitoringCatchUpResult {
  /** Lists switched on or off since the records were screened for them, and what applying them did. */
  listSwitches: ListSwitchSummary;
  /** The fan-out workflows started (or found running) for versions no fan-out had applied. */
  fanOuts: string[];
}

/**
 * The monitoring catch-up, started by the `monitoring-catch-up` schedule (infra/schedules): what
 * a list ingestion run would apply to the monitored records, without waiting for one. Lists
 * switched on or off in this worker's configuration are applied (every record screened again),
 * and every published version no fan-out has applied (one ingested with `screenctl lists
 * ingest`, or whose fan-out was terminated) gets its `list-version/…` workflow.
 */
export async function monitoringCatchUp(): Promise<MonitoringCatchUpResult> {
  await syncListCatalog();
  const listSwitches = await rescreenForListSwitches();
  const fanOuts = await startPendingFanOuts();
  return { listSwitches, fanOuts };
}
