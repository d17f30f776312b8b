import type { GatewayContext, Middleware } from '../context';
import type { GatewayMetrics } from '../metrics';

const ALLOWANCE_CODES = new Set(['api_allowance_reached', 'single_screening_allowance_reached']);

/** The route label: the contract's operation id, a page's name, or one of a few fixed words; never the raw path. */
function routeOf(ctx: GatewayContext): string {
  if (ctx.state.operation) return ctx.state.operation.operationId;
  if (ctx.state.page) return ctx.state.page;
  if (ctx.path === '/healthz' || ctx.path === '/readyz' || ctx.path === '/metrics') return ctx.path.slice(1);
  if (ctx.path === '/health/dependencies') return 'health_dependencies';
  return 'unmatched';
}

/** Counts and times every request, and the refusals of the rate limits and allowances, once the answer is final. */
export function observeRequest(metrics: GatewayMetrics): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const labels = { route: routeOf(ctx), method: ctx.method, status: String(ctx.status) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      const code = (ctx.body as { code?: unknown } | undefined)?.code;
      if (ctx.status === 429 && code === 'rate_limited') {
        metrics.rateLimitRefusals.inc({ route: labels.route, access: ctx.state.operation?.access === 'public' ? 'public' : 'keyed' });
      }
      if (ctx.status === 402 && typeof code === 'string' && ALLOWANCE_CODES.has(code))
        metrics.allowanceRefusals.inc({ route: labels.route, code });
    }
  };
}
