import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { requestHash } from '../../../gateway/billing/screenOnce';
import { matchChangeKind, type MatchChange } from '../../../activities/monitoring';
import { reactToMatchChanges } from '../../../activities/reviews';
import { recordEventsDeliveries } from '../../../activities/webhooks';
import { inTransaction } from '../../../infra/base/db/transaction';
import { withSecondaryIndexesDeferred } from './deferredIndexes';
import { BLOCKING_KEYS_VERSION, subjectBlockingKeys } from '../../../matcher/blockingKeys';
import type { MatcherClient } from '../../../matcher/client';
import type { Entity, ScreeningResult } from '../../../matcher/types';

export interface Enrollee {
  entity: Entity;
  orgId: string;
}

/** Subjects per matchMany call: a lane's whole batch, so that each call's fixed cost is paid once per 1,000. */
const SCREEN_CHUNK = 1000;

export interface BulkEnrollment {
  /** Wall time, and the time the lanes spent screening, computing the rows (blocking keys, hashes, JSON) and in the insert (summed over lanes). */
  wallMs: number;
  screenMs: number;
  rowsMs: number;
  writeMs: number;
}

/** The tables an enrollment writes row by row whose secondary indexes are built once it is done. */
const DEFERRED_INDEXES_OF = ['monitored_records', 'reviews', 'review_history'];
/** Kept while enrolling: opening a record’s reviews reads those it has, by record (activities/reviews/react.ts). */
const INDEXES_READ_WHILE_ENROLLING = ['reviews_record'];

/** Records enrolled between two `onProgress` calls. */
const PROGRESS_EVERY = 100_000;

/**
 * Monitoring enrollment's pieces (a matchMany screening, the blocking keys, the monitored_records
 * row, the reviews of its matches opened and their events recorded, as PUT /v1/monitor's
 * transaction does: gateway/monitoring/enrollmentReviews.ts), in bulk rather than one PUT each: `lanes` batches at a time, each screened on
 * the next matcher in turn and written in one transaction (its records COPY'd, then inserted in one statement), so that one lane writes while
 * another waits for its matcher. `next` hands out the batches in order (it is called from one
 * lane at a time, so a seeded generator behind it draws the same subjects whatever the lanes).
 */
