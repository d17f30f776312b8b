import { randomUUID } from 'node:crypto';
import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { BatchScreeningActivities } from '../../../activities/batch/activities';
import type { WebhookDeliveryActivities } from '../../../activities/webhooks/activities';
import { idempotencyKeyHash, startBatchWorkflow, type BatchJobRef, type BatchSummary } from '../../../activities/batch';
import { batchWorkflowId, type BatchScreeningInput } from '../../../workflows/contracts';
import { BATCH_CHUNK_CONCURRENCY, BATCH_CHUNK_SIZE, batchScreening } from '../../../workflows/batchScreening';
import {
  attemptSeen,
  gapsSeconds,
  newTaskQueue,
  patchesOff,
  startTestServer,
  countingCalls,
  withWorker,
  within,
  type AttemptSeen,
} from './support/environment';

/** The batchScreening workflow on the time-skipping test server, its activities stubbed (items and results would be in PostgreSQL). */
type BatchStubs = Pick<BatchScreeningActivities, 'startBatch' | 'screenBatchChunk' | 'completeBatch'> &
  Pick<WebhookDeliveryActivities, 'emitWebhookEvents'>;

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

const ranges = (count: number): Array<[number, number]> =>
  Array.from({ length: count }, (_, i) => [i * BATCH_CHUNK_SIZE, (i + 1) * BATCH_CHUNK_SIZE - 1]);
/** The key chunkAttempts records the i-th range of ranges() under. */
const chunkKey = (i: number): string => ranges(i + 1)[i].join('-');

/** A job's activities as a test sets them: what startBatch finds pending, how each chunk attempt goes; every call recorded. */
function batchJob(options: {
  pending: Array<[number, number]>;
  chunk?: (range: [number, number], attempt: AttemptSeen) => Promise<void>;
  /** The job as stored; a new one unless given. */
  job?: BatchJobRef;
  /** Chunks that must have started before any of them ends: a first wave that shows how many the workflow runs at once. */
  firstWave?: number;
}) {
  const job: BatchJobRef = options.job ?? {
    jobId: randomUUID(),
    orgId: randomUUID(),
    totalItems: options.pending.length * BATCH_CHUNK_SIZE,
  };
  const calls: string[] = [];
  const chunkAttempts = new Map<string, AttemptSeen[]>();
  let inFlight = 0;
  let started = 0;
  let mostInFlight = 0;
  const events: Parameters<WebhookDeliveryActivities['emitWebhookEvents']>[0]['events'] = [];
  const summary: BatchSummary = {
    jobId: job.jobId,
    totalItems: job.totalItems,
    completedItems: job.totalItems - 1,
    failedItems: 1,
    potentialMatchItems: 2,
    completedAt: '2026-02-03T04:05:06.000Z',
  };
  const activities: BatchStubs = {
    async startBatch(input) {
      calls.push(`startBatch ${input.jobId} ${input.chunkSize}`);
      return { job, ranges: options.pending };
    },
    async screenBatchChunk(input) {
      const attempt = await attemptSeen(env);
      const key = `${input.from}-${input.to}`;
      chunkAttempts.set(key, [...(chunkAttempts.get(key) ?? []), attempt]);
      expect(input.job).toEqual(job);
      inFlight += 1;
      started += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        if (options.firstWave !== undefined && started <= options.firstWave) {
          for (let i = 0; i < 500 && started < options.firstWave; i++) await new Promise((resolve) => setTimeout(resolve, 10));
          // Time for a chunk beyond the bound, were the workflow to start one, to start too.
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await options.chunk?.([input.from, input.to], attempt);
      } finally {
        inFlight -= 1;
      }
      calls.push(`screenBatchChunk ${key}`);
      return { screened: input.to - input.from + 1 };
    },
    async completeBatch(input) {
      calls.push(`completeBatch ${input.jobId}`);
      return summary;
    },
    async emitWebhookEvents(input) {
      calls.push('emitWebhookEvents');
      events.push(...input.events);
      return { deliveries: 1 };
    },
  };
  const input: BatchScreeningInput = { jobId: job.jobId, orgId: job.orgId };
  return { job, input, activities, calls, chunkAttempts, events, summary, mostInFlight: () => mostInFlight };
}

