import type { Pool } from 'pg';
import { resolveApiKey } from '../auth/apiKeys';
import { ApiError } from '../errors';
import type { Middleware } from '../context';

const BEARER = /^Bearer ([^\s]+)$/i;

function unauthorized(message: string): ApiError {
  return new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** Bearer API key -> organization, plan and state, read fresh from PostgreSQL on every call. */
export function authenticate(pool: Pool): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (!header) throw unauthorized('Missing API key: send Authorization: Bearer <API key>.');
    const m = BEARER.exec(header.trim());
    if (!m) throw unauthorized('Malformed Authorization header: expected Bearer <API key>.');
    const principal = await resolveApiKey(pool, m[1]);
    if (!principal) throw unauthorized('Invalid or revoked API key.');
    ctx.state.principal = principal;
    await next();
  };
}
