import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { IngestSummary, ListIngestionActivities } from '../../../activities/lists/activities';
import type { MonitoringActivities } from '../../../activities/monitoring/activities';
import type { ListSwitchSummary } from '../../../activities/monitoring';
import type { ListIngestionInput, ListIngestionResult, PublishedVersion } from '../../../workflows/contracts';
import { attemptSeen, expectWaits, newTaskQueue, startTestServer, withWorker, within, type AttemptSeen } from './support/environment';
import { noSwitches, publishedVersion, switchedOff } from './support/monitoring';
import { listIngestion } from '../../../workflows/listIngestion';

/**
 * One list ingestion on the time-skipping test server, its activities stubbed: what the artifact
 * gives (published, unchanged, refused, no location) and which lists were switched are the test's.
 */
type IngestionStubs = Pick<ListIngestionActivities, 'ingestListArtifact'> &
  Pick<MonitoringActivities, 'rescreenForListSwitches' | 'startListVersionFanOut'>;

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

const published = (v: PublishedVersion): IngestSummary => ({
  outcome: 'published',
  sourceKey: v.sourceKey,
  versionId: v.versionId,
  seq: 4,
  entryCount: 1200,
  badRowCount: 0,
  diff: { added: 3, removed: 1, changed: 2 },
});

function ingestion(options: {
  ingest: (attempt: number) => IngestSummary | null | Error;
  switches?: (attempt: number) => ListSwitchSummary | Error;
}) {
  const calls: Array<{ activity: string; input: unknown }> = [];
  const ingestAttempts: AttemptSeen[] = [];
  const switchAttempts: AttemptSeen[] = [];
  const activities: IngestionStubs = {
    async ingestListArtifact(input) {
      const seen = await attemptSeen(env);
      ingestAttempts.push(seen);
      calls.push({ activity: 'ingestListArtifact', input });
      const outcome = options.ingest(seen.attempt);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    async rescreenForListSwitches() {
      const seen = await attemptSeen(env);
      switchAttempts.push(seen);
      calls.push({ activity: 'rescreenForListSwitches', input: undefined });
      const outcome = options.switches?.(seen.attempt) ?? noSwitches();
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    async startListVersionFanOut(input) {
      calls.push({ activity: 'startListVersionFanOut', input });
      return `list-version/${input.sourceKey}/${input.versionId}`;
    },
  };
  return { activities, calls, ingestAttempts, switchAttempts, called: () => calls.map((c) => c.activity) };
}

async function runIngestion(stubs: IngestionStubs, input: ListIngestionInput): Promise<ListIngestionResult> {
  const taskQueue = newTaskQueue('ingestion');
  return withWorker(env, { taskQueue, activities: stubs }, () =>
    within(
      30_000,
      'the ingestion',
      env.client.workflow.execute(listIngestion, { taskQueue, workflowId: `list-ingestion/${taskQueue}`, args: [input] }),
    ),
  );
}

describe('listIngestion: the artifact', () => {
  it('with no artifact location configured, ends "no_artifact_location" and applies nothing', async () => {
    const i = ingestion({ ingest: () => null });
    expect(await runIngestion(i.activities, { sourceKey: 'sam_exclusions' })).toEqual({
      outcome: 'no_artifact_location',
      sourceKey: 'sam_exclusions',
    });
    expect(i.called()).toEqual(['ingestListArtifact']);
  });

  it("passes force only on an operator's forced run", async () => {
    const v = publishedVersion();
    const plain = ingestion({ ingest: () => ({ outcome: 'unchanged', sourceKey: v.sourceKey, versionId: v.versionId }) });
    await runIngestion(plain.activities, { sourceKey: v.sourceKey });
    expect(plain.calls[0].input).toEqual({ sourceKey: v.sourceKey });
    const forced = ingestion({ ingest: () => ({ outcome: 'unchanged', sourceKey: v.sourceKey, versionId: v.versionId }) });
    await runIngestion(forced.activities, { sourceKey: v.sourceKey, force: true });
    expect(forced.calls[0].input).toEqual({ sourceKey: v.sourceKey, force: true });
  });

  it('retries a failed ingestion after 30 s and 60 s, and fails the run after the third attempt', async () => {
    const i = ingestion({ ingest: () => ApplicationFailure.retryable('download refused', 'DownloadFailed') });
    const failure = await runIngestion(i.activities, { sourceKey: 'oig_leie' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause).toBeInstanceOf(ActivityFailure);
    expectWaits(i.ingestAttempts, [30_000, 60_000]);
    expect(i.called()).toEqual(['ingestListArtifact', 'ingestListArtifact', 'ingestListArtifact']);
  });
});

describe('listIngestion: a version not published', () => {
  it('unchanged: applies the list switches, reports none when none were switched, and fans nothing out', async () => {
    const v = publishedVersion();
    const summary: IngestSummary = { outcome: 'unchanged', sourceKey: v.sourceKey, versionId: v.versionId };
    const i = ingestion({ ingest: () => summary });
    expect(await runIngestion(i.activities, { sourceKey: v.sourceKey })).toEqual(summary);
    expect(i.called()).toEqual(['ingestListArtifact', 'rescreenForListSwitches']);
  });

  it('refused: reports the lists switched on or off that were applied', async () => {
    const v = publishedVersion();
    const summary: IngestSummary = {
      outcome: 'refused',
      sourceKey: v.sourceKey,
      versionId: v.versionId,
      reason: 'the file is cut short',
      badRowCount: 1,
      badRows: [{ row: 9, reason: 'too few fields' }],
    };
    const i = ingestion({ ingest: () => summary, switches: () => switchedOff('nppes') });
    expect(await runIngestion(i.activities, { sourceKey: v.sourceKey })).toEqual({ ...summary, listSwitches: switchedOff('nppes') });
    expect(i.called()).toEqual(['ingestListArtifact', 'rescreenForListSwitches']);
  });

  it('waits, retrying, for the matcher while applying the switches (2 s, ×1.5)', async () => {
    const v = publishedVersion();
    const i = ingestion({
      ingest: () => ({ outcome: 'unchanged', sourceKey: v.sourceKey, versionId: v.versionId }),
      switches: (n) => (n < 4 ? ApplicationFailure.retryable('the matcher is loading', 'MatcherUnavailable') : noSwitches()),
    });
    await runIngestion(i.activities, { sourceKey: v.sourceKey });
    expectWaits(i.switchAttempts, [2000, 3000, 4500]);
  });
});

describe('listIngestion: a published version', () => {
  it("starts the version's fan-out workflow, does not wait for it, and returns its id with the switches applied", async () => {
    const v = publishedVersion();
    const i = ingestion({ ingest: () => published(v), switches: () => switchedOff('sam_exclusions') });
    const result = await runIngestion(i.activities, { sourceKey: v.sourceKey });
    expect(result).toEqual({ ...published(v), listSwitches: switchedOff('sam_exclusions'), fanOut: { workflowId: v.workflowId } });
    expect(i.calls.map((c) => [c.activity, c.input])).toEqual([
      ['ingestListArtifact', { sourceKey: v.sourceKey }],
      ['rescreenForListSwitches', undefined],
      ['startListVersionFanOut', { sourceKey: v.sourceKey, versionId: v.versionId }],
    ]);
  });

  it('with no list switched, carries no listSwitches', async () => {
    const v = publishedVersion();
    const i = ingestion({ ingest: () => published(v) });
    expect(await runIngestion(i.activities, { sourceKey: v.sourceKey })).toEqual({ ...published(v), fanOut: { workflowId: v.workflowId } });
  });
});
