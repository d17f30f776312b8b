import type { PublicLookupRequest } from '../../matcher/types';
import type { GatewayDeps, Handler } from '../context';

/** POST /public/lookup: name-only potential matches, no key; limits applied before this. */
export function publicLookupHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    ctx.body = await deps.matcher.lookup(ctx.state.body as PublicLookupRequest, { requestId: ctx.state.requestId });
  };
}
