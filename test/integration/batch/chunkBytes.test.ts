import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createPool } from '../../../infra/base/db/pool';
import { createLogger } from '../../../infra/base/log';
import { BATCH_MATCHER_CALL_ITEMS, createBatchScreeningActivities } from '../../../activities/batch/activities';
import { billingPeriod } from '../../../activities/metering';
import { submitBatchOnce } from '../../../gateway/billing/batchSubmission';
import { createMatcherClient, entityBytes, MATCH_MANY_CHUNK_BYTES, type MatcherClient } from '../../../matcher/client';
import type { MatcherServer } from '../../../matcher/server';
import type { Entity } from '../../../matcher/types';
import { BATCH_CHUNK_SIZE } from '../../../workflows/batchScreening';
import { createOrgWithKey, startMatcher } from '../gateway/support/stack';
import { startBodyHoldingHop } from '../support/bodyHoldingHop';
import { startMatcherServer } from '../../../matcher/server';

/**
 * The ranges a batch starts with are bounded by the items' bytes as well as by their count, so a
 * chunk of heavy subjects cannot exceed what one matcher call reads; a chunk is screened in
 * calls of at most BATCH_MATCHER_CALL_ITEMS; and an item the matcher refuses does not fail its
 * chunk for ever.
 */
let pool: Pool;
let matcherServer: MatcherServer;
beforeAll(async () => {
  pool = createPool();
  matcherServer = await startMatcher(pool);
});
afterAll(async () => {
  await matcherServer?.close();
  await pool?.end();
});

/** Enough items of heavyName()s to hold more bytes than one matcher call takes. */
const HEAVY_ITEMS = 400;

/** 255 characters, most of them four bytes in UTF-8. */
const heavyName = (label: string): string => label + '\u{1F600}'.repeat(255 - [...label].length);

async function submitted(items: Entity[]): Promise<string> {
  const { orgId } = await createOrgWithKey(pool, 'enterprise');
  const job = await submitBatchOnce(pool, {
    orgId,
    plan: 'enterprise',
    period: billingPeriod(new Date()),
    idempotencyKey: randomUUID(),
    items: items.map((item) => ({ item, error: null })),
  });
  return job.jobId;
}

async function startedRanges(items: Entity[]): Promise<Array<[number, number]>> {
  const jobId = await submitted(items);
  const activities = createBatchScreeningActivities({
    pool,
    logger: createLogger('worker', 'silent'),
    matcher: { matchManyAnswer: async () => '{"results":[]}' },
  });
  return (await activities.startBatch({ jobId, chunkSize: BATCH_CHUNK_SIZE })).ranges;
}

describe('the chunks a batch is screened in', () => {
  it('hold at most BATCH_CHUNK_SIZE light items', async () => {
    const items: Entity[] = Array.from({ length: 1.5 * BATCH_CHUNK_SIZE }, (_, i) => ({ type: 'person', name: `Light Person ${i}` }));
    expect(await startedRanges(items)).toEqual([
      [0, BATCH_CHUNK_SIZE],
      [BATCH_CHUNK_SIZE, 1.5 * BATCH_CHUNK_SIZE],
    ]);
  });

  it('hold fewer heavy items, never more of their bytes than one matcher call takes', async () => {
    const items: Entity[] = Array.from({ length: HEAVY_ITEMS }, (_, i) => ({
      type: 'person',
      name: heavyName(`Heavy Person ${i} `),
      aliases: Array.from({ length: 50 }, (_, j) => heavyName(`Alias ${i} ${j} `)),
    }));
    expect(items.reduce((sum, e) => sum + entityBytes(e), 0)).toBeGreaterThan(MATCH_MANY_CHUNK_BYTES);
    const ranges = await startedRanges(items);
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges[0][0]).toBe(0);
    expect(ranges[ranges.length - 1][1]).toBe(HEAVY_ITEMS);
    for (const [from, to] of ranges) {
      expect(items.slice(from, to).reduce((sum, e) => sum + entityBytes(e), 0)).toBeLessThanOrEqual(MATCH_MANY_CHUNK_BYTES);
    }
  });
});

/** The batch activities on `matcher`, recording the size of each matcher call (and calling `onCall` as it starts). */
function activitiesCountingCalls(matcher: MatcherClient, onCall: () => void = () => {}) {
  const callSizes: number[] = [];
  const activities = createBatchScreeningActivities({
    pool,
    logger: createLogger('worker', 'silent'),
    matcher: {
      matchManyAnswer: (entities, opts) => {
        callSizes.push(entities.length);
        onCall();
        return matcher.matchManyAnswer(entities, opts);
      },
    },
  });
  return { activities, callSizes };
}

