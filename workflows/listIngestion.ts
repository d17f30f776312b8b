import { proxyActivities } from '@temporalio/workflow';
import type { IngestSummary, ListActivities } from '../activities/listIngestion';

export interface ListIngestionInput {
  sourceKey: string;
}

export type ListIngestionResult = IngestSummary | { outcome: 'no_artifact_location'; sourceKey: string };

// NPPES runs for minutes: heartbeats show it is alive, and a lost worker is retried quickly.
const { ingestListArtifact } = proxyActivities<ListActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

/**
 * One ingestion of one source (workflow id `list-ingestion/{sourceKey}`, started by its
 * schedule): stage the artifact, then checksum → parse → store → publish, in one activity.
 * Only the source key and a small summary cross the workflow boundary.
 */
export async function listIngestion(input: ListIngestionInput): Promise<ListIngestionResult> {
  const summary = await ingestListArtifact({ sourceKey: input.sourceKey });
  return summary ?? { outcome: 'no_artifact_location', sourceKey: input.sourceKey };
}
