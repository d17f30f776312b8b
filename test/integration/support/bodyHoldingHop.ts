import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP hop on loopback that passes each request's headers on at once and its body only
 * after `holdMs`: a sender that stalls mid-request, as the target's request time-out sees it
 * (a Node server answers 408 and closes). The target's answer is passed back as it is.
 */
export interface BodyHoldingHop {
  url: string;
  close(): Promise<void>;
}

export async function startBodyHoldingHop(targetUrl: string, holdMs: number): Promise<BodyHoldingHop> {
  const target = new URL(targetUrl);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.flushHeaders();
      setTimeout(() => {
        if (!upstream.destroyed) upstream.end(Buffer.concat(chunks));
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
