import { randomUUID } from 'node:crypto';
import type { Entity } from '../../matcher/types';
import { billingPeriod } from '../../activities/metering';
import { screenOnce } from '../billing/screenOnce';
import type { GatewayDeps, Handler } from '../context';

/** POST /screen: one synchronous screening, metered once per Idempotency-Key. */
export function screenHandler(deps: GatewayDeps, now: () => Date): Handler {
  return async (ctx) => {
    const principal = ctx.state.principal!;
    const sentKey = ctx.get('Idempotency-Key');
    const idempotencyKey = sentKey || `generated:${randomUUID()}`;
    const outcome = await screenOnce(
      deps.pool,
      {
        orgId: principal.orgId,
        plan: principal.plan,
        period: billingPeriod(now()),
        idempotencyKey,
        keyGenerated: !sentKey,
        body: ctx.state.body,
      },
      () => deps.matcher.match(ctx.state.body as Entity, { requestId: ctx.state.requestId }),
      (event) => deps.usage.record(event),
    );
    ctx.set('Idempotency-Key', idempotencyKey);
    if (outcome.replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = outcome.result;
  };
}
