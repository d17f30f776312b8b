import type { GatewayContext, GatewayDeps } from '../context';

const CHECK_TIMEOUT_MS = 5000;

async function check(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      probe().then((r) => r !== false, () => false),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz: the process is up. */
export async function healthz(ctx: GatewayContext): Promise<void> {
  ctx.body = { status: 'ok' };
}

/** GET /readyz: PostgreSQL, Redis, Temporal and the matcher all answer; 503 names those that do not. */
export function readyz(deps: GatewayDeps) {
  return async (ctx: GatewayContext): Promise<void> => {
    const names = ['postgres', 'redis', 'temporal', 'matcher'] as const;
    const results = await Promise.all([
      check(() => deps.pool.query('SELECT 1')),
      check(() => deps.redis.ping()),
      check(() => deps.temporalReady()),
      check(() => deps.matcher.ready()),
    ]);
    const checks = Object.fromEntries(names.map((n, i) => [n, results[i] ? 'ok' : 'unavailable']));
    const failing = names.filter((_, i) => !results[i]);
    if (failing.length === 0) {
      ctx.body = { status: 'ready', checks };
      return;
    }
    ctx.status = 503;
    ctx.body = { code: 'service_unavailable', message: `Not ready: ${failing.join(', ')} unavailable.`, checks };
  };
}
