import { notFound, notImplemented } from '../errors';
import type { Handler, Middleware } from '../context';

/** The end of the chain: the operation's handler; contract operations not served yet answer 501. */
export function dispatch(handlers: Record<string, Handler>): Middleware {
  return async (ctx) => {
    const operation = ctx.state.operation;
    if (!operation) throw notFound(`No route ${ctx.method} ${ctx.path}.`);
    const handler = handlers[operation.operationId];
    if (!handler) throw notImplemented(`${operation.method} ${operation.path}`);
    await handler(ctx);
  };
}
