import type { Pool, PoolClient } from 'pg';

type Queryable = Pool | PoolClient;

/**
 * Allowance held by screenings under way (table allowance_reservations). Create one inside the
 * transaction that holds the period's allowance lock and has checked
 * `metered + reservedAllowance + amount ≤ included`; consume it in the transaction that meters,
 * so the sum never counts a screening twice or not at all.
 */
/**
 * The period's allowance lock (transaction-scoped). Every transaction that admits against a
 * capped allowance, and every one that turns reserved units into metered ones, takes it, so a
 * check reading "metered" and "reserved" in two statements never sees one without the other.
 */
export async function lockAllowancePeriod(db: PoolClient, orgId: string, period: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`allowance:${orgId}:${period}`]);
}

export async function reservedAllowance(db: Queryable, orgId: string, period: string): Promise<number> {
  const { rows } = await db.query<{ reserved: number }>(
    `SELECT coalesce(sum(amount), 0)::int AS reserved FROM allowance_reservations
      WHERE org_id = $1 AND period = $2 AND (expires_at IS NULL OR expires_at > now())`,
    [orgId, period],
  );
  return rows[0].reserved;
}

interface ReservationRequest {
  orgId: string;
  period: string;
  amount: number;
  /** What holds it, for operators: `screen:<key>`, `batch:<jobId>`. */
  purpose: string;
  /** Released by itself after this long (a single screen whose gateway died); null: until released. */
  ttlSeconds: number | null;
}

export async function createReservation(db: Queryable, request: ReservationRequest): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO allowance_reservations (org_id, period, amount, purpose, expires_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(secs => $5::int) END)
     RETURNING id`,
    [request.orgId, request.period, request.amount, request.purpose, request.ttlSeconds],
  );
  return rows[0].id;
}

/** `count` reserved units were metered: call in the metering transaction. */
export async function consumeReservation(db: Queryable, id: string, count: number): Promise<void> {
  await db.query('UPDATE allowance_reservations SET amount = greatest(amount - $2, 0) WHERE id = $1', [id, count]);
}

/**
 * A single screening's reservation becomes its metered unit: deletes it and tells whether it still
 * counted (not expired). Call it in the metering transaction, after `lockAllowancePeriod`. It reads
 * the clock after the lock was granted (`clock_timestamp()`, not the transaction's `now()`), so a
 * reservation that expired while this transaction waited for the lock, and that an admission under
 * the lock therefore no longer counted, is reported gone: the caller must check the allowance again.
 */
export async function consumeSingleReservation(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ live: boolean }>(
    'DELETE FROM allowance_reservations WHERE id = $1 RETURNING (expires_at IS NULL OR expires_at > clock_timestamp()) AS live',
    [id],
  );
  return rows[0]?.live === true;
}

export async function releaseReservation(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM allowance_reservations WHERE id = $1', [id]);
}
