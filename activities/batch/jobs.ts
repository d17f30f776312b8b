import type { Pool, PoolClient } from 'pg';
import type { ScreeningResult } from '../../matcher/types';
import { inTransaction } from '../../infra/base/db/transaction';
import { consumeReservation, lockAllowancePeriod, recordUsageEvents, releaseReservation } from '../metering';
import { takeOutSources } from './sharedSources';
import { storableJson } from './storable';

/** Batch jobs and items (migration 6200). Reads a client can cause are scoped to its organization. */
type Db = Pool | PoolClient;

export type BatchState = 'queued' | 'processing' | 'completed';

export interface ItemError {
  code: 'invalid_request';
  message: string;
  fields: Record<string, string[]>;
}

export type BatchItemResult =
  { index: number; outcome: 'completed'; result: ScreeningResult } | { index: number; outcome: 'error'; error: ItemError };

export interface BatchJobView {
  jobId: string;
  state: BatchState;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  results?: BatchItemResult[];
}

/** What the workflow and its activities need to know of a job. */
export interface BatchJobRef {
  jobId: string;
  orgId: string;
  totalItems: number;
}

export interface BatchSummary {
  jobId: string;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  potentialMatchItems: number;
  completedAt: string;
}

/** What a submission learns of the job its key names. */
export interface SubmittedJob {
  jobId: string;
  /** False when the key was used before: the caller writes nothing more. */
  created: boolean;
  state: BatchState;
  /** As stored at the first submission, whatever a resubmission's body holds. */
  totalItems: number;
}

