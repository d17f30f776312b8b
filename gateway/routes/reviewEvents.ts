import { startDeliveryWorkflows, type DeliveryRef } from '../../activities/webhooks';
import type { GatewayContext, GatewayDeps } from '../context';

/** Starts the review events' deliveries once the enrollment committed; one not started is started by the unstarted-delivery sweep. */
export async function startReviewEvents(deps: GatewayDeps, ctx: GatewayContext, refs: readonly DeliveryRef[]): Promise<void> {
  if (refs.length === 0) return;
  await startDeliveryWorkflows(deps.temporal, deps.taskQueue, [...refs], { env: deps.env, db: deps.pool }).catch((err: Error) =>
    ctx.state.log.warn({ err: err.message }, 'review event deliveries not started; the unstarted-delivery sweep starts them'),
  );
}
