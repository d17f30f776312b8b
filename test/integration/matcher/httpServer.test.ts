import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { createPool } from '../../../infra/base/db/pool';
import { createMatcherClient, MATCHER_MAX_BODY_BYTES, MatcherRequestError } from '../../../matcher/client';
import type { MatcherServer } from '../../../matcher/server';
import { startMatcher } from '../gateway/support/stack';

/** The matcher's HTTP face: what a caller sees of its limits. */
let pool: Pool;
let matcher: MatcherServer;

beforeAll(async () => {
  pool = createPool({ max: 2 });
  matcher = await startMatcher(pool);
});
afterAll(async () => {
  await matcher?.close();
  await pool?.end();
});

function post(url: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/match-many`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a request body over the limit', () => {
  it('is answered 413 in JSON, not with a cut connection a caller would retry', async () => {
    const body = Buffer.from(JSON.stringify({ entities: [{ type: 'person', name: 'x'.repeat(MATCHER_MAX_BODY_BYTES) }] }));
    const reply = await post(matcher.url, body);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).code).toBe('payload_too_large');
  });

  it('is not sent by the client, which fails as the matcher would: a request error, not an outage', async () => {
    let requests = 0;
    const listener = http.createServer((req, res) => {
      requests++;
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}'));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const client = createMatcherClient(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
    try {
      const call = client.matchMany([{ type: 'person', name: 'x'.repeat(MATCHER_MAX_BODY_BYTES) }], { requestId: 'too-big' });
      await expect(call).rejects.toBeInstanceOf(MatcherRequestError);
      await expect(call).rejects.toMatchObject({ statusCode: 413 });
      expect(requests).toBe(0);
    } finally {
      client.close();
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
