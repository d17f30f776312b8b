import type { GatewayDeps, Handler } from '../context';

/** GET /lists: the coverage report, the same metadata the in-app coverage page shows. */
export function listsHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    ctx.body = (await deps.buildCoverageView(deps.pool)).report;
  };
}