const runBatch = (taskQueue: string, input: BatchScreeningInput) =>
  env.client.workflow.execute(batchScreening, { taskQueue, workflowId: `batch/${input.orgId}/${input.jobId}`, args: [input] });

describe('batchScreening: chunks screened with bounded concurrency', () => {
  it('screens every pending range once, at most BATCH_CHUNK_CONCURRENCY at a time, then completes and emits batch_completed', async () => {
    const batch = batchJob({ pending: ranges(10), firstWave: BATCH_CHUNK_CONCURRENCY });
    const taskQueue = newTaskQueue('batch');
    const result = await withWorker(env, { taskQueue, activities: batch.activities }, () => runBatch(taskQueue, batch.input));

    expect(result).toEqual({ completedItems: batch.summary.completedItems, failedItems: 1 });
    expect(batch.calls[0]).toBe(`startBatch ${batch.job.jobId} ${BATCH_CHUNK_SIZE}`);
    expect(batch.calls.slice(1, 11).sort()).toEqual(
      ranges(10)
        .map(([from, to]) => `screenBatchChunk ${from}-${to}`)
        .sort(),
    );
    expect(batch.calls.slice(11)).toEqual([`completeBatch ${batch.job.jobId}`, 'emitWebhookEvents']);
    expect(batch.mostInFlight()).toBe(BATCH_CHUNK_CONCURRENCY);
    expect(batch.events).toEqual([
      { orgId: batch.job.orgId, type: 'batch_completed', eventKey: `batch:${batch.job.jobId}`, data: { ...batch.summary } },
    ]);
  });

  it('with fewer ranges than the concurrency runs one chunk per range', async () => {
    const batch = batchJob({ pending: ranges(2), firstWave: 2 });
    const taskQueue = newTaskQueue('batch');
    await withWorker(env, { taskQueue, activities: batch.activities }, () => runBatch(taskQueue, batch.input));
    expect(batch.mostInFlight()).toBe(2);
    expect([...batch.chunkAttempts.keys()].sort()).toEqual([chunkKey(0), chunkKey(1)]);
  });

  it('with nothing pending (a lost run screened it all) screens nothing and still completes and emits', async () => {
    const batch = batchJob({ pending: [] });
    const taskQueue = newTaskQueue('batch');
    const result = await withWorker(env, { taskQueue, activities: batch.activities }, () => runBatch(taskQueue, batch.input));
    expect(result).toEqual({ completedItems: batch.summary.completedItems, failedItems: 1 });
    expect(batch.calls).toEqual([
      `startBatch ${batch.job.jobId} ${BATCH_CHUNK_SIZE}`,
      `completeBatch ${batch.job.jobId}`,
      'emitWebhookEvents',
    ]);
  });
});

describe('batchScreening: chunk retry', () => {
  it('retries a failing chunk after 1 s, doubling up to 30 s, while the other chunks go on; the batch completes once it passes', async () => {
    const batch = batchJob({
      pending: ranges(3),
      chunk: async ([from], attempt) => {
        if (from === BATCH_CHUNK_SIZE && attempt.attempt < 8)
          throw ApplicationFailure.retryable('matcher unavailable', 'MatcherUnavailable');
      },
    });
    const taskQueue = newTaskQueue('batch');
    await withWorker(env, { taskQueue, activities: batch.activities }, () => runBatch(taskQueue, batch.input));

    const retried = batch.chunkAttempts.get(chunkKey(1)) ?? [];
    expect(retried.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(gapsSeconds(retried)).toEqual([1, 2, 4, 8, 16, 30, 30]);
    expect(batch.chunkAttempts.get(chunkKey(0))).toHaveLength(1);
    expect(batch.chunkAttempts.get(chunkKey(2))).toHaveLength(1);
    expect(batch.calls.slice(-2)).toEqual([`completeBatch ${batch.job.jobId}`, 'emitWebhookEvents']);
    // The batch completed after the last retry, not before.
    expect(batch.calls.indexOf(`screenBatchChunk ${chunkKey(1)}`)).toBeLessThan(batch.calls.indexOf(`completeBatch ${batch.job.jobId}`));
  });

  it('fails the run on a chunk failure that no retry can fix: the job is neither completed nor announced', async () => {
    const batch = batchJob({
      pending: ranges(2),
      chunk: async ([from]) => {
        if (from === 0) throw ApplicationFailure.nonRetryable('no batch job', 'NoSuchJob');
      },
    });
    const taskQueue = newTaskQueue('batch');
    const run = withWorker(env, { taskQueue, activities: batch.activities }, () => runBatch(taskQueue, batch.input));
    const failure = await run.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause).toBeInstanceOf(ActivityFailure);
    expect(((failure as WorkflowFailedError).cause as ActivityFailure).cause).toMatchObject({ type: 'NoSuchJob' });
    expect(batch.calls).not.toContain(`completeBatch ${batch.job.jobId}`);
    expect(batch.events).toEqual([]);
  });
});

