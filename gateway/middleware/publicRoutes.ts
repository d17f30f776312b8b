import { ApiError, rateLimited } from '../errors';
import type { WindowCounter } from '../limits/fixedWindow';
import type { GatewayContext, Middleware } from '../context';
import { clientIp } from '../limits/clientIp';

export interface PublicLimits {
  perIpPerMinute: number;
  globalPerMinute: number;
}

/**
 * The routes that need no key: /healthz, /readyz, /health/dependencies, GET /v1/openapi.json and
 * POST /v1/public/lookup (5 per minute per IP, 120 per minute across all callers, fail
 * closed; the IP is the caller's as the trusted proxies saw it). Anything outside /v1 that is
 * not one of these is a 404 before authentication.
 */
export function publicRoutes(options: {
  counter: WindowCounter;
  limits: PublicLimits;
  validate: Middleware;
  dispatch: Middleware;
  /** Proxies whose X-Forwarded-For entries are believed (limits/clientIp.ts). */
  trustedProxyHops: number;
  healthz: (ctx: GatewayContext) => Promise<void>;
  readyz: (ctx: GatewayContext) => Promise<void>;
  dependencyHealth: (ctx: GatewayContext) => Promise<void>;
}): Middleware {
  const { counter, limits, validate, dispatch } = options;
  const limitPublic = async (ctx: GatewayContext): Promise<void> => {
    let verdict;
    try {
      const ip = clientIp(ctx.req.socket.remoteAddress ?? '', ctx.get('X-Forwarded-For'), options.trustedProxyHops);
      verdict = await counter.countPublic(ip, limits.perIpPerMinute, limits.globalPerMinute);
    } catch (err) {
      ctx.state.log.warn({ err: (err as Error).message }, 'public rate-limit counter unreachable; refusing');
      throw rateLimited(1, 'The rate-limit counter is unreachable, so the lookup was refused rather than served uncounted.');
    }
    if (verdict.refusedBy === 'ip') {
      throw rateLimited(verdict.resetMs / 1000, `The free lookup allows ${limits.perIpPerMinute} requests per minute per IP address.`);
    }
    if (verdict.refusedBy === 'global') {
      throw rateLimited(
        verdict.resetMs / 1000,
        `The free lookup is at its limit of ${limits.globalPerMinute} requests per minute across all callers.`,
      );
    }
  };

  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/healthz') return options.healthz(ctx);
    if (ctx.method === 'GET' && ctx.path === '/readyz') return options.readyz(ctx);
    if (ctx.method === 'GET' && ctx.path === '/health/dependencies') return options.dependencyHealth(ctx);
    const operation = ctx.state.operation;
    if (operation?.access === 'public') {
      if (operation.operationId === 'publicLookup') await limitPublic(ctx);
      return validate(ctx, () => dispatch(ctx, async () => undefined));
    }
    if (ctx.path !== '/v1' && !ctx.path.startsWith('/v1/')) throw new ApiError(404, 'not_found', `No route ${ctx.method} ${ctx.path}.`);
    await next();
  };
}
