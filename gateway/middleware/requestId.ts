import { randomUUID } from 'node:crypto';
import type { Logger } from '../../infra/base/log';
import type { Middleware } from '../context';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts the caller's X-Request-Id (or makes one), returns it, and logs one line per request. */
export function requestIdAndLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const sent = ctx.get('X-Request-Id');
    const requestId = ACCEPTABLE_ID.test(sent) ? sent : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.params = {};
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const line = {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3,
        orgId: ctx.state.principal?.orgId,
        keyId: ctx.state.principal?.keyId,
      };
      if (ctx.status >= 500) ctx.state.log.warn(line, 'request');
      else ctx.state.log.debug(line, 'request');
    }
  };
}
