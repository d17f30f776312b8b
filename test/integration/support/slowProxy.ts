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
  /**
   * Also holds each of the next `count` requests until all `count` are held at once (then lets
   * them all go) or it has waited `maxWaitMs`: whether requests overlap no longer depends on how
   * fast a loaded machine sends them.
   */
  gatherUntil(count: number, maxWaitMs: number): void;
  close(): Promise<void>;
}

export async function startSlowProxy(targetUrl: string, delayMs: number): Promise<SlowProxy> {
  const target = new URL(targetUrl);
  let inFlight = 0;
  let maxInFlight = 0;
  let gather: { count: number; left: number; maxWaitMs: number } | null = null;
  const gathered: Array<() => void> = [];
  const afterGathering = (pass: () => void): void => {
    if (!gather) return pass();
    const count = gather.count;
    let passed = false;
    const once = (): void => {
      if (passed) return;
      passed = true;
      clearTimeout(timer);
      gathered.splice(gathered.indexOf(once), 1);
      pass();
    };
    const timer = setTimeout(once, gather.maxWaitMs);
    gathered.push(once);
    if (--gather.left === 0) gather = null;
    if (gathered.length >= count) gathered.slice().forEach((release) => release());
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    res.on('close', () => inFlight--);
    req.on('end', () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const pass = (): void => {
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
      };
      setTimeout(() => afterGathering(pass), delayMs);
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
    gatherUntil: (count, maxWaitMs) => {
      gathered.length = 0;
      gather = { count, left: count, maxWaitMs };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
