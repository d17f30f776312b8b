import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback hop in front of one matcher that holds each /match-many request for `delayMs()`
 * (asked as each arrives; hops in front of replicas can share one count) before passing it on,
 * so a test can act while a screening is on its way. When the matcher is gone by then, the caller's connection is cut, as
 * a matcher that dies under a request cuts it.
 */
export interface MatcherHop {
  url: string;
  /** /match-many requests held or passed on and not yet answered. */
  inFlight(): number;
  delayBy(delayMs: () => number): void;
  close(): Promise<void>;
}

export async function startMatcherHop(targetUrl: string): Promise<MatcherHop> {
  const target = new URL(targetUrl);
  let inFlight = 0;
  let delayMs: () => number = () => 0;
  const server = http.createServer((req, res) => {
    const held = req.url === '/match-many';
    const delay = held ? delayMs() : 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (held) {
        inFlight++;
        res.on('close', () => inFlight--);
      }
      setTimeout(() => {
        const upstream = http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => req.socket.destroy());
        upstream.end(Buffer.concat(chunks));
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inFlight: () => inFlight,
    delayBy(next) {
      delayMs = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
