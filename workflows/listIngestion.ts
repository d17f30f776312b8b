import { deprecatePatch, proxyActivities } from '@temporalio/workflow';
import type { ListIngestionActivities } from '../activities/lists/activities';
import type { MonitoringActivities } from '../activities/monitoring/activities';
import type { ListIngestionInput, ListIngestionResult, Workflows } from './contracts';

// NPPES runs for minutes: heartbeats show it is alive, and a lost worker is retried quickly.
const { ingestListArtifact } = proxyActivities<ListIngestionActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});
const { startListVersionFanOut } = proxyActivities<MonitoringActivities>({ startToCloseTimeout: '1 minute' });
const { rescreenForListSwitches } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 1.5, maximumInterval: '30 seconds' },
});

/**
 * One ingestion of one source (workflow id `list-ingestion/{sourceKey}`, started by its
 * schedule): stage the artifact, then checksum → parse → store → publish, in one activity.
 * Lists switched on or off since the monitored records were screened for them are applied to
 * them (every record screened again). A published version's fan-out (`list_update`, the
 * monitored records it can affect screened again) is a workflow of its own,
 * `list-version/{sourceKey}/{versionId}`, started here and not awaited: the ingestion is done
 * once the list is. Only the source key, the version id and small summaries cross the workflow
 * boundary.
 */
export const listIngestion = async function listIngestion(input: ListIngestionInput): Promise<ListIngestionResult> {
  const summary = await ingestListArtifact(input.force ? { sourceKey: input.sourceKey, force: true } : { sourceKey: input.sourceKey });
  if (!summary) return { outcome: 'no_artifact_location', sourceKey: input.sourceKey };
  // The ingestion wrote the catalog: a list switched on or off since (any list) is applied to the monitored records.
  deprecatePatch('list-switches');
  const switches = await rescreenForListSwitches();
  const listSwitches = switches.switched.length > 0 ? { listSwitches: switches } : {};
  if (summary.outcome !== 'published') return { ...summary, ...listSwitches };
  deprecatePatch('fan-out-workflow');
  const workflowId = await startListVersionFanOut({ sourceKey: summary.sourceKey, versionId: summary.versionId });
  return { ...summary, ...listSwitches, fanOut: { workflowId } };
} satisfies Workflows['listIngestion'];
