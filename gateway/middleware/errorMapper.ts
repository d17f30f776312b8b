import { ApiError, notFound, serviceUnavailable } from '../errors';
import type { Middleware } from '../context';

function send(ctx: Parameters<Middleware>[0], error: ApiError): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) ctx.set(name, value);
  ctx.body = error.body();
}

/**
 * Every failure leaves as a contract error body. Unknown failures become a 500 with no
 * internals; the detail goes to the log under the request id.
 */
export function errorMapper(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) send(ctx, notFound(`No route ${ctx.method} ${ctx.path}.`));
    } catch (err) {
      if (err instanceof ApiError) return send(ctx, err);
      if (err instanceof Error && err.name === 'MatcherUnavailableError') {
        ctx.state.log.warn({ err: err.message }, 'matcher unavailable');
        return send(
          ctx,
          serviceUnavailable('The screening engine is unavailable; nothing was metered. Retry with the same Idempotency-Key.'),
        );
      }
      ctx.state.log.error({ err }, 'request failed');
      send(
        ctx,
        new ApiError(
          500,
          'internal_error',
          `Internal error (request ${ctx.state.requestId}); retry with exponential backoff and the same Idempotency-Key.`,
        ),
      );
    }
  };
}
