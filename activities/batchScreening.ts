import { Context } from '@temporalio/activity';
import type { Pool } from 'pg';
import type { Logger } from '../infra/base/log';
import { MATCH_MANY_CHUNK_BYTES, type MatcherClient } from '../matcher/client';
import type { Entity } from '../matcher/types';
import { completeJob, loadPendingItems, pendingRanges, saveChunkResults, startJob, type BatchJobRef, type BatchSummary } from './batch';

/** Activities of the batchScreening workflow: all I/O of a batch, by job id and index range. */
export function createBatchActivities(deps: { pool: Pool; logger: Logger; matcher: Pick<MatcherClient, 'matchMany'> }) {
  return {
    /** queued → processing; the index ranges still to screen (all of them, or what a lost run left), bounded by count and bytes. */
    async startBatch(input: { jobId: string; chunkSize: number }): Promise<{ job: BatchJobRef; ranges: Array<[number, number]> }> {
      const job = await startJob(deps.pool, input.jobId);
      return { job, ranges: await pendingRanges(deps.pool, input.jobId, input.chunkSize, MATCH_MANY_CHUNK_BYTES) };
    },

    /**
     * Screens the range's pending items in one matcher call and commits their results and
     * metering together. Run again after a lost worker, it screens only what is still pending.
     */
    async screenBatchChunk(input: { job: BatchJobRef; from: number; to: number }): Promise<{ screened: number }> {
      const items = await loadPendingItems(deps.pool, input.job.jobId, input.from, input.to);
      if (items.length === 0) return { screened: 0 };
      Context.current().heartbeat();
      const results = await deps.matcher.matchMany(items.map((i) => i.item as Entity), { requestId: `batch:${input.job.jobId}:${input.from}` });
      Context.current().heartbeat();
      const screened = await saveChunkResults(deps.pool, input.job, items.map((item, i) => ({ idx: item.idx, result: results[i] })));
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

export type BatchActivities = ReturnType<typeof createBatchActivities>;
