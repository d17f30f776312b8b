import { ApiError } from '../errors';
import type { Middleware } from '../context';

/** A read-only organization keeps its reads; writes and screenings are refused. */
export function readOnlyGuard(): Middleware {
  return async (ctx, next) => {
    if (ctx.state.principal?.orgState === 'read_only' && ctx.state.operation?.access === 'write') {
      throw new ApiError(
        403,
        'forbidden',
        'This organization is read-only (trial ended or payment overdue): writes and screenings are refused; reads continue.',
      );
    }
    await next();
  };
}
