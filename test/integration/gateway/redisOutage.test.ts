import { spawn, type ChildProcess } from 'node:child_process';
import type { Pool } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import type { MatcherServer } from '../../../matcher/server';
import { call, createOrgWithKey, freePort, startGatewayProcess, startMatcher, type GatewayProcess } from './support/stack';

/**
 * The shared rate counter becomes unreachable: a throwaway redis-server this test owns is
 * killed under a running gateway process, then started again on the same port.
 */
let pool: Pool;
let matcher: MatcherServer;
let gateway: GatewayProcess;
let redisPort: number;
let redis: ChildProcess | null = null;

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const { Socket } = await import('node:net');
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
      s.connect(redisPort, '127.0.0.1');
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  pool = createPool();
  matcher = await startMatcher(pool);
  redisPort = await freePort();
  await startRedis();
  gateway = await startGatewayProcess(await freePort(), { REDIS_URL: `redis://127.0.0.1:${redisPort}/0`, MATCHER_URL: matcher.url });
}, 400_000);

afterAll(async () => {
  await gateway?.stop();
  await stopRedis();
  await matcher?.close();
  await pool?.end();
});

describe('rate counter unreachable', () => {
  it('refuses keyed and public requests with 429 (never 5xx, never served uncounted) and recovers without a restart', async () => {
    const { apiKey } = await createOrgWithKey(pool, 'enterprise');
    const screen = { type: 'person', name: 'Jane Q Public' };
    expect((await call(gateway.url, 'GET', '/v1/usage', { apiKey })).status).toBe(200);

    await stopRedis();
    const during = await Promise.all([
      call(gateway.url, 'GET', '/v1/usage', { apiKey }),
      call(gateway.url, 'POST', '/v1/screen', { apiKey, body: screen }),
      call(gateway.url, 'POST', '/v1/public/lookup', { body: { name: 'Jane Public' } }),
    ]);
    for (const reply of during) {
      expect(reply.status).toBe(429);
      expect(reply.body.code).toBe('rate_limited');
      expect(reply.headers.get('retry-after')).toMatch(/^[0-9]+$/);
    }

    await startRedis();
    let recovered = 0;
    for (let i = 0; i < 100 && recovered !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      recovered = (await call(gateway.url, 'GET', '/v1/usage', { apiKey })).status;
    }
    expect(recovered).toBe(200);
    const usage = await call(gateway.url, 'GET', '/v1/usage', { apiKey });
    expect(usage.body.screenCalls).toBe(0);
    expect((await call(gateway.url, 'POST', '/v1/screen', { apiKey, body: screen })).status).toBe(200);
  });
});
