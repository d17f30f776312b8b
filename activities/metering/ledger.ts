/**
 * The usage ledger: an append-only table with one row per metered event (screen, batch item,
 * record-month) and per-period totals kept by trigger. Every metering goes through here.
 */
import type { Pool, PoolClient } from 'pg';

type UsageKind = 'screen' | 'batch_item' | 'record_month';

type Queryable = Pool | PoolClient;

/**
 * Appends one metered event to the ledger. Returns false when the event was already
 * recorded (same org, kind and event key), so a retry never counts twice. The
 * usage_periods totals follow by trigger in the same transaction. For a plan with a hard
 * cap, call it inside the transaction that took `lockAllowance`: that lock, not a row
 * lock, is what keeps concurrent metering within the cap.
 */
export async function recordUsageEvent(db: Queryable, event: UsageEvent): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO usage_events (org_id, period, kind, event_key) VALUES ($1, $2, $3, $4)
     ON CONFLICT (org_id, kind, event_key) DO NOTHING`,
    [event.orgId, event.period, event.kind, event.eventKey],
  );
  return rowCount === 1;
}

export interface UsageEvent {
  orgId: string;
  kind: UsageKind;
  eventKey: string;
  period: string;
}

/**
 * Appends several events in one statement (one commit, one run of the totals trigger); an
 * event already recorded is skipped, as in `recordUsageEvent`. Only for plans without a hard
 * cap: a capped plan meters one screening at a time under its allowance lock.
 */
export async function recordUsageEvents(db: Queryable, events: readonly UsageEvent[]): Promise<void> {
  await db.query({
    name: 'record_usage_events',
    text: `INSERT INTO usage_events (org_id, period, kind, event_key)
           SELECT * FROM unnest($1::uuid[], $2::char(7)[], $3::text[], $4::text[])
           ON CONFLICT (org_id, kind, event_key) DO NOTHING`,
    values: [events.map((e) => e.orgId), events.map((e) => e.period), events.map((e) => e.kind), events.map((e) => e.eventKey)],
  });
}

export async function readPeriodCounts(
  db: Queryable,
  orgId: string,
  period: string,
): Promise<{ screenCalls: number; recordMonths: number }> {
  // The totals are kept in shard rows (migration 5000); their sum is the period's total.
  const { rows } = await db.query<{ screen_calls: number; record_months: number }>(
    `SELECT sum(screen_calls)::int AS screen_calls, sum(record_months)::int AS record_months
       FROM usage_periods WHERE org_id = $1 AND period = $2`,
    [orgId, period],
  );
  return { screenCalls: rows[0]?.screen_calls ?? 0, recordMonths: rows[0]?.record_months ?? 0 };
}
