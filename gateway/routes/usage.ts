import { billingPeriod } from '../../activities/metering';
import { usageSummary } from '../billing/usage';
import type { GatewayDeps, Handler } from '../context';

/** GET /usage: the current period's metered figures and price, from the ledger totals. */
export function usageHandler(deps: GatewayDeps, now: () => Date): Handler {
  return async (ctx) => {
    const principal = ctx.state.principal!;
    ctx.body = await usageSummary(deps.pool, principal.orgId, principal.plan, billingPeriod(now()));
  };
}
