import type { Middleware } from '../context';
import { methodNotAllowed } from '../errors';
import { createAllowedMethods, createOperationResolver, type Operation } from '../openapi/operations';

/**
 * Names the contract operation a request is for (none for an unknown route). A method the
 * document does not serve on a path it knows (TRACE, PATCH…) is answered 405 with `Allow`,
 * before authentication: the document saying which methods exist is public.
 */
export function resolveOperation(operations: Operation[]): Middleware {
  const resolve = createOperationResolver(operations);
  const allowedMethods = createAllowedMethods(operations);
  return async (ctx, next) => {
    const resolved = resolve(ctx.method, ctx.path);
    if (resolved) {
      ctx.state.operation = resolved.operation;
      ctx.state.params = resolved.params;
    } else {
      const allowed = allowedMethods(ctx.path);
      if (allowed.length > 0) throw methodNotAllowed(ctx.method, ctx.path, allowed);
    }
    await next();
  };
}
