import type { GatewayDeps } from '../context';
import type { Handler } from './handler';

/** GET /lists: the coverage report, the same metadata the in-app coverage page shows. */
export function listsHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    ctx.body = (await deps.buildCoverageView(deps.pool)).report;
  };
}
