import { randomUUID } from 'node:crypto';
import { startInProcessGateway, type InProcessGateway } from '../gateway/support/stack';

let gw: InProcessGateway;
beforeAll(async () => {
  gw = await startInProcessGateway({ redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}served:${randomUUID()}:` });
});
afterAll(async () => {
  await gw?.close();
});

describe('web pages as served (no key, no third party)', () => {
  it.each([
    ['/', 'Free exclusion lookup'],
    ['/coverage', 'List coverage'],
    ['/docs', 'redoc spec-url="/v1/openapi.json"'],
  ])('GET %s answers HTML with a policy that allows only the gateway itself', async (path, marker) => {
    const res = await fetch(`${gw.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^default-src 'self';/);
    expect(policy).not.toMatch(/https?:|\*|unsafe-eval/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.text();
    expect(body).toContain(marker);
    // Everything the page loads comes from the gateway.
    expect(body).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("serves the pages' scripts, stylesheet and Redoc's bundle with their types", async () => {
    for (const [path, type] of [
      ['/assets/lookup.js', 'text/javascript; charset=utf-8'],
      ['/assets/site.css', 'text/css; charset=utf-8'],
      ['/docs/redoc.standalone.js', 'text/javascript; charset=utf-8'],
    ]) {
      const res = await fetch(`${gw.url}${path}`);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, type]);
    }
  });

  it("answers 404 in the contract's error shape for a path that is no page, and leaves /v1 to the API", async () => {
    const res = await fetch(`${gw.url}/assets/nope.js`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('not_found');
    expect((await fetch(`${gw.url}/v1/lists`)).status).toBe(401);
    expect((await fetch(`${gw.url}/coverage`, { method: 'POST' })).status).toBe(404);
  });
});
