import { proxyActivities } from '@temporalio/workflow';
import type { IngestSummary, ListActivities } from '../activities/lists';

export interface ListIngestionInput {
  sourceKey: string;
}

export type ListIngestionResult = IngestSummary | { outcome: 'no_artifact_location'; sourceKey: string };

const { fetchListArtifact, discardStagedArtifact } = proxyActivities<ListActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumAttempts: 5 },
});

// NPPES runs for minutes: heartbeats show it is alive, and a lost worker is retried quickly.
const { ingestListArtifact } = proxyActivities<ListActivities>({
  startToCloseTimeout: '60 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

/**
 * One ingestion of one source (workflow id `list-ingestion/{sourceKey}`, started by its
 * schedule): stage the artifact, then checksum → parse → store → publish in one activity.
 * Only ids and small summaries cross the workflow boundary.
 */
export async function listIngestion(input: ListIngestionInput): Promise<ListIngestionResult> {
  const staged = await fetchListArtifact({ sourceKey: input.sourceKey });
  if (!staged) return { outcome: 'no_artifact_location', sourceKey: input.sourceKey };
  try {
    return await ingestListArtifact(staged);
  } finally {
    await discardStagedArtifact({ stagingPath: staged.stagingPath });
  }
}

export function listIngestionWorkflowId(sourceKey: string): string {
  return `list-ingestion/${sourceKey}`;
}