describe('a chunk', () => {
  it('is screened in matcher calls of at most BATCH_MATCHER_CALL_ITEMS items, every item committed once', async () => {
    const jobId = await submitted(Array.from({ length: BATCH_CHUNK_SIZE }, (_, i) => ({ type: 'person', name: `Chunk Person ${i}` })));
    const matcher = createMatcherClient(matcherServer.url);
    const { activities, callSizes } = activitiesCountingCalls(matcher);
    try {
      const env = new MockActivityEnvironment();
      const { job, ranges } = (await env.run(activities.startBatch, { jobId, chunkSize: BATCH_CHUNK_SIZE })) as Awaited<
        ReturnType<typeof activities.startBatch>
      >;
      expect(ranges).toEqual([[0, BATCH_CHUNK_SIZE]]);
      expect(await env.run(activities.screenBatchChunk, { job, from: 0, to: BATCH_CHUNK_SIZE })).toEqual({ screened: BATCH_CHUNK_SIZE });
      expect(callSizes).toHaveLength(Math.ceil(BATCH_CHUNK_SIZE / BATCH_MATCHER_CALL_ITEMS));
      for (const size of callSizes) expect(size).toBeLessThanOrEqual(BATCH_MATCHER_CALL_ITEMS);
      expect(await env.run(activities.completeBatch, { jobId })).toMatchObject({ completedItems: BATCH_CHUNK_SIZE, failedItems: 0 });
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM usage_events WHERE kind = 'batch_item' AND event_key LIKE $1",
        [`${jobId}:%`],
      );
      expect(rows[0].n).toBe(BATCH_CHUNK_SIZE);
    } finally {
      matcher.close();
    }
  }, 60_000);

  it('cancelled during a matcher call, commits that call and makes no other', async () => {
    const jobId = await submitted(
      Array.from({ length: BATCH_CHUNK_SIZE }, (_, i) => ({ type: 'person', name: `Cancelled Chunk Person ${i}` })),
    );
    const matcher = createMatcherClient(matcherServer.url);
    const env = new MockActivityEnvironment();
    const { activities, callSizes } = activitiesCountingCalls(matcher, () => env.cancel());
    try {
      const { job } = (await env.run(activities.startBatch, { jobId, chunkSize: BATCH_CHUNK_SIZE })) as Awaited<
        ReturnType<typeof activities.startBatch>
      >;
      await expect(env.run(activities.screenBatchChunk, { job, from: 0, to: BATCH_CHUNK_SIZE })).rejects.toThrow();
      expect(callSizes).toHaveLength(1);
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM batch_items WHERE job_id = $1 AND outcome = 'completed'",
        [jobId],
      );
      expect(rows[0].n).toBe(callSizes[0]);
    } finally {
      matcher.close();
    }
  }, 60_000);
});

describe('an item the matcher refuses', () => {
  it('is isolated by splitting its chunk and becomes an error result; the other items complete and the batch completes', async () => {
    const jobId = await submitted(Array.from({ length: 30 }, (_, i) => ({ type: 'person', name: `Batch Person ${i}` })));
    // An item as no submission could store it today: the matcher answers 400 for it.
    await pool.query(`UPDATE batch_items SET item = jsonb_set(item, '{aliases}', '"not a list"') WHERE job_id = $1 AND idx = 11`, [jobId]);
    const matcher = createMatcherClient(matcherServer.url);
    const warnings: unknown[] = [];
    const logger = { ...createLogger('worker', 'silent'), warn: (o: unknown) => warnings.push(o) } as unknown as ReturnType<
      typeof createLogger
    >;
    const activities = createBatchScreeningActivities({ pool, logger, matcher });
    try {
      const env = new MockActivityEnvironment();
      const { job, ranges } = (await env.run(activities.startBatch, { jobId, chunkSize: BATCH_CHUNK_SIZE })) as Awaited<
        ReturnType<typeof activities.startBatch>
      >;
      expect(ranges).toEqual([[0, 30]]);
      expect(await env.run(activities.screenBatchChunk, { job, from: 0, to: 30 })).toEqual({ screened: 29 });
      const summary = await env.run(activities.completeBatch, { jobId });
      expect(summary).toMatchObject({ totalItems: 30, completedItems: 29, failedItems: 1 });
      const { rows } = await pool.query<{ outcome: string; error: { code: string } | null }>(
        'SELECT outcome, error FROM batch_items WHERE job_id = $1 AND idx = 11',
        [jobId],
      );
      expect(rows[0]).toMatchObject({ outcome: 'error', error: { code: 'invalid_request' } });
      expect(warnings).toEqual([{ jobId, indexes: [11] }]);
    } finally {
      matcher.close();
    }
  }, 60_000);
});

describe('a matcher answer that does not refuse the items', () => {
  it("fails the chunk, to be retried, on a 408 from the matcher's own request time-out: no item becomes an error result", async () => {
    const jobId = await submitted(Array.from({ length: 8 }, (_, i) => ({ type: 'person', name: `Stalled Batch Person ${i}` })));
    // A matcher with a request time-out of 200 ms, behind a hop that holds each body 1 s.
    const strict = await startMatcherServer({
      port: 0,
      pool,
      logger: createLogger('matcher', 'silent'),
      timeouts: { headersTimeoutMs: 200, requestTimeoutMs: 200, keepAliveTimeoutMs: 5000 },
    });
    const hop = await startBodyHoldingHop(strict.url, 1000);
    const matcher = createMatcherClient(hop.url);
    const activities = createBatchScreeningActivities({ pool, logger: createLogger('worker', 'silent'), matcher });
    try {
      const env = new MockActivityEnvironment();
      const { job } = (await env.run(activities.startBatch, { jobId, chunkSize: BATCH_CHUNK_SIZE })) as Awaited<
        ReturnType<typeof activities.startBatch>
      >;
      await expect(env.run(activities.screenBatchChunk, { job, from: 0, to: 8 })).rejects.toMatchObject({ statusCode: 408 });
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM batch_items WHERE job_id = $1 AND outcome IS NULL', [
        jobId,
      ]);
      expect(rows[0].n).toBe(8);
    } finally {
      matcher.close();
      await hop.close();
      await strict.close();
    }
  }, 60_000);
});
