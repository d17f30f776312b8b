import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../infra/base/db/transaction';
import type { AllowanceKind } from '../openapi/operations';
import { checkAllowanceFits, hardCap, lockAllowance } from './allowance';
import type { PlanKey } from './plans';
import { consumeSingleReservation, createReservation, lockAllowancePeriod, releaseReservation } from '../../activities/metering';

/**
 * One unit of a capped plan's allowance held for a screening under way: reserved before the
 * screening, taken by the transaction that meters it, given back when the screening fails.
 */
export interface AllowanceHold {
  kind: AllowanceKind;
  orgId: string;
  plan: PlanKey;
  period: string;
  /** What the reservation is for, stored with it. */
  purpose: string;
  /** How long the reservation outlives a gateway that died mid-screening. */
  ttlSeconds: number;
}

/**
 * Reserves one unit under the period's allowance lock (the allowance error when none is left),
 * so concurrent screenings never exceed the cap. Null on a plan without a hard cap: nothing to hold.
 */
export async function reserveAllowance(client: PoolClient, hold: AllowanceHold): Promise<string | null> {
  if (hardCap(hold.plan) === null) return null;
  await lockAllowance(client, hold.kind, hold.orgId, hold.plan, hold.period);
  return createReservation(client, {
    orgId: hold.orgId,
    period: hold.period,
    amount: 1,
    purpose: hold.purpose,
    ttlSeconds: hold.ttlSeconds,
  });
}

/**
 * Inside the transaction that meters the screening: the reserved unit becomes a metered one
 * atomically for any concurrent allowance check. A reservation stops counting once it expires:
 * other calls may have taken its place, so the screening is metered only if it still fits beside
 * them (else the allowance error, and the transaction meters nothing).
 */
export async function takeReservedAllowance(client: PoolClient, hold: AllowanceHold, reservationId: string | null): Promise<void> {
  if (!reservationId) return;
  await lockAllowancePeriod(client, hold.orgId, hold.period);
  if (!(await consumeSingleReservation(client, reservationId))) {
    await checkAllowanceFits(client, hold.kind, hold.orgId, hold.plan, hold.period);
  }
}

/** A failed screening gives its reserved unit back; nothing was metered. */
export async function releaseAllowance(db: Pool | PoolClient, reservationId: string | null): Promise<void> {
  if (reservationId) await releaseReservation(db, reservationId);
}

/**
 * The whole sequence for a screening with nothing else to admit: reserve (own short transaction),
 * run `work`, which meters in a transaction where it calls `take`, and on failure release. A
 * release that fails is not a second failure: the reservation expires by itself after ttlSeconds.
 */
export async function spendAllowance<T>(
  pool: Pool,
  hold: AllowanceHold,
  work: (take: (client: PoolClient) => Promise<void>) => Promise<T>,
): Promise<T> {
  const reservationId = hardCap(hold.plan) === null ? null : await inTransaction(pool, (client) => reserveAllowance(client, hold));
  try {
    return await work((client) => takeReservedAllowance(client, hold, reservationId));
  } catch (err) {
    await releaseAllowance(pool, reservationId).catch(() => undefined);
    throw err;
  }
}
