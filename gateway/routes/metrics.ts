import { metricsAuthorized } from '../../infra/base/metrics/registry';
import type { Middleware } from '../context';
import { ApiError } from '../errors';
import type { GatewayMetrics } from '../metrics';

/** GET /metrics: Prometheus text, no API key (METRICS_TOKEN, when set, is asked for instead). */
export function serveMetrics(metrics: GatewayMetrics, token: string): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.path !== '/metrics') return next();
    if (!metricsAuthorized(ctx.get('Authorization') || undefined, token)) {
      throw new ApiError(401, 'unauthorized', 'The metrics endpoint needs the bearer token set in METRICS_TOKEN.');
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
