import type { Middleware } from '../context';
import { createOperationResolver, type Operation } from '../openapi/operations';

/** Names the contract operation a request is for (none for an unknown route). */
export function resolveOperation(operations: Operation[]): Middleware {
  const resolve = createOperationResolver(operations);
  return async (ctx, next) => {
    const resolved = resolve(ctx.method, ctx.path);
    if (resolved) {
      ctx.state.operation = resolved.operation;
      ctx.state.params = resolved.params;
    }
    await next();
  };
}
