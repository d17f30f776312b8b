import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { postDelivery } from '../../../activities/webhooks';

describe('postDelivery time-out', () => {
  it('covers the target check: a lookup that never answers ends as a time-out, not a hung attempt', async () => {
    const started = Date.now();
    const outcome = await postDelivery({
      url: 'https://hangs.example.com/hook',
      headers: {},
      body: '{}',
      timeoutMs: 300,
      allowLoopback: false,
      resolve: () => new Promise(() => undefined),
    });
    expect(outcome).toMatchObject({ statusCode: null, error: 'timed out after 300 ms' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('covers the answer: a receiver that holds the request past the time-out is a time-out', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await postDelivery({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        headers: {},
        body: '{}',
        timeoutMs: 300,
        allowLoopback: true,
      });
      expect(outcome).toMatchObject({ statusCode: null, error: 'timed out after 300 ms' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