export async function enrollInBulk(options: {
  pool: Pool;
  matchers: readonly MatcherClient[];
  lanes: number;
  next: () => Enrollee[] | null;
  /**
   * Builds the secondary indexes of the tables written once, after the enrollment, rather than row
   * by row: only where nothing else uses the database meanwhile (the monitoring bench's own).
   */
  deferIndexes?: boolean;
  /** Leaves the reviews out (the bench before enrollments opened them: a comparison). */
  withoutReviews?: boolean;
  /** Told every PROGRESS_EVERY records: a 1M enrollment runs for many minutes. */
  onProgress?: (progress: BulkEnrollment & { enrolled: number }) => void;
}): Promise<BulkEnrollment> {
  const started = Date.now();
  const spent = { screenMs: 0, rowsMs: 0, writeMs: 0 };
  let enrolled = 0;
  let turn = 0;
  const lane = async (): Promise<void> => {
    for (let batch = options.next(); batch; batch = options.next()) {
      const matcher = options.matchers[turn++ % options.matchers.length];
      const screening = Date.now();
      const screened = await screenBatch(matcher, batch);
      const computing = Date.now();
      spent.screenMs += computing - screening;
      const rows = recordRows(batch, screened);
      const writing = Date.now();
      spent.rowsMs += writing - computing;
      await inTransaction(options.pool, async (client) => {
        const inserted = await insertRecords(client, rows, screened.rulesVersion);
        if (!options.withoutReviews) await openEnrollmentReviews(client, rows, inserted);
      });
      spent.writeMs += Date.now() - writing;
      const before = enrolled;
      enrolled += batch.length;
      if (Math.floor(enrolled / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) {
        // The tables grow from empty faster than autovacuum analyzes them: planned as tiny, each
        // batch's lookup of its records' reviews scanned the whole reviews table (8 s a batch by 500,000).
        await options.pool.query('ANALYZE reviews, monitored_records');
        options.onProgress?.({ enrolled, wallMs: Date.now() - started, ...spent });
      }
    }
  };
  const lanes = () => Promise.all(Array.from({ length: options.lanes }, lane));
  if (options.deferIndexes) await withSecondaryIndexesDeferred(options.pool, DEFERRED_INDEXES_OF, INDEXES_READ_WHILE_ENROLLING, lanes);
  else await lanes();
  return { wallMs: Date.now() - started, ...spent };
}

interface Screened {
  results: ScreeningResult[];
  headroom: number[];
  entryKeys: Array<string[] | null>;
  rulesVersion: number | null;
}

async function screenBatch(matcher: MatcherClient, batch: readonly Enrollee[]): Promise<Screened> {
  const out: Screened = { results: [], headroom: [], entryKeys: [], rulesVersion: null };
  for (let i = 0; i < batch.length; i += SCREEN_CHUNK) {
    const screened = await matcher.matchManyWithHeadroom(
      batch.slice(i, i + SCREEN_CHUNK).map((b) => b.entity),
      { requestId: 'bench-enroll', timeoutMs: 120_000 },
    );
    out.results.push(...screened.results);
    out.headroom.push(...screened.headroom);
    out.entryKeys.push(...screened.results.map((_, j) => screened.entryKeys?.[j] ?? null));
    out.rulesVersion = screened.rulesVersion;
  }
  return out;
}

/** The rows as upsertRecord (activities/monitoring/records.ts) computes one, in the order they are inserted. */
function recordRows(batch: readonly Enrollee[], screened: Screened): RecordRow[] {
  const rows = batch.map((b, i) => ({
    org: b.orgId,
    entity: b.entity,
    hash: requestHash(b.entity),
    result: screened.results[i],
    headroom: screened.headroom[i],
    entryKeys: screened.entryKeys[i],
    keys: subjectBlockingKeys(b.entity),
  }));
  // In the unique index's order: two lanes writing the same subject for the same organization
  // then wait for each other in one order, never in a cycle.
  rows.sort((a, b) => (a.org === b.org ? (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0) : a.org < b.org ? -1 : 1));
  return rows;
}

interface RecordRow {
  org: string;
  entity: Entity;
  hash: string;
  result: ScreeningResult;
  headroom: number;
  entryKeys: string[] | null;
  keys: number[];
}

/**
 * The batch's rows, COPY'd in the order they are inserted, then inserted from there: one row of a
 * temporary table each. Its documents are stored uncompressed: a value compressed here would be
 * copied into monitored_records compressed as it is, not with that column's own compression.
 */
const STAGING = `CREATE TEMPORARY TABLE IF NOT EXISTS enrolling (
  ord int NOT NULL, org_id uuid NOT NULL, entity jsonb NOT NULL, entity_hash text NOT NULL, result jsonb NOT NULL, blocking_keys int[] NOT NULL, headroom int
) ON COMMIT DELETE ROWS;
ALTER TABLE enrolling ALTER COLUMN entity SET STORAGE EXTERNAL, ALTER COLUMN result SET STORAGE EXTERNAL`;

/** One value in COPY's text format: JSON.stringify writes no raw tab or line break, so backslashes are all it escapes. */
const copyText = (value: string): string => value.replace(/\\/g, '\\\\');

function stagedLine(row: RecordRow, ord: number): string {
  return (
    [
      ord,
      row.org,
      copyText(JSON.stringify(row.entity)),
      row.hash,
      copyText(JSON.stringify(row.result)),
      `{${row.keys.join(',')}}`,
      Number.isInteger(row.headroom) ? row.headroom : '\\N',
    ].join('\t') + '\n'
  );
}

/**
 * A batch COPY'd into a temporary table, then inserted from it in one statement: the columns are
 * derived from the entity and the result as upsertRecord derives them, and only the rows inserted
 * (a subject not enrolled yet) get their headroom.
 */
async function insertRecords(client: PoolClient, rows: readonly RecordRow[], rulesVersion: number | null): Promise<Map<string, string>> {
  await client.query(STAGING);
  await pipeline(
    Readable.from(rows.map(stagedLine)),
    client.query(copyFrom('COPY enrolling (ord, org_id, entity, entity_hash, result, blocking_keys, headroom) FROM STDIN')),
  );
  const { rows: inserted } = await client.query<{ id: string; org_id: string; entity_hash: string }>(
    `WITH stored AS (
       INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, recall_capped, blocking_keys_version, rules_version)
       SELECT org_id, entity, entity_hash, entity->>'type', coalesce(entity->>'npi', '') <> '', result->>'status', result,
              blocking_keys, (result->>'checkedAt')::timestamptz, coalesce((result->>'recallCapped')::boolean, false), $1, $2
         FROM enrolling ORDER BY ord
       ON CONFLICT DO NOTHING
       RETURNING id, org_id, entity_hash
     ), room AS (
       INSERT INTO monitored_record_headroom (record_id, headroom)
       SELECT s.id, e.headroom FROM stored s JOIN enrolling e ON e.org_id = s.org_id AND e.entity_hash = s.entity_hash
       ON CONFLICT DO NOTHING
     )
     SELECT id, org_id, entity_hash FROM stored`,
    [BLOCKING_KEYS_VERSION, rulesVersion],
  );
  return new Map(inserted.map((r) => [recordKey(r.org_id, r.entity_hash), r.id]));
}

const recordKey = (orgId: string, entityHash: string) => `${orgId}\u0000${entityHash}`;

/**
 * The new records' matches appeared: their reviews open, and the review events' deliveries are
 * recorded, in the insert's transaction (a subject enrolled twice is one record, its reviews
 * opened once). The deliveries are not started: the bench's endpoints take match_status_change alone,
 * so none is recorded for the review events.
 */
async function openEnrollmentReviews(client: PoolClient, rows: readonly RecordRow[], inserted: Map<string, string>): Promise<void> {
  const changes: MatchChange[] = [];
  for (const row of rows) {
    const recordId = inserted.get(recordKey(row.org, row.hash));
    const kind = matchChangeKind([], row.result.matches);
    if (recordId === undefined || !kind) continue;
    inserted.delete(recordKey(row.org, row.hash)); // a subject twice in the batch is one record, enrolled by its first row
    changes.push({ kind, orgId: row.org, recordId, entity: row.entity, matches: row.result.matches, entryKeys: row.entryKeys });
  }
  if (changes.length === 0) return;
  await recordEventsDeliveries(client, await reactToMatchChanges(client, changes));
}
