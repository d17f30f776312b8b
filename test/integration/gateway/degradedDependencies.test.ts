import { randomUUID } from 'node:crypto';
import { call, createOrgWithKey, freePort, startInProcessGateway, type InProcessGateway } from './support/stack';

/**
 * A dependency down degrades the gateway; it does not take it out. Readiness (what a load
 * balancer routes by) asks only that the process serves and PostgreSQL answers, so clients get
 * the contract's answers: 429 with Retry-After while the rate counter is unreachable, a JSON 503
 * while the matcher is, and the reads that need neither.
 */
const person = { type: 'person', name: 'Jane Q Public' };

describe('Redis (the rate counter) unreachable', () => {
  let gw: InProcessGateway;
  beforeAll(async () => {
    gw = await startInProcessGateway({ redisUrl: `redis://127.0.0.1:${await freePort()}/0` });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('stays ready, while /v1/screen and /v1/usage answer 429 with Retry-After', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise');
    const ready = await call(gw.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { postgres: 'ok' } });
    for (const reply of [
      await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person }),
      await call(gw.url, 'GET', '/v1/usage', { apiKey }),
      await call(gw.url, 'POST', '/v1/public/lookup', { body: { name: 'Jane Public' } }),
    ]) {
      expect(reply.status).toBe(429);
      expect(reply.body.code).toBe('rate_limited');
      expect(reply.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    }
  });

  it('is named in GET /health/dependencies', async () => {
    const health = await call(gw.url, 'GET', '/health/dependencies');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.checks).toMatchObject({ postgres: 'ok', redis: 'unavailable' });
  });
});

describe('the matcher unreachable', () => {
  let gw: InProcessGateway;
  beforeAll(async () => {
    gw = await startInProcessGateway({
      matcherUrl: `http://127.0.0.1:${await freePort()}`,
      redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}degraded:${randomUUID()}:`,
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('stays ready, answers a screening with a JSON 503 and serves the reads', async () => {
    const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
    expect((await call(gw.url, 'GET', '/readyz')).status).toBe(200);
    const screen = await call(gw.url, 'POST', '/v1/screen', { apiKey, body: person });
    expect(screen.status).toBe(503);
    expect(screen.headers.get('content-type')).toMatch(/^application\/json/);
    expect(screen.body.code).toBe('service_unavailable');
    const usage = await call(gw.url, 'GET', '/v1/usage', { apiKey });
    expect(usage.status).toBe(200);
    expect(usage.body.screenCalls).toBe(0);
    const health = await call(gw.url, 'GET', '/health/dependencies');
    expect(health.body).toMatchObject({ status: 'degraded', checks: { postgres: 'ok', matcher: 'unavailable' } });
  });
});

describe('PostgreSQL unreachable', () => {
  it('is not ready: readiness names postgres', async () => {
    const port = await freePort(); // nothing listens there
    const gw = await startInProcessGateway({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/screening`,
      matcherUrl: `http://127.0.0.1:${port}`,
    });
    try {
      const ready = await call(gw.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'service_unavailable', checks: { postgres: 'unavailable' } });
      expect((await call(gw.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await gw.close();
    }
  }, 60_000);
});
