import type { GatewayContext, GatewayDeps } from '../context';

const CHECK_TIMEOUT_MS = 5000;

async function check(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      probe().then(
        (r) => r !== false,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz (liveness): the process is up. */
export async function healthz(ctx: GatewayContext): Promise<void> {
  ctx.body = { status: 'ok' };
}

/**
 * GET /readyz (readiness): the process serves and PostgreSQL answers. Redis, Temporal and the
 * matcher are left out on purpose: without them the gateway still gives the contract's answers
 * (429 with Retry-After when the rate counter is down, a JSON 503 when the matcher is) and serves
 * the reads that need neither, where a pod taken out of the load balancer gives clients nothing.
 */
export function readyz(deps: GatewayDeps) {
  return async (ctx: GatewayContext): Promise<void> => {
    if (await check(() => deps.pool.query('SELECT 1'))) {
      ctx.body = { status: 'ready', checks: { postgres: 'ok' } };
      return;
    }
    ctx.status = 503;
    ctx.body = { code: 'service_unavailable', message: 'Not ready: postgres unavailable.', checks: { postgres: 'unavailable' } };
  };
}

/** GET /health/dependencies: each dependency's state, for operators and alerts; 200 while the process answers. */
export function dependencyHealth(deps: GatewayDeps) {
  return async (ctx: GatewayContext): Promise<void> => {
    const names = ['postgres', 'redis', 'temporal', 'matcher'] as const;
    const results = await Promise.all([
      check(() => deps.pool.query('SELECT 1')),
      check(() => deps.redis.ping()),
      check(() => deps.temporalReady()),
      check(() => deps.matcher.ready()),
    ]);
    const checks = Object.fromEntries(names.map((n, i) => [n, results[i] ? 'ok' : 'unavailable']));
    ctx.body = { status: results.every(Boolean) ? 'ok' : 'degraded', checks };
  };
}
