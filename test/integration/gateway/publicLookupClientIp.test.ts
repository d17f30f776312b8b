import { randomUUID } from 'node:crypto';
import { call, startInProcessGateway, type InProcessGateway } from './support/stack';

/**
 * POST /v1/public/lookup's per-IP limit behind an ingress: X-Forwarded-For names the caller only
 * when the gateway is told to trust the proxy that appends it (TRUSTED_PROXY_HOPS); by default
 * the header is ignored, so a caller cannot pick its own bucket.
 */
const limits = { perIpPerMinute: 2, globalPerMinute: 1000 };

async function lookups(gw: InProcessGateway, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const xff of forwardedFor) {
    statuses.push(
      (await call(gw.url, 'POST', '/v1/public/lookup', { body: { name: 'Jane Public' }, headers: { 'x-forwarded-for': xff } })).status,
    );
  }
  return statuses;
}

const prefix = () => `${process.env.REDIS_KEY_PREFIX}clientip:${randomUUID()}:`;

describe('behind one trusted proxy (TRUSTED_PROXY_HOPS=1)', () => {
  let gw: InProcessGateway;
  beforeAll(async () => {
    gw = await startInProcessGateway({ publicLimits: limits, trustedProxyHops: 1, redisKeyPrefix: prefix() });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('keys the per-IP limit by the forwarded client address: each caller has its own bucket', async () => {
    expect(await lookups(gw, ['203.0.113.5', '203.0.113.5', '203.0.113.5'])).toEqual([200, 200, 429]);
    expect(await lookups(gw, ['203.0.113.6'])).toEqual([200]);
  });

  it('reads the entry the proxy appended, not those the caller sent before it', async () => {
    expect(await lookups(gw, ['1.1.1.1, 203.0.113.7', '2.2.2.2, 203.0.113.7', '3.3.3.3, 203.0.113.7'])).toEqual([200, 200, 429]);
  });
});

describe('with no trusted proxy (the default)', () => {
  let gw: InProcessGateway;
  beforeAll(async () => {
    gw = await startInProcessGateway({ publicLimits: limits, redisKeyPrefix: prefix() });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('ignores X-Forwarded-For: one peer is one bucket whatever the header claims', async () => {
    expect(await lookups(gw, ['203.0.113.5', '203.0.113.6', '203.0.113.7'])).toEqual([200, 200, 429]);
  });
});