describe("batchScreening: resubmission (startBatchWorkflow, the gateway's start, repeated)", () => {
  /** A first chunk that holds until the test lets it go, so a resubmission finds the run still running. */
  function heldChunk() {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { release, chunk: ([from]: [number, number]) => (from === 0 ? held : Promise.resolve()) };
  }

  it('while the run is running, shares it; once it completed, starts nothing and runs no activity again', async () => {
    const hold = heldChunk();
    const batch = batchJob({ pending: ranges(2), chunk: hold.chunk });
    const job = { jobId: batch.job.jobId, orgId: batch.job.orgId, idempotencyKey: randomUUID(), totalItems: batch.job.totalItems };
    const handle = env.client.workflow.getHandle(batchWorkflowId(job.orgId, idempotencyKeyHash(job.idempotencyKey)));
    const taskQueue = newTaskQueue('batch');

    await withWorker(env, { taskQueue, activities: batch.activities }, async () => {
      await startBatchWorkflow(env.client, taskQueue, job);
      const firstRun = (await handle.describe()).runId;
      await startBatchWorkflow(env.client, taskQueue, job);
      expect((await handle.describe()).runId).toBe(firstRun);
      hold.release();
      await within(30_000, 'the batch', handle.result());
      const callsWhenCompleted = [...batch.calls];
      await startBatchWorkflow(env.client, taskQueue, job);
      expect((await handle.describe()).runId).toBe(firstRun);
      expect(batch.calls).toEqual(callsWhenCompleted);
    });
    expect(batch.calls.filter((c) => c.startsWith('startBatch'))).toHaveLength(1);
    expect(batch.events).toHaveLength(1);
  });

  it('after the run was terminated, starts a new run that screens only what the lost run left pending', async () => {
    // The first run is stuck on its first chunk, which keeps failing.
    const lost = batchJob({
      pending: ranges(3),
      chunk: async ([from]) => {
        if (from === 0) throw ApplicationFailure.retryable('matcher unavailable', 'MatcherUnavailable');
      },
    });
    const job = { jobId: lost.job.jobId, orgId: lost.job.orgId, idempotencyKey: randomUUID(), totalItems: lost.job.totalItems };
    const handle = env.client.workflow.getHandle(batchWorkflowId(job.orgId, idempotencyKeyHash(job.idempotencyKey)));
    const taskQueue = newTaskQueue('batch');

    const counted = countingCalls(lost.activities);
    const firstRun = await withWorker(env, { taskQueue, activities: counted.activities }, async () => {
      await startBatchWorkflow(env.client, taskQueue, job);
      const stuck = () => lost.calls.includes(`screenBatchChunk ${chunkKey(2)}`) && (lost.chunkAttempts.get(chunkKey(0))?.length ?? 0) >= 2;
      for (let i = 0; i < 200 && !stuck(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(stuck()).toBe(true);
      await counted.idle();
      await handle.terminate('stuck');
      return (await handle.describe()).runId;
    });
    expect(lost.calls).not.toContain(`completeBatch ${job.jobId}`);

    // The store now holds the first range still pending (its chunk never committed).
    const revived = batchJob({ pending: ranges(1), job: lost.job });
    await withWorker(env, { taskQueue, activities: revived.activities }, async () => {
      await startBatchWorkflow(env.client, taskQueue, job);
      const secondRun = (await handle.describe()).runId;
      expect(secondRun).not.toBe(firstRun);
      await within(30_000, 'the revived batch', handle.result());
    });
    expect([...revived.chunkAttempts.keys()]).toEqual([chunkKey(0)]);
    expect(revived.calls).toEqual([
      `startBatch ${job.jobId} ${BATCH_CHUNK_SIZE}`,
      `screenBatchChunk ${chunkKey(0)}`,
      `completeBatch ${job.jobId}`,
      'emitWebhookEvents',
    ]);
  });
});

describe('batchScreening: where its steps run', () => {
  /** The activity types the run scheduled as activity tasks, and how many local activities it recorded. */
  async function tasksOf(workflowId: string): Promise<{ activityTasks: string[]; localActivities: number }> {
    const { events } = await env.client.workflow.getHandle(workflowId).fetchHistory();
    return {
      activityTasks: (events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []),
      localActivities: (events ?? []).filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length,
    };
  }

  it('screens the chunks as activity tasks and runs startBatch, completeBatch and the emission as local activities', async () => {
    const batch = batchJob({ pending: ranges(3) });
    const taskQueue = newTaskQueue('batch');
    await withWorker(env, { taskQueue, activities: batch.activities }, () => runBatch(taskQueue, batch.input));
    expect(await tasksOf(`batch/${batch.input.orgId}/${batch.input.jobId}`)).toEqual({
      activityTasks: ['screenBatchChunk', 'screenBatchChunk', 'screenBatchChunk'],
      localActivities: 3,
    });
    expect(batch.calls[0]).toBe(`startBatch ${batch.job.jobId} ${BATCH_CHUNK_SIZE}`);
    expect(batch.calls.slice(-2)).toEqual([`completeBatch ${batch.job.jobId}`, 'emitWebhookEvents']);
  });

  it('a run started before the wide chunks goes on in chunks of 400, four at a time, as it scheduled them', async () => {
    const batch = batchJob({ pending: ranges(10), firstWave: 4 });
    const taskQueue = newTaskQueue('batch');
    const { bundle, memo } = patchesOff(['batch-wide-chunks']);
    const workflowId = `batch/${batch.input.orgId}/${batch.input.jobId}`;
    await withWorker(env, { taskQueue, activities: batch.activities, bundle }, () =>
      within(30_000, 'the batch', env.client.workflow.execute(batchScreening, { taskQueue, workflowId, args: [batch.input], memo })),
    );
    expect(batch.calls[0]).toBe(`startBatch ${batch.job.jobId} 400`);
    expect(batch.calls.filter((c) => c.startsWith('screenBatchChunk'))).toHaveLength(10);
    expect(batch.mostInFlight()).toBe(4);
  });

  it('a run started before they were local activities goes on with activity tasks for all of them, each run once', async () => {
    const batch = batchJob({ pending: ranges(2) });
    const taskQueue = newTaskQueue('batch');
    const { bundle, memo } = patchesOff(['batch-job-local-activities']);
    const workflowId = `batch/${batch.input.orgId}/${batch.input.jobId}`;
    const result = await withWorker(env, { taskQueue, activities: batch.activities, bundle }, () =>
      within(30_000, 'the batch', env.client.workflow.execute(batchScreening, { taskQueue, workflowId, args: [batch.input], memo })),
    );
    expect(result).toEqual({ completedItems: batch.summary.completedItems, failedItems: 1 });
    expect(await tasksOf(workflowId)).toEqual({
      activityTasks: ['startBatch', 'screenBatchChunk', 'screenBatchChunk', 'completeBatch', 'emitWebhookEvents'],
      localActivities: 0,
    });
    expect(batch.calls.filter((c) => !c.startsWith('screenBatchChunk'))).toEqual([
      `startBatch ${batch.job.jobId} ${BATCH_CHUNK_SIZE}`,
      `completeBatch ${batch.job.jobId}`,
      'emitWebhookEvents',
    ]);
  });
});
