import net from 'node:net';
import Koa from 'koa';
import { config, type ServerTimeouts } from '../../../infra/base/config';
import { createGatewayServer } from '../../../gateway/server';
import { createLogger } from '../../../infra/base/log';
import { startMatcherServer, type MatcherServer } from '../../../matcher/server';
import { freePort, startGatewayProcess, type GatewayProcess } from './support/stack';

/**
 * The gateway's and the matcher's HTTP servers carry explicit timeouts (GATEWAY_* and
 * MATCHER_{HEADERS,REQUEST,KEEP_ALIVE}_TIMEOUT_MS): a client that sends slowly cannot hold a
 * connection for ever.
 */

/** Opens a connection, sends `data` and never the rest; resolves with how long the server kept it open. */
function heldOpenMs(url: string, data: string, giveUpMs: number): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname, () => socket.write(data));
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(Infinity);
    }, giveUpMs);
    socket.on('data', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(Date.now() - started);
    });
    socket.on('error', (err) => (clearTimeout(giveUp), reject(err)));
  });
}

const slowHeaders = 'POST /v1/screen HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n';

describe('the gateway server', () => {
  it('carries GATEWAY_*_TIMEOUT_MS by default', () => {
    const server = createGatewayServer(new Koa());
    expect({
      headersTimeoutMs: server.headersTimeout,
      requestTimeoutMs: server.requestTimeout,
      keepAliveTimeoutMs: server.keepAliveTimeout,
    }).toEqual(config.gatewayServerTimeouts);
    expect(config.gatewayServerTimeouts).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 65_000 });
  });

  describe('as `gateway/main.ts` runs it, with GATEWAY_HEADERS_TIMEOUT_MS=400', () => {
    let gateway: GatewayProcess;
    beforeAll(async () => {
      gateway = await startGatewayProcess(await freePort(), {
        GATEWAY_HEADERS_TIMEOUT_MS: '400',
        GATEWAY_REQUEST_TIMEOUT_MS: '2000',
        GATEWAY_KEEP_ALIVE_TIMEOUT_MS: '1000',
        MATCHER_URL: `http://127.0.0.1:${await freePort()}`,
      });
    }, 400_000);
    afterAll(async () => {
      await gateway?.stop();
    });

    it('drops a client that never finishes its headers', async () => {
      expect(await heldOpenMs(gateway.url, slowHeaders, 10_000)).toBeLessThan(5_000);
    });

    it('closes an idle keep-alive connection', async () => {
      const request = 'GET /healthz HTTP/1.1\r\nHost: gateway\r\nConnection: keep-alive\r\n\r\n';
      expect(await heldOpenMs(gateway.url, request, 10_000)).toBeLessThan(5_000);
    });
  });
});

/** A matcher with a pool of its own, once it has loaded its lists (closing one still loading can wait on the load). */
async function startReadyMatcher(timeouts?: ServerTimeouts): Promise<MatcherServer> {
  const server = await startMatcherServer({ port: 0, logger: createLogger('matcher', 'silent'), ...(timeouts ? { timeouts } : {}) });
  for (let i = 0; i < 300 && (await fetch(`${server.url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  return server;
}

describe('the matcher server', () => {
  let matcher: MatcherServer | undefined;
  afterAll(async () => {
    await matcher?.close();
  });

  it('carries MATCHER_*_TIMEOUT_MS by default', async () => {
    const server = await startReadyMatcher();
    try {
      expect({
        headersTimeoutMs: server.httpServer.headersTimeout,
        requestTimeoutMs: server.httpServer.requestTimeout,
        keepAliveTimeoutMs: server.httpServer.keepAliveTimeout,
      }).toEqual(config.matcherServerTimeouts);
      expect(config.matcherServerTimeouts).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 65_000 });
    } finally {
      await server.close();
    }
  });

  it('drops a client whose body never arrives', async () => {
    matcher = await startReadyMatcher({ headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 1000 });
    const partialBody =
      'POST /match-many HTTP/1.1\r\nHost: matcher\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"entities":';
    expect(await heldOpenMs(matcher.url, partialBody, 10_000)).toBeLessThan(5_000);
  });
});
