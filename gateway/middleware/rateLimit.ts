import { PLANS } from '../billing/plans';
import { rateLimited } from '../errors';
import type { WindowCounter } from '../limits/fixedWindow';
import type { Middleware } from '../context';

/**
 * Per-key fixed one-minute window shared through Redis. Every request is counted, refused
 * ones included. When Redis cannot answer the request is refused (fail closed), never served uncounted.
 */
export function rateLimit(counter: WindowCounter): Middleware {
  return async (ctx, next) => {
    const principal = ctx.state.principal!;
    const limit = PLANS[principal.plan].burstPerMinute;
    let window;
    try {
      window = await counter.countKeyed(principal.keyId);
    } catch (err) {
      ctx.state.log.warn({ err: (err as Error).message }, 'rate-limit counter unreachable; refusing');
      throw rateLimited(1, 'The rate-limit counter is unreachable, so the request was refused rather than served uncounted.');
    }
    ctx.set('X-RateLimit-Limit', String(limit));
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, limit - window.count)));
    if (window.count > limit) {
      throw rateLimited(
        window.resetMs / 1000,
        `Rate limit of ${limit} requests per minute for this API key exceeded (refused requests count too).`,
      );
    }
    await next();
  };
}
