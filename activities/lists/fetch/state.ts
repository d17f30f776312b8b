import type { Pool } from 'pg';
import type { FetchStep, PreviousFetch } from './run';

/** One source's row of list_fetch_state (migration 7930). */
export interface FetchState extends PreviousFetch {
  sourceKey: string;
  artifactBytes: number | null;
  lastAttemptAt: Date;
  lastOutcome: 'new' | 'not_modified' | 'failed';
  lastSuccessAt: Date | null;
  failingSince: Date | null;
  failedStep: FetchStep | null;
  failedStatus: number | null;
  failureMessage: string | null;
}

interface FetchStateRow {
  source_key: string;
  artifact_url: string | null;
  etag: string | null;
  last_modified: string | null;
  artifact_bytes: string | null;
  last_attempt_at: Date;
  last_outcome: FetchState['lastOutcome'];
  last_success_at: Date | null;
  failing_since: Date | null;
  failed_step: FetchStep | null;
  failed_status: number | null;
  failure_message: string | null;
}

function fromRow(r: FetchStateRow): FetchState {
  return {
    sourceKey: r.source_key,
    url: r.artifact_url,
    etag: r.etag,
    lastModified: r.last_modified,
    artifactBytes: r.artifact_bytes === null ? null : Number(r.artifact_bytes),
    lastAttemptAt: r.last_attempt_at,
    lastOutcome: r.last_outcome,
    lastSuccessAt: r.last_success_at,
    failingSince: r.failing_since,
    failedStep: r.failed_step,
    failedStatus: r.failed_status,
    failureMessage: r.failure_message,
  };
}

export async function readFetchStates(pool: Pool): Promise<Map<string, FetchState>> {
  const { rows } = await pool.query<FetchStateRow>('SELECT * FROM list_fetch_state');
  return new Map(rows.map((r) => [r.source_key, fromRow(r)]));
}

export async function readFetchState(pool: Pool, sourceKey: string): Promise<FetchState | null> {
  const { rows } = await pool.query<FetchStateRow>('SELECT * FROM list_fetch_state WHERE source_key = $1', [sourceKey]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * A fetch that reached the publisher's current artifact. With `artifact` (the download was
 * published or found unchanged) its address, validators and size become the ones the next
 * conditional request and byte cap use; without (a 304, or a download the ingestion refused) the
 * held ones stay.
 */
export async function recordFetchSuccess(
  pool: Pool,
  sourceKey: string,
  outcome: 'new' | 'not_modified',
  artifact: { url: string; etag: string | null; lastModified: string | null; bytes: number } | null,
): Promise<void> {
  await pool.query(
    `INSERT INTO list_fetch_state (source_key, artifact_url, etag, last_modified, artifact_bytes, last_attempt_at, last_outcome, last_success_at)
     VALUES ($1, $2, $3, $4, $5, now(), $6, now())
     ON CONFLICT (source_key) DO UPDATE SET
       artifact_url = CASE WHEN $7 THEN EXCLUDED.artifact_url ELSE list_fetch_state.artifact_url END,
       etag = CASE WHEN $7 THEN EXCLUDED.etag ELSE list_fetch_state.etag END,
       last_modified = CASE WHEN $7 THEN EXCLUDED.last_modified ELSE list_fetch_state.last_modified END,
       artifact_bytes = CASE WHEN $7 THEN EXCLUDED.artifact_bytes ELSE list_fetch_state.artifact_bytes END,
       last_attempt_at = now(), last_outcome = EXCLUDED.last_outcome, last_success_at = now(),
       failing_since = NULL, failed_step = NULL, failed_status = NULL, failure_message = NULL`,
    [
      sourceKey,
      artifact?.url ?? null,
      artifact?.etag ?? null,
      artifact?.lastModified ?? null,
      artifact?.bytes ?? null,
      outcome,
      artifact !== null,
    ],
  );
}

/** A failed attempt: the step, status and message; `failing_since` keeps the first failure of the run. */
export async function recordFetchFailure(
  pool: Pool,
  sourceKey: string,
  failure: { step: FetchStep; status: number | null; message: string },
): Promise<void> {
  await pool.query(
    `INSERT INTO list_fetch_state (source_key, last_attempt_at, last_outcome, failing_since, failed_step, failed_status, failure_message)
     VALUES ($1, now(), 'failed', now(), $2, $3, $4)
     ON CONFLICT (source_key) DO UPDATE SET last_attempt_at = now(), last_outcome = 'failed',
       failing_since = coalesce(list_fetch_state.failing_since, now()),
       failed_step = EXCLUDED.failed_step, failed_status = EXCLUDED.failed_status, failure_message = EXCLUDED.failure_message`,
    [sourceKey, failure.step, failure.status, failure.message.slice(0, 2000)],
  );
}
