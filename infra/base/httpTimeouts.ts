import http from 'node:http';
import type { ServerTimeouts } from './config';

/**
 * An HTTP server with explicit timeouts: a client that sends its headers or body slowly, or
 * leaves a connection idle, cannot hold a socket for ever.
 */
export function createTimedServer(timeouts: ServerTimeouts, handler: http.RequestListener): http.Server {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = timeouts;
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`headers timeout (${headersTimeoutMs} ms) must not exceed the request timeout (${requestTimeoutMs} ms)`);
  }
  const server = http.createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Node enforces both only at this interval (30 s by default), which would stretch a 20 s timeout to 50 s.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(30_000, Math.floor(Math.min(headersTimeoutMs, requestTimeoutMs || headersTimeoutMs) / 4)),
      ),
    },
    handler,
  );
  server.keepAliveTimeout = keepAliveTimeoutMs;
  return server;
}
