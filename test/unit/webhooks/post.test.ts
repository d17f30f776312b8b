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

describe('postDelivery beforeSend: the last check before anything is written', () => {
  async function countingServer() {
    let requests = 0;
    let connections = 0;
    const server = http.createServer((req, res) => {
      requests++;
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      requests: () => requests,
      connections: () => connections,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it('runs once the connection is open; refused, nothing is written and the outcome says withdrawn', async () => {
    const server = await countingServer();
    try {
      let openWhenAsked = -1;
      const outcome = await postDelivery({
        url: server.url,
        headers: {},
        body: '{}',
        timeoutMs: 2000,
        allowLoopback: true,
        beforeSend: async () => {
          openWhenAsked = server.connections();
          return false;
        },
      });
      expect(outcome).toMatchObject({ withdrawn: true, statusCode: null, error: null });
      expect(openWhenAsked).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(server.requests()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('withdraws when the check itself fails, and sends when it passes', async () => {
    const server = await countingServer();
    try {
      const failed = await postDelivery({
        url: server.url,
        headers: {},
        body: '{}',
        timeoutMs: 2000,
        allowLoopback: true,
        beforeSend: () => Promise.reject(new Error('database out of reach')),
      });
      expect(failed).toMatchObject({ withdrawn: true });
      const sent = await postDelivery({
        url: server.url,
        headers: {},
        body: '{}',
        timeoutMs: 2000,
        allowLoopback: true,
        beforeSend: async () => true,
      });
      expect(sent).toMatchObject({ statusCode: 204, error: null });
      expect(sent.withdrawn).toBeUndefined();
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
