import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createPool } from '../../infra/base/db/pool';
import { call, createOrgWithKey, type Reply } from '../integration/gateway/support/stack';
import { restartRedis } from './support/faults';
import { startGatewayProcess, startMatcherProcess, type ServiceProcess } from './support/services';

/**
 * Redis (the shared rate counter) killed and started again, empty, while two gateway processes
 * serve screenings for one organization. Every screening is answered 200 (metered once) or 429
 * (metered never); none is a 5xx; a retry with the same Idempotency-Key, on either gateway, is
 * never metered again; both gateways serve again without a restart.
 */
let pool: Pool;
let matcher: ServiceProcess;
const gateways: ServiceProcess[] = [];

beforeAll(async () => {
  pool = createPool({ max: 4 });
  matcher = await startMatcherProcess('redis-fault-matcher');
  gateways.push(
    ...(await Promise.all(
      ['redis-fault-gateway-a', 'redis-fault-gateway-b'].map((name) => startGatewayProcess(name, { MATCHER_URL: matcher.url })),
    )),
  );
}, 180_000);

afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
  await matcher?.stop();
  await pool?.end();
});

interface Sent {
  key: string;
  body: { type: string; name: string };
  reply: Reply;
}

async function screenOn(gateway: ServiceProcess, apiKey: string, key: string, n: number): Promise<Sent> {
  const body = { type: 'person', name: `Redis Restart Person ${n}` };
  return { key, body, reply: await call(gateway.url, 'POST', '/v1/screen', { apiKey, body, headers: { 'idempotency-key': key } }) };
}

async function meteredScreens(orgId: string): Promise<number> {
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1 AND kind = 'screen'", [orgId]);
  return rows[0].n;
}

describe('Redis restarted while two gateways serve', () => {
  it('answers 200 or 429, never 5xx, meters each answered screening once and recovers on both gateways', async () => {
    const { apiKey, orgId } = await createOrgWithKey(pool, 'enterprise');
    const sent: Sent[] = [];
    let n = 0;
    // Eight screenings in flight at a time, spread over both gateways, until `until` resolves.
    const load = async (until: () => boolean): Promise<void> => {
      const lane = async (lane: number): Promise<void> => {
        while (!until()) sent.push(await screenOn(gateways[lane % 2], apiKey, randomUUID(), n++));
      };
      await Promise.all(Array.from({ length: 8 }, (_, i) => lane(i)));
    };

    const warmUntil = Date.now() + 1500;
    await load(() => Date.now() > warmUntil);
    expect(sent.some((s) => s.reply.status === 200)).toBe(true);

    let faultOver = false;
    const during = load(() => faultOver);
    await new Promise((r) => setTimeout(r, 300));
    await restartRedis(1500);
    // Both gateways serve 200 again within a bounded time, without a restart.
    const recovered = await Promise.all(
      gateways.map(async (gateway) => {
        for (let i = 0; i < 150; i++) {
          const probe = await screenOn(gateway, apiKey, randomUUID(), n++);
          sent.push(probe);
          if (probe.reply.status === 200) return true;
          await new Promise((r) => setTimeout(r, 200));
        }
        return false;
      }),
    );
    faultOver = true;
    await during;
    expect(recovered).toEqual([true, true]);

    const statuses = new Set(sent.map((s) => s.reply.status));
    expect([...statuses].sort()).toEqual([200, 429]);
    for (const refused of sent.filter((s) => s.reply.status === 429)) expect(refused.reply.body.code).toBe('rate_limited');
    const answered = sent.filter((s) => s.reply.status === 200);
    expect(await meteredScreens(orgId)).toBe(answered.length);
    expect((await call(gateways[0].url, 'GET', '/v1/usage', { apiKey })).body.screenCalls).toBe(answered.length);

    // Every answered screening retried with its key on the other gateway: the stored answer, metered nothing more.
    const retried = await Promise.all(
      answered.map((s, i) =>
        call(gateways[(i + 1) % 2].url, 'POST', '/v1/screen', {
          apiKey,
          body: s.body,
          headers: { 'idempotency-key': s.key },
        }),
      ),
    );
    expect(retried.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    for (const [i, reply] of retried.entries()) if (reply.status === 200) expect(reply.body).toEqual(answered[i].reply.body);
    expect(await meteredScreens(orgId)).toBe(answered.length);
  });
});
