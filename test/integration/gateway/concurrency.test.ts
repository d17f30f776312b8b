import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type Redis from 'ioredis';
import { createPool } from '../../../infra/base/db/pool';
import { createRedis } from '../../../infra/base/redis';
import { issueApiKey } from '../../../gateway/auth/apiKeys';
import { billingPeriod } from '../../../activities/metering/period';
import { RATE_COUNTER_TIMEOUT_MS } from '../../../gateway/limits/waitForRedis';
import type { MatcherServer } from '../../../matcher/server';
import {
  awaitFreshWindow,
  call,
  createOrgWithKey,
  freePort,
  preloadScreens,
  startGatewayProcess,
  startMatcher,
  type GatewayProcess,
} from './support/stack';

/**
 * Two gateway processes (`tsx gateway/main.ts`) share one PostgreSQL, one Redis and one
 * matcher, as replicas behind a load balancer would. Requests alternate between them.
 */
let pool: Pool;
let redis: Redis;
let matcher: MatcherServer;
let gateways: GatewayProcess[];
const person = { type: 'person', name: 'Jane Q Public', state: 'TX' };

beforeAll(async () => {
  pool = createPool();
  redis = createRedis({ commandTimeout: RATE_COUNTER_TIMEOUT_MS });
  matcher = await startMatcher(pool);
  const env = { MATCHER_URL: matcher.url };
  gateways = await Promise.all([startGatewayProcess(await freePort(), env), startGatewayProcess(await freePort(), env)]);
}, 400_000);

afterAll(async () => {
  await Promise.all((gateways ?? []).map((g) => g.stop()));
  await matcher?.close();
  redis?.disconnect();
  await pool?.end();
});

const via = (i: number): string => gateways[i % gateways.length].url;

function tally(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});
}

describe('rate limit across gateway instances', () => {
  it('admits exactly the plan burst limit when three times as many requests arrive at once through two gateways', async () => {
    const { apiKey } = await createOrgWithKey(pool, 'trial');
    await awaitFreshWindow(redis, 25_000);
    const statuses = await Promise.all(
      Array.from({ length: 90 }, (_, i) => call(via(i), 'GET', '/v1/usage', { apiKey }).then((r) => r.status)),
    );
    expect(tally(statuses)).toEqual({ 200: 30, 429: 60 });
  });
});

describe('monthly allowance at its boundary', () => {
  it('never admits more screenings than included when many arrive at once through two gateways', async () => {
    const { orgId } = await createOrgWithKey(pool, 'small');
    const period = billingPeriod(new Date());
    await preloadScreens(pool, orgId, period, 495);
    // Two keys of one organization, 10 requests each: the 30/min burst limit is not what refuses here.
    const keys = await Promise.all(Array.from({ length: 2 }, () => issueApiKey(pool, orgId)));
    await awaitFreshWindow(redis, 25_000);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(via(i), 'POST', '/v1/screen', { apiKey: keys[i % 2].apiKey, body: { ...person, name: `Person ${i}` } }).then((r) => r.status),
      ),
    );
    expect(tally(statuses)).toEqual({ 200: 5, 402: 15 });
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1', [orgId]);
    expect(rows[0].n).toBe(500);
  });
});

describe('POST /v1/screen idempotency under concurrency', () => {
  it('meters 20 concurrent calls with one Idempotency-Key once and answers them all alike', async () => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'enterprise');
    const headers = { 'idempotency-key': `op-${randomUUID()}` };
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(via(i), 'POST', '/v1/screen', { apiKey, body: person, headers })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const reply of replies) expect(reply.body).toEqual(replies[0].body);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1 AND kind = 'screen'", [orgId]);
    expect(rows[0].n).toBe(1);
    expect((await call(via(0), 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(1);
  });
});

describe('usage totals under concurrent metering', () => {
  it('counts every one of 60 concurrent screenings of one organization through two gateways', async () => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'enterprise');
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(via(i), 'POST', '/v1/screen', { apiKey, body: { ...person, name: `Person ${i}` } }).then((r) => r.status),
      ),
    );
    expect(tally(statuses)).toEqual({ 200: 60 });
    expect((await call(via(0), 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(60);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1', [orgId]);
    expect(rows[0].n).toBe(60);
  });

  it('keeps the totals of two database connections in different shard rows, read back as one sum', async () => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'enterprise');
    const period = billingPeriod(new Date());
    // Two connections whose backend pids fall in different shards (pid mod 16).
    const clients = [await pool.connect()];
    const pidOf = async (c: (typeof clients)[number]): Promise<number> => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const firstShard = (await pidOf(clients[0])) % 16;
    try {
      while (clients.length < 2) {
        const candidate = await pool.connect();
        if ((await pidOf(candidate)) % 16 !== firstShard) clients.push(candidate);
        else candidate.release(true);
      }
      for (const [i, c] of clients.entries()) {
        for (let k = 0; k < 3; k++)
          await c.query("INSERT INTO usage_events (org_id, period, kind, event_key) VALUES ($1, $2, 'screen', $3)", [
            orgId,
            period,
            `shard-${i}-${k}`,
          ]);
      }
    } finally {
      for (const c of clients) c.release();
    }
    const { rows } = await pool.query<{ screen_calls: number }>(
      'SELECT screen_calls FROM usage_periods WHERE org_id = $1 AND period = $2 ORDER BY shard',
      [orgId, period],
    );
    expect(rows.map((r) => r.screen_calls)).toEqual([3, 3]);
    expect((await call(via(0), 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(6);
  });
});
