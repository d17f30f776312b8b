import type { Pool, PoolClient } from 'pg';
import { requestHash } from '../../../gateway/billing/screenOnce';
import { matchChangeKind, type MatchChange } from '../../../activities/monitoring';
import { reactToMatchChanges } from '../../../activities/reviews';
import { recordEventsDeliveries } from '../../../activities/webhooks';
import { inTransaction } from '../../../infra/base/db/transaction';
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

/** Records enrolled between two `onProgress` calls. */
const PROGRESS_EVERY = 100_000;

/**
 * Monitoring enrollment's pieces (a matchMany screening, the blocking keys, the monitored_records
 * row, the reviews of its matches opened and their events recorded, as PUT /v1/monitor's
 * transaction does: gateway/monitoring/enrollmentReviews.ts), in bulk rather than one PUT each: `lanes` batches at a time, each screened on
 * the next matcher in turn and written as one multi-row insert, so that one lane writes while
 * another waits for its matcher. `next` hands out the batches in order (it is called from one
 * lane at a time, so a seeded generator behind it draws the same subjects whatever the lanes).
 */
export async function enrollInBulk(options: {
  pool: Pool;
  matchers: readonly MatcherClient[];
  lanes: number;
  next: () => Enrollee[] | null;
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
      if (Math.floor(enrolled / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY))
        options.onProgress?.({ enrolled, wallMs: Date.now() - started, ...spent });
    }
  };
  await Promise.all(Array.from({ length: options.lanes }, lane));
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
 * A batch in one statement. One JSON document of the batch costs the server and this process no
 * more than COPY does here, and less than column arrays (a jsonb[] parameter is escaped twice).
 */
async function insertRecords(client: PoolClient, rows: readonly RecordRow[], rulesVersion: number | null): Promise<Map<string, string>> {
  const { rows: inserted } = await client.query<{ id: string; org_id: string; entity_hash: string }>(
    `WITH input AS (
       SELECT e FROM jsonb_array_elements($1::jsonb) e
     ), stored AS (
       INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, recall_capped, blocking_keys_version, rules_version)
       SELECT (e->>'org')::uuid, e->'entity', e->>'hash', e->'entity'->>'type', coalesce(e->'entity'->>'npi', '') <> '', e->'result'->>'status', e->'result',
              ARRAY(SELECT jsonb_array_elements_text(e->'keys')::int), (e->'result'->>'checkedAt')::timestamptz,
              coalesce((e->'result'->>'recallCapped')::boolean, false), $2, $3
         FROM input
       ON CONFLICT DO NOTHING
       RETURNING id, org_id, entity_hash
     ), room AS (
       INSERT INTO monitored_record_headroom (record_id, headroom)
       SELECT s.id, (i.e->>'headroom')::int FROM stored s JOIN input i ON (i.e->>'org')::uuid = s.org_id AND i.e->>'hash' = s.entity_hash
       ON CONFLICT DO NOTHING
     )
     SELECT id, org_id, entity_hash FROM stored`,
    [JSON.stringify(rows.map(({ entryKeys: _, ...row }) => row)), BLOCKING_KEYS_VERSION, rulesVersion],
  );
  return new Map(inserted.map((r) => [recordKey(r.org_id, r.entity_hash), r.id]));
}

const recordKey = (orgId: string, entityHash: string) => `${orgId}\u0000${entityHash}`;

/**
 * The new records' matches appeared: their reviews open, and the review events' deliveries are
 * recorded, in the insert's transaction (a subject enrolled twice is one record, its reviews
 * opened once). The deliveries are not started: the bench's endpoints take match_status_change alone.
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
  if (changes.length > 0) await recordEventsDeliveries(client, await reactToMatchChanges(client, changes));
}