/** The job of (org, key), created in `period` (the billing period its items are metered in) if new. */
export async function insertJob(
  client: PoolClient,
  orgId: string,
  idempotencyKey: string,
  totalItems: number,
  period: string,
): Promise<SubmittedJob> {
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO batch_jobs (org_id, idempotency_key, total_items, period) VALUES ($1, $2, $3, $4)
     ON CONFLICT (org_id, idempotency_key) DO NOTHING RETURNING id`,
    [orgId, idempotencyKey, totalItems, period],
  );
  if (inserted.rows[0]) return { jobId: inserted.rows[0].id, created: true, state: 'queued', totalItems };
  const existing = await client.query<{ id: string; state: BatchState; total_items: number }>(
    'SELECT id, state, total_items FROM batch_jobs WHERE org_id = $1 AND idempotency_key = $2',
    [orgId, idempotencyKey],
  );
  const job = existing.rows[0];
  return { jobId: job.id, created: false, state: job.state, totalItems: job.total_items };
}

/** Whether the organization has a job under this key (a resubmission, however many times). */
export async function jobExistsForKey(db: Db, orgId: string, idempotencyKey: string): Promise<boolean> {
  if (!idempotencyKey) return false;
  const { rowCount } = await db.query('SELECT 1 FROM batch_jobs WHERE org_id = $1 AND idempotency_key = $2', [orgId, idempotencyKey]);
  return rowCount === 1;
}

/**
 * Stores every submitted item in one statement; an invalid one is handled at once, as an error
 * result. An invalid item is stored in its storable form (storable.ts): it may hold what jsonb
 * refuses (U+0000, a lone surrogate), in a value or a key, and so may its error's field names.
 * A valid item holds neither: the subject schema refuses them.
 */
export async function insertItems(
  client: PoolClient,
  jobId: string,
  items: ReadonlyArray<{ item: unknown; error: ItemError | null }>,
): Promise<void> {
  await client.query(
    `INSERT INTO batch_items (job_id, idx, item, outcome, error)
     SELECT $1, (e.ord - 1)::int, e.value->'item', CASE WHEN e.value->'error' = 'null'::jsonb THEN NULL ELSE 'error' END,
            NULLIF(e.value->'error', 'null'::jsonb)
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(value, ord)`,
    [
      jobId,
      JSON.stringify(
        items.map((i) =>
          i.error ? { item: storableJson(i.item ?? null), error: storableJson(i.error) } : { item: i.item ?? null, error: null },
        ),
      ),
    ],
  );
  const failed = items.filter((i) => i.error).length;
  await client.query('UPDATE batch_jobs SET failed_items = $2 WHERE id = $1', [jobId, failed]);
}

export async function attachReservation(client: PoolClient, jobId: string, reservationId: string): Promise<void> {
  await client.query('UPDATE batch_jobs SET reservation_id = $2 WHERE id = $1', [jobId, reservationId]);
}

interface JobRow {
  id: string;
  org_id: string;
  state: BatchState;
  total_items: number;
  completed_items: number;
  failed_items: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

function toView(r: JobRow): BatchJobView {
  return {
    jobId: r.id,
    state: r.state,
    totalItems: r.total_items,
    completedItems: r.completed_items,
    failedItems: r.failed_items,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at ? r.started_at.toISOString() : null,
    completedAt: r.completed_at ? r.completed_at.toISOString() : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /batch/{jobId}: null for an unknown id or another organization's job. Results, by index, once completed. */
export async function readJob(db: Db, orgId: string, jobId: string): Promise<BatchJobView | null> {
  if (!UUID.test(jobId)) return null;
  const { rows } = await db.query<JobRow>('SELECT * FROM batch_jobs WHERE id = $1 AND org_id = $2', [jobId, orgId]);
  if (!rows[0]) return null;
  const view = toView(rows[0]);
  if (view.state !== 'completed') return view;
  const items = await storedResults(db, jobId);
  view.results = items.map((i) =>
    i.outcome === 'completed'
      ? { index: i.idx, outcome: 'completed', result: i.result! }
      : { index: i.idx, outcome: 'error', error: i.error! },
  );
  return view;
}

/**
 * Every item's outcome, result and error, by index; a result stored with its sources taken out
 * (saveChunkResults) gets them back, so it is the screening as the matcher answered it.
 */
export async function storedResults(
  db: Db,
  jobId: string,
): Promise<Array<{ idx: number; outcome: 'completed' | 'error' | null; result: ScreeningResult | null; error: ItemError | null }>> {
  const { rows } = await db.query(
    `SELECT b.idx, b.outcome, b.error,
            CASE WHEN s.id IS NULL THEN b.result ELSE b.result || jsonb_build_object('sources', s.sources) END AS result
       FROM batch_items b LEFT JOIN batch_result_sources s ON s.id = b.sources_id
      WHERE b.job_id = $1 ORDER BY b.idx`,
    [jobId],
  );
  return rows;
}

/** queued → processing (startedAt set once). */
export async function startJob(db: Db, jobId: string): Promise<BatchJobRef> {
  const { rows } = await db.query<JobRow>(
    `UPDATE batch_jobs SET state = CASE WHEN state = 'queued' THEN 'processing' ELSE state END,
                           started_at = coalesce(started_at, now())
      WHERE id = $1 RETURNING *`,
    [jobId],
  );
  if (!rows[0]) throw new Error(`no batch job ${jobId}`);
  return { jobId, orgId: rows[0].org_id, totalItems: rows[0].total_items };
}

/**
 * Index ranges [from, to) of the items not handled yet, each one matcher call: at most
 * `chunkSize` items, and at most `chunkBytes` of their JSON unless a single item holds more.
 */
export async function pendingRanges(db: Db, jobId: string, chunkSize: number, chunkBytes = Infinity): Promise<Array<[number, number]>> {
  const { rows } = await db.query<{ idx: number; bytes: number }>(
    'SELECT idx, octet_length(item::text) AS bytes FROM batch_items WHERE job_id = $1 AND outcome IS NULL ORDER BY idx',
    [jobId],
  );
  const ranges: Array<[number, number]> = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > start && (i - start >= chunkSize || bytes + rows[i].bytes > chunkBytes)) {
      ranges.push([rows[start].idx, rows[i - 1].idx + 1]);
      start = i;
      bytes = 0;
    }
    bytes += rows[i].bytes;
  }
  if (rows.length > start) ranges.push([rows[start].idx, rows[rows.length - 1].idx + 1]);
  return ranges;
}

/** The range's pending items, each as its JSON text: it goes to the matcher as it is stored, never parsed here. */
export async function loadPendingItems(db: Db, jobId: string, from: number, to: number): Promise<Array<{ idx: number; item: string }>> {
  const { rows } = await db.query<{ idx: number; item: string }>(
    'SELECT idx, item::text AS item FROM batch_items WHERE job_id = $1 AND idx >= $2 AND idx < $3 AND outcome IS NULL ORDER BY idx',
    [jobId, from, to],
  );
  return rows;
}

/** A matcher answer whose results do not pair one to one with the items screened: the chunk fails, to be screened again. */
export class UnpairedAnswerError extends Error {
  override readonly name = 'UnpairedAnswerError';
}

/**
 * Commits a chunk's results in one transaction: each still-pending item gets its result, ledger row
 * and counter share, and its reserved unit is metered in the job's submission period; items an
 * earlier run committed are skipped. `answer` is matchMany's raw answer (results[i] for indexes[i]),
 * read by PostgreSQL so the worker never parses it; one not JSON, or not one result per index,
 * commits nothing. Each result is stored with its sources replaced by a number, the job storing
 * each different sources once (batch_result_sources, migration 8100); storedResults puts them back.
 */
export async function saveChunkResults(
  pool: Pool,
  job: Pick<BatchJobRef, 'jobId' | 'orgId'>,
  indexes: readonly number[],
  answer: string,
): Promise<number> {
  return inTransaction(pool, async (client) => {
    const stored = await client.query<{ period: string; reservation_id: string | null }>(
      'SELECT period, reservation_id FROM batch_jobs WHERE id = $1 AND org_id = $2',
      [job.jobId, job.orgId],
    );
    if (!stored.rows[0]) throw new Error(`no batch job ${job.jobId} for organization ${job.orgId}`);
    const { period, reservation_id: reservationId } = stored.rows[0];
    await lockAllowancePeriod(client, job.orgId, period);
    const shared = takeOutSources(answer);
    if (shared.variants.length > 0) await saveSources(client, job.jobId, shared.variants);
    // A result whose sources are a number (the variant taken out) is stored so and names their row;
    // taking the key out too (`- 'sources'`) would cost PostgreSQL about half again what reading the answer costs.
    const updated = await client.query<{ answered: number | null; handled: number[]; unknown_sources: number }>(
      `WITH body AS MATERIALIZED (SELECT $3::jsonb -> 'results' AS results),
            answer AS MATERIALIZED (
              SELECT CASE WHEN jsonb_typeof(results) = 'array' THEN results ELSE '[]' END AS results,
                     CASE WHEN jsonb_typeof(results) = 'array' THEN jsonb_array_length(results) END AS answered
                FROM body),
            shared AS MATERIALIZED (
              SELECT (v.ord - 1)::text AS variant, s.id
                FROM unnest($4::text[]) WITH ORDINALITY AS v(sources, ord)
                JOIN batch_result_sources s ON s.job_id = $1 AND md5(s.sources::text) = md5(v.sources::jsonb::text)),
            paired AS (
              SELECT i.idx, e.result, jsonb_typeof(e.result -> 'sources') = 'number' AS taken_out, shared.id AS sources_id
                FROM answer,
                     unnest($2::int[]) WITH ORDINALITY AS i(idx, ord)
                     JOIN jsonb_array_elements(answer.results) WITH ORDINALITY AS e(result, ord) USING (ord)
                     LEFT JOIN shared ON shared.variant = e.result ->> 'sources'
               WHERE answer.answered = cardinality($2::int[])),
            saved AS (
              UPDATE batch_items b
                 SET outcome = 'completed',
                     result = paired.result,
                     sources_id = CASE WHEN paired.taken_out THEN paired.sources_id END
                FROM paired
               WHERE b.job_id = $1 AND b.idx = paired.idx AND b.outcome IS NULL
               RETURNING b.idx, paired.taken_out AND paired.sources_id IS NULL AS unknown_sources)
       SELECT (SELECT answered FROM answer) AS answered, coalesce((SELECT array_agg(idx ORDER BY idx) FROM saved), '{}') AS handled,
              (SELECT count(*)::int FROM saved WHERE unknown_sources) AS unknown_sources`,
      [job.jobId, indexes, shared.answer, shared.variants],
    );
    const { answered, handled, unknown_sources: unknownSources } = updated.rows[0];
    if (answered !== indexes.length)
      throw new UnpairedAnswerError(`the matcher answered ${answered ?? 'no'} results for ${indexes.length} items of job ${job.jobId}`);
    // Cannot happen (every variant was saved above); if it did, the transaction stores nothing rather than a result without its sources.
    if (unknownSources > 0) throw new Error(`${unknownSources} results of job ${job.jobId} name sources that were not saved`);
    if (handled.length > 0) {
      await recordUsageEvents(
        client,
        handled.map((idx) => ({ orgId: job.orgId, kind: 'batch_item' as const, eventKey: `${job.jobId}:${idx}`, period })),
      );
      await client.query('UPDATE batch_jobs SET completed_items = completed_items + $3 WHERE id = $1 AND org_id = $2', [
        job.jobId,
        job.orgId,
        handled.length,
      ]);
      if (reservationId) await consumeReservation(client, reservationId, handled.length);
    }
    return handled.length;
  });
}

/** Each of the job's different sources, stored once (a retried chunk's are there already). */
async function saveSources(client: PoolClient, jobId: string, variants: readonly string[]): Promise<void> {
  await client.query(
    `INSERT INTO batch_result_sources (job_id, sources) SELECT $1, v::jsonb FROM unnest($2::text[]) AS v
     ON CONFLICT (job_id, md5(sources::text)) DO NOTHING`,
    [jobId, variants],
  );
}

/**
 * Items the matcher refused to screen become error results, counted as failed and never metered
 * (their reserved units are released with the rest when the job completes). Items already
 * handled are left as they are.
 */
export async function saveRefusedItems(pool: Pool, job: Pick<BatchJobRef, 'jobId' | 'orgId'>, indexes: readonly number[]): Promise<number> {
  const error: ItemError = {
    code: 'invalid_request',
    message: 'The screening service could not screen this item; it was not screened.',
    fields: { item: ['refused by the matcher'] },
  };
  return inTransaction(pool, async (client) => {
    const updated = await client.query(
      `UPDATE batch_items SET outcome = 'error', error = $3 WHERE job_id = $1 AND idx = ANY($2::int[]) AND outcome IS NULL`,
      [job.jobId, indexes, JSON.stringify(error)],
    );
    const refused = updated.rowCount ?? 0;
    if (refused > 0)
      await client.query('UPDATE batch_jobs SET failed_items = failed_items + $3 WHERE id = $1 AND org_id = $2', [
        job.jobId,
        job.orgId,
        refused,
      ]);
    return refused;
  });
}

/** processing → completed (completedAt set once); what is left of the reservation is released. */
export async function completeJob(pool: Pool, jobId: string): Promise<BatchSummary> {
  const { rows } = await pool.query<JobRow & { reservation_id: string | null; potential: number }>(
    `UPDATE batch_jobs SET state = 'completed', completed_at = coalesce(completed_at, now()) WHERE id = $1
     RETURNING *, (SELECT count(*)::int FROM batch_items WHERE job_id = $1 AND result->>'status' = 'potential_match') AS potential`,
    [jobId],
  );
  const job = rows[0];
  if (job.reservation_id) await releaseReservation(pool, job.reservation_id);
  return {
    jobId,
    totalItems: job.total_items,
    completedItems: job.completed_items,
    failedItems: job.failed_items,
    potentialMatchItems: job.potential,
    completedAt: job.completed_at!.toISOString(),
  };
}
