import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP hop on loopback that holds every request `delayMs` before passing it on: a slow
 * network between the worker and the matcher, so a test can act while a chunk is in flight.
 */
export interface SlowProxy {
  url: string;
  /** The requests the hop holds or is passing on right now (answer not yet closed). */
  inFlight(): number;
  /** The most requests the hop has held at once since the last reset. */
  maxInFlight(): number;
  resetMaxInFlight(): void;
  close(): Promise<void>;
}

export async function startSlowProxy(targetUrl: string, delayMs: number): Promise<SlowProxy> {
  const target = new URL(targetUrl);
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    res.on('close', () => inFlight--);
    req.on('end', () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        const upstream = http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          res.statusCode = 502;
          res.end();
        });
        upstream.end(Buffer.concat(chunks));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    resetMaxInFlight: () => {
      maxInFlight = inFlight;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
