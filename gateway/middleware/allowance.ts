import type { Pool } from 'pg';
import { allowanceExhausted, allowanceReached } from '../billing/allowance';
import { jobExistsForKey } from '../../activities/batch';
import { billingPeriod } from '../../activities/metering';
import type { Operation } from '../openapi/operations';
import type { Middleware } from '../context';

/**
 * Refuses metered operations with 402 once a capped plan's monthly allowance is used up.
 * This is the cheap gate; POST /screen re-checks under the period's allowance lock when it meters, so
 * concurrent calls at the boundary never admit more than the allowance. A replay is never
 * refused: a screen already answered under the same Idempotency-Key gets its stored response,
 * and a batch already submitted under it gets its job id (it screens and meters nothing more).
 */
export function monthlyAllowance(pool: Pool, now: () => Date): Middleware {
  return async (ctx, next) => {
    const operation = ctx.state.operation;
    const kind = operation?.allowance;
    const principal = ctx.state.principal!;
    if (operation && kind) {
      const period = billingPeriod(now());
      const { exhausted, used } = await allowanceExhausted(pool, principal.orgId, principal.plan, period);
      if (exhausted && !(await isReplay(pool, operation, principal.orgId, ctx.get('Idempotency-Key')))) {
        throw allowanceReached(kind, principal.plan, period, used);
      }
    }
    await next();
  };
}

async function isReplay(pool: Pool, operation: Operation, orgId: string, idempotencyKey: string): Promise<boolean> {
  if (operation.allowance === 'single_screening') return hasStoredScreen(pool, orgId, idempotencyKey);
  if (operation.operationId === 'submitBatch') return jobExistsForKey(pool, orgId, idempotencyKey);
  return false;
}

async function hasStoredScreen(pool: Pool, orgId: string, idempotencyKey: string): Promise<boolean> {
  if (!idempotencyKey) return false;
  const { rowCount } = await pool.query('SELECT 1 FROM screen_responses WHERE org_id = $1 AND idempotency_key = $2', [
    orgId,
    idempotencyKey,
  ]);
  return rowCount === 1;
}
