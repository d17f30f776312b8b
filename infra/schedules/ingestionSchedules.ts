import {
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptions,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { config } from '../base/config';
import { upsertSchedule } from './upsertSchedule';
import { fetchedBy, SOURCE_CATALOG, type SourceDefinition } from '../../activities/lists';
import { listIngestionWorkflowId as ingestionScheduleId } from '../../workflows/contracts';
import { listIngestion } from '../../workflows/listIngestion';

function scheduleOptions(source: SourceDefinition): ScheduleOptions<ScheduleOptionsStartWorkflowAction<typeof listIngestion>> {
  return {
    scheduleId: ingestionScheduleId(source.key),
    // Poll at the publisher's cadence (daily for monthly lists so a late release is picked up
    // within a day); an unchanged artifact is recognised by its checksum and creates no version.
    spec: { intervals: [{ every: source.pollEvery }] },
    action: {
      type: 'startWorkflow',
      workflowType: listIngestion,
      workflowId: ingestionScheduleId(source.key),
      taskQueue: config.taskQueue,
      args: [{ sourceKey: source.key }],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    memo: { cadence: source.cadence, cadenceLabel: source.cadenceLabel },
  };
}

/**
 * One Temporal Schedule per fetched source (fetchedBy: `LIST_ARTIFACT_<KEY>`, or a recipe in
 * production, `LIST_FETCH`), id `list-ingestion/{sourceKey}`. Idempotent: existing schedules are
 * updated to the current catalog, and schedules of sources no longer fetched are deleted.
 * Returns the ids of the schedules in place.
 */
export async function ensureIngestionSchedules(client: Client, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const ensured: string[] = [];
  for (const source of SOURCE_CATALOG) {
    const handle = client.schedule.getHandle(ingestionScheduleId(source.key));
    if (fetchedBy(source.key, env) !== 'publisher') {
      await handle.delete().catch((err: unknown) => {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      });
      continue;
    }
    const options = scheduleOptions(source);
    await upsertSchedule(client, options);
    ensured.push(options.scheduleId);
  }
  return ensured;
}
