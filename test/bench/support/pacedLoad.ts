import http from 'node:http';

/**
 * Evenly paced clients, each on its own keep-alive connection, the way independent callers
 * arrive. autocannon's rate mode is not this: each connection sends its whole second's quota
 * back to back and then idles, so every second starts with a burst of all clients at once.
 *
 * Client i sends at start + i * period / clients + k * period. A client has one connection,
 * so when an answer is late the next request waits for it; its latency is still counted from
 * the time it was due (no coordinated omission: a stall shows in every request it delayed).
 */
export interface PacedLoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  clients: number;
  /** Requests per second of each client. */
  perClientRate: number;
  seconds: number;
  /** Headers and body of the n-th request overall. */
  request(client: number, n: number): { headers: Record<string, string>; body?: string };
  /** A request unanswered after this many milliseconds is abandoned and counted as a timeout. */
  timeoutMs: number;
}

export interface PacedLoadResult {
  sent: number;
  requestsPerSecond: number;
  /** Milliseconds from the time each 2xx-answered request was due to its complete answer, sorted. */
  latencies: number[];
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
}

class RequestTimeout extends Error {}

function send(
  agent: http.Agent,
  url: URL,
  spec: PacedLoadSpec,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: spec.path,
        method: spec.method,
        headers: { ...headers, ...length },
        timeout: spec.timeoutMs,
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new RequestTimeout()));
    req.on('error', reject);
    req.end(body);
  });
}

/** Waits for `at`; a client already late sends at once (even a 0 ms timer costs a tick, counted as latency). */
async function sleepUntil(at: number): Promise<void> {
  const wait = at - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

export async function runPacedLoad(spec: PacedLoadSpec): Promise<PacedLoadResult> {
  const url = new URL(spec.url);
  const period = 1000 / spec.perClientRate;
  const start = performance.now() + 50;
  const end = start + spec.seconds * 1000;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  const runClient = async (client: number): Promise<void> => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let due = start + (client * period) / spec.clients; due < end; due += period) {
        await sleepUntil(due);
        const { headers, body } = spec.request(client, sent++);
        // A timer may fire a little early: an early request counts from when it was sent.
        const from = Math.min(due, performance.now());
        try {
          const status = await send(agent, url, spec, headers, body);
          statusCounts[status] = (statusCounts[status] ?? 0) + 1;
          // Only answered screenings count: a fast 429 or 5xx must not pull the percentiles down.
          if (status >= 200 && status < 300) latencies.push(performance.now() - from);
        } catch (err) {
          if (err instanceof RequestTimeout) timeouts++;
          else errors++;
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: spec.clients }, (_, i) => runClient(i)));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { sent, requestsPerSecond: sent / elapsed, latencies, statusCounts, errors, timeouts };
}

export function percentileOf(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
