import type { Pool } from 'pg';
import { requestHash } from '../../../gateway/billing/screenOnce';
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
 * row), in bulk rather than one PUT /v1/monitor each: `lanes` batches at a time, each screened on
 * the next matcher in turn and written as one multi-row insert, so that one lane writes while
 * another waits for its matcher. `next` hands out the batches in order (it is called from one
 * lane at a time, so a seeded generator behind it draws the same subjects whatever the lanes).
 */
export async function enrollInBulk(options: {
  pool: Pool;
  matchers: readonly MatcherClient[];
  lanes: number;
  next: () => Enrollee[] | null;
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
      await insertRecords(options.pool, rows, screened.rulesVersion);
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
  rulesVersion: number | null;
}

async function screenBatch(matcher: MatcherClient, batch: readonly Enrollee[]): Promise<Screened> {
  const out: Screened = { results: [], headroom: [], rulesVersion: null };
  for (let i = 0; i < batch.length; i += SCREEN_CHUNK) {
    const screened = await matcher.matchManyWithHeadroom(
      batch.slice(i, i + SCREEN_CHUNK).map((b) => b.entity),
      { requestId: 'bench-enroll', timeoutMs: 120_000 },
    );
    out.results.push(...screened.results);
    out.headroom.push(...screened.headroom);
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
  keys: number[];
}

/**
 * A batch in one statement. One JSON document of the batch costs the server and this process no
 * more than COPY does here, and less than column arrays (a jsonb[] parameter is escaped twice).
 */
async function insertRecords(pool: Pool, rows: readonly RecordRow[], rulesVersion: number | null): Promise<void> {
  await pool.query(
    `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, recall_capped, candidate_headroom, blocking_keys_version, rules_version)
     SELECT (e->>'org')::uuid, e->'entity', e->>'hash', e->'entity'->>'type', coalesce(e->'entity'->>'npi', '') <> '', e->'result'->>'status', e->'result',
            ARRAY(SELECT jsonb_array_elements_text(e->'keys')::int), (e->'result'->>'checkedAt')::timestamptz,
            coalesce((e->'result'->>'recallCapped')::boolean, false), (e->>'headroom')::int, $2, $3
       FROM jsonb_array_elements($1::jsonb) e
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows), BLOCKING_KEYS_VERSION, rulesVersion],
  );
}
