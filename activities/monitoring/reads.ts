import type { Pool, PoolClient } from 'pg';
import type { ScreeningResult, ScreeningStatus } from '../../matcher/types';
import { recordView, type MonitoredRecordView } from './records';

/**
 * The client's reads of its monitored records: each query names the organization, and a record
 * removed is no longer there. What they answer is what PUT /monitor answered, as the last
 * screening (enrollment, or a re-screen since) left it.
 */
type Db = Pool | PoolClient;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One active record of the organization; null for an unknown id, another organization's record or one removed. */
export async function readRecord(db: Db, orgId: string, id: string): Promise<MonitoredRecordView | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<{ id: string; result: ScreeningResult }>(
    'SELECT id, result FROM monitored_records WHERE id = $1 AND org_id = $2 AND removed_at IS NULL',
    [id, orgId],
  );
  return rows[0] ? recordView(rows[0].id, rows[0].result) : null;
}

export interface RecordFilter {
  status?: ScreeningStatus;
  /** The last page's nextCursor. */
  cursor?: string;
  limit: number;
}

export interface RecordPage {
  records: MonitoredRecordView[];
  nextCursor: string | null;
}

/** The cursor is the last record's id: records are paged by id, which never changes. */
function decodeCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!UUID.test(id) || Buffer.from(id).toString('base64url') !== cursor) throw new Error('invalid cursor');
  return id;
}

/** The organization's active records, optionally of one status, by id, keyset-paged. */
export async function listRecords(db: Db, orgId: string, filter: RecordFilter): Promise<RecordPage> {
  const after = decodeCursor(filter.cursor);
  const { rows } = await db.query<{ id: string; result: ScreeningResult }>(
    `SELECT id, result FROM monitored_records
      WHERE org_id = $1 AND removed_at IS NULL AND ($2::text IS NULL OR status = $2) AND ($3::uuid IS NULL OR id > $3)
      ORDER BY id LIMIT $4`,
    [orgId, filter.status ?? null, after, filter.limit + 1],
  );
  const records = rows.slice(0, filter.limit).map((r) => recordView(r.id, r.result));
  const last = rows.length > filter.limit ? rows[filter.limit - 1] : null;
  return { records, nextCursor: last ? Buffer.from(last.id).toString('base64url') : null };
}
