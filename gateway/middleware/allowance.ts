import type { Pool } from 'pg';
import { allowanceExhausted, allowanceReached } from '../billing/allowance';
import { billingPeriod } from '../../activities/metering';
import type { Middleware } from '../context';

/**
 * Refuses metered operations with 402 once a capped plan's monthly allowance is used up.
 * This is the cheap gate; POST /screen re-checks under the period's allowance lock when it meters, so
 * concurrent calls at the boundary never admit more than the allowance. A retry of a screen
 * already answered under the same Idempotency-Key still gets its stored response.
 */
export function monthlyAllowance(pool: Pool, now: () => Date): Middleware {
  return async (ctx, next) => {
    const kind = ctx.state.operation?.allowance;
    const principal = ctx.state.principal!;
    if (kind) {
      const period = billingPeriod(now());
      const { exhausted, used } = await allowanceExhausted(pool, principal.orgId, principal.plan, period);
      if (exhausted && !(kind === 'single_screening' && (await hasStoredScreen(pool, principal.orgId, ctx.get('Idempotency-Key'))))) {
        throw allowanceReached(kind, principal.plan, period, used);
      }
    }
    await next();
  };
}

async function hasStoredScreen(pool: Pool, orgId: string, idempotencyKey: string): Promise<boolean> {
  if (!idempotencyKey) return false;
  const { rowCount } = await pool.query('SELECT 1 FROM screen_responses WHERE org_id = $1 AND idempotency_key = $2', [orgId, idempotencyKey]);
  return rowCount === 1;
}
