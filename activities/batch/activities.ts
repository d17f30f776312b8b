import { Context } from '@temporalio/activity';
import type { Pool } from 'pg';
import type { Logger } from '../../infra/base/log';
import { MATCH_MANY_CHUNK_BYTES, type MatcherClient } from '../../matcher/client';
import { isolateRefusals } from '../matcherRefusals';
import {
  completeJob,
  loadPendingItems,
  pendingRanges,
  saveChunkResults,
  saveRefusedItems,
  startJob,
  type BatchJobRef,
  type BatchSummary,
} from './index';

/** An item as stored: its JSON text goes to the matcher unparsed. */
type PendingItem = { idx: number; item: string };

/** How often a chunk heartbeats while its matcher call runs: well inside the workflow's heartbeat timeout. */
const HEARTBEAT_EVERY_MS = 2000;
/**
 * A chunk's matcher call may queue behind other chunks' calls on a busy matcher; the heartbeats
 * tell Temporal the worker is alive meanwhile, so only a matcher that does not answer at all
 * fails the call.
 */
const CHUNK_CALL_TIMEOUT_MS = 60_000;

/** Screened items and the matcher's answer for them, as it came (results[i] for items[i]). */
type Answered = { items: PendingItem[]; outcome: string };

/**
 * Items per matcher call at most. A matcher screens a call on its one thread from start to end,
 * so a larger call makes an interactive screen queued behind it wait longer; this one is about
 * half a second of screening at full list scale.
 */
export const BATCH_MATCHER_CALL_ITEMS = 400;

/** The chunk's items in calls of at most BATCH_MATCHER_CALL_ITEMS, of sizes as even as they can be. */
export function matcherCalls<T>(items: readonly T[]): T[][] {
  const calls = Math.ceil(items.length / BATCH_MATCHER_CALL_ITEMS);
  const size = Math.ceil(items.length / calls);
  return Array.from({ length: calls }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * One answer for all the items answered: the matcher's own when one call screened them all
 * (the usual case, passed on unparsed); after a refusal split them, the parts' results joined.
 */
function joinedAnswer(answered: Answered[]): { indexes: number[]; answer: string } {
  const indexes = answered.flatMap((a) => a.items.map((i) => i.idx));
  if (answered.length === 1) return { indexes, answer: answered[0].outcome };
  const results = answered.flatMap((a) => (JSON.parse(a.outcome) as { results?: unknown[] }).results ?? []);
  return { indexes, answer: JSON.stringify({ results }) };
}

/** Activities of the batchScreening workflow: all I/O of a batch, by job id and index range. */
export function createBatchScreeningActivities(deps: { pool: Pool; logger: Logger; matcher: Pick<MatcherClient, 'matchManyAnswer'> }) {
  /**
   * One matcher call for the items. A refusal of the items sent splits them in halves down to
   * the refused item; any other failure (a 408, a 400 the matcher does not put on the items)
   * fails the chunk, which is retried.
   */
  const screenCall = (job: BatchJobRef, items: PendingItem[]) =>
    isolateRefusals(items, (part) =>
      deps.matcher.matchManyAnswer(
        part.map((i) => i.item),
        { requestId: `batch:${job.jobId}:${part[0].idx}`, timeoutMs: CHUNK_CALL_TIMEOUT_MS },
      ),
    );

  /** Commits one call's outcome: refused items as error results, the answered ones' results; how many were screened. */
  async function commitCall(job: BatchJobRef, { answered, refused }: Awaited<ReturnType<typeof screenCall>>): Promise<number> {
    if (refused.length > 0) {
      await saveRefusedItems(
        deps.pool,
        job,
        refused.map((i) => i.idx),
      );
      deps.logger.warn(
        { jobId: job.jobId, indexes: refused.map((i) => i.idx) },
        'batch items refused by the matcher; recorded as error results',
      );
    }
    if (answered.length === 0) return 0;
    const { indexes, answer } = joinedAnswer(answered);
    return saveChunkResults(deps.pool, job, indexes, answer);
  }

  return {
    /** queued → processing; the index ranges still to screen (all of them, or what a lost run left), bounded by count and bytes. */
    async startBatch(input: { jobId: string; chunkSize: number }): Promise<{ job: BatchJobRef; ranges: Array<[number, number]> }> {
      const job = await startJob(deps.pool, input.jobId);
      return { job, ranges: await pendingRanges(deps.pool, input.jobId, input.chunkSize, MATCH_MANY_CHUNK_BYTES) };
    },

    /**
     * Screens the range's pending items in matcher calls of at most BATCH_MATCHER_CALL_ITEMS,
     * one call at a time, each call's results and metering committed together while the next
     * call screens, so the matcher does not wait for PostgreSQL; an item the matcher refuses
     * becomes an error result. Run again after a lost worker, it screens only what is still pending.
     */
    async screenBatchChunk(input: { job: BatchJobRef; from: number; to: number }): Promise<{ screened: number }> {
      const items = await loadPendingItems(deps.pool, input.job.jobId, input.from, input.to);
      if (items.length === 0) return { screened: 0 };
      const context = Context.current();
      context.heartbeat();
      const heartbeats = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
      let screened = 0;
      let commit: Promise<void> = Promise.resolve();
      try {
        for (const part of matcherCalls(items)) {
          // An attempt Temporal gave up on (a missed heartbeat) stops here rather than screen the rest beside its retry.
          context.cancellationSignal.throwIfAborted();
          const outcome = await screenCall(input.job, part);
          await commit;
          commit = commitCall(input.job, outcome).then((n) => {
            screened += n;
          });
          // Its failure is thrown where it is awaited: once the next call has answered, or below.
          commit.catch(() => undefined);
        }
        await commit;
      } finally {
        clearInterval(heartbeats);
        // A failed call leaves the commit before it to finish, not to be cut short by the retry.
        await commit.catch(() => undefined);
      }
      context.heartbeat();
      return { screened };
    },

    /** processing → completed; releases what is left of the allowance reservation. */
    async completeBatch(input: { jobId: string }): Promise<BatchSummary> {
      const summary = await completeJob(deps.pool, input.jobId);
      deps.logger.info(summary, 'batch completed');
      return summary;
    },
  };
}

export type BatchScreeningActivities = ReturnType<typeof createBatchScreeningActivities>;
