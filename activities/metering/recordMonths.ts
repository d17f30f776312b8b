import type { Pool, PoolClient } from 'pg';
import { billingPeriod, periodBounds } from './period';

/**
 * Record-months in bulk: one ledger row `<recordId>:<period>` for every monitored record that
 * was active at some moment of each period, whoever meters it first. Enrollment meters its
 * month, each record's workflow meters the months it wakes in, and this sweep meters what they
 * missed: a month a worker was down across, a record removed before its workflow's timer ran.
 * Rows already in the ledger are skipped by its unique key, so running it again changes nothing.
 * A read-only organization accrues none (its monitoring is paused); once active again, a month it
 * was active at some moment of is metered, not one it spent read-only from start to end (as its
 * last pause, `monitoring_paused_at` to `monitoring_resumed_at`, tells).
 */
export async function meterActiveRecordMonths(db: Pool | PoolClient, periods: readonly string[]): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO usage_events (org_id, period, kind, event_key)
     SELECT r.org_id, p.period, 'record_month', r.id || ':' || p.period
       FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS p (period, starts_at, ends_at)
       JOIN monitored_records r ON r.enrolled_at < p.ends_at AND (r.removed_at IS NULL OR r.removed_at >= p.starts_at)
       JOIN organizations o ON o.id = r.org_id
      WHERE o.state = 'active'
        AND NOT coalesce(o.monitoring_paused_at <= p.starts_at AND o.monitoring_resumed_at >= p.ends_at, false)
     ON CONFLICT (org_id, kind, event_key) DO NOTHING`,
    [periods, periods.map((p) => periodBounds(p).startsAt), periods.map((p) => periodBounds(p).endsAt)],
  );
  return rowCount ?? 0;
}

/** The period `at` falls in and the one before: a sweep early in a month still completes the last. */
export function sweptPeriods(at: Date): string[] {
  const previous = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return [billingPeriod(previous), billingPeriod(at)];
}
