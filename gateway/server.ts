import type http from 'node:http';
import type Koa from 'koa';
import { config, type ServerTimeouts } from '../infra/base/config';
import { createTimedServer } from '../infra/base/httpTimeouts';
import type { GatewayState } from './context';

/** The gateway's HTTP server: the app behind the configured server timeouts (GATEWAY_*_TIMEOUT_MS). */
export function createGatewayServer(app: Koa<GatewayState>, timeouts: ServerTimeouts = config.gatewayServerTimeouts): http.Server {
  return createTimedServer(timeouts, app.callback());
}
