import type { Pool, PoolClient } from 'pg';
import { ApiError } from '../errors';
import type { AllowanceKind } from '../openapi/operations';
import { lockAllowancePeriod, periodResetDate, readPeriodCounts, reservedAllowance } from '../../activities/metering';
import { PLANS, plansWithMoreRoom, type PlanKey } from './plans';

/**
 * Monthly allowance of the plans that refuse past it (Trial, Small, Medium). It counts
 * screenings: successful POST /screen calls plus completed batch items (the metered screen
 * calls) plus the screenings of PUT /monitor enrollments (table monitor_enrollments; billed in
 * record-months, not as screen calls, but they screen, so they take the allowance).
 *   single_screening_allowance_reached: what POST /screen answers once they are used up;
 *   api_allowance_reached: what the other operations that start metered screenings
 *   (POST /batch, PUT /monitor) answer.
 */
export function hardCap(plan: PlanKey): number | null {
  const p = PLANS[plan];
  return p.billsExcess ? null : p.includedCalls;
}

export function allowanceReached(kind: AllowanceKind, plan: PlanKey, period: string, used: number): ApiError {
  const p = PLANS[plan];
  const included = p.includedCalls ?? 0;
  const resetsOn = periodResetDate(period);
  const more = plansWithMoreRoom(plan);
  const code = kind === 'single_screening' ? 'single_screening_allowance_reached' : 'api_allowance_reached';
  const what = kind === 'single_screening' ? 'screening' : 'API';
  return new ApiError(
    402,
    code,
    `The monthly ${what} allowance of the ${p.label} plan (${included.toLocaleString('en-US')} included calls) is used up. ` +
      `The count returns to zero on ${resetsOn}. Plans with more room: ${more.map((m) => m.label).join(', ')}. Nothing was charged.`,
    {
      allowance: {
        plan,
        period,
        includedCalls: included,
        usedCalls: used,
        resetsOn,
        plansWithMoreRoom: more.map((m) => ({ plan: m.key, includedCalls: m.includedCalls, billsExcess: m.billsExcess })),
      },
    },
  );
}

/** Cheap pre-check (no lock): has the org already used its whole allowance this period? */
export async function allowanceExhausted(
  pool: Pool,
  orgId: string,
  plan: PlanKey,
  period: string,
): Promise<{ exhausted: boolean; used: number }> {
  const cap = hardCap(plan);
  if (cap === null) return { exhausted: false, used: 0 };
  const used = await allowanceUsed(pool, orgId, period);
  return { exhausted: used >= cap, used };
}

/**
 * Authoritative check inside the metering (or reserving) transaction: a transaction-scoped lock
 * on the org's period makes concurrent screenings of a capped org admit one at a time, and
 * `amount` more must fit beside what is metered and what is reserved (allowance_reservations)
 * by screenings under way, so they never exceed the cap. Every metering of a capped plan takes it before counting; it is released by
 * the commit that records the usage, or by rollback, and the count read after it sees that commit.
 */
export async function lockAllowance(
  client: PoolClient,
  kind: AllowanceKind,
  orgId: string,
  plan: PlanKey,
  period: string,
  amount = 1,
): Promise<void> {
  if (hardCap(plan) === null) return;
  await lockAllowancePeriod(client, orgId, period);
  await checkAllowanceFits(client, kind, orgId, plan, period, amount);
}

/**
 * The count of `lockAllowance`, for a transaction that already holds the period's allowance lock
 * (`lockAllowancePeriod`): throws the allowance error unless `amount` more fit beside what is
 * metered and what is reserved.
 */
export async function checkAllowanceFits(
  client: PoolClient,
  kind: AllowanceKind,
  orgId: string,
  plan: PlanKey,
  period: string,
  amount = 1,
): Promise<void> {
  const cap = hardCap(plan);
  if (cap === null) return;
  const used = await allowanceUsed(client, orgId, period);
  const reserved = await reservedAllowance(client, orgId, period);
  if (used + reserved + amount > cap) throw allowanceReached(kind, plan, period, used);
}

/** What the allowance counts as used this period: metered screen calls plus enrollments' screenings. */
export async function allowanceUsed(db: Pool | PoolClient, orgId: string, period: string): Promise<number> {
  const { screenCalls } = await readPeriodCounts(db, orgId, period);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitor_enrollments WHERE org_id = $1 AND period = $2', [
    orgId,
    period,
  ]);
  return screenCalls + rows[0].n;
}

/** An enrollment's screening took one call of a capped plan's allowance (in its committing transaction). */
export async function recordEnrollmentAllowance(client: PoolClient, orgId: string, period: string, recordId: string): Promise<void> {
  await client.query('INSERT INTO monitor_enrollments (org_id, period, record_id) VALUES ($1, $2, $3)', [orgId, period, recordId]);
}
