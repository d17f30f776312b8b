/**
 * Load generator for `POST /v1/screen` through a gateway, run as its own process by
 * bench:matcher so the client's event loop does not share the matcher's. Reads a spec file
 * (gateway URL, keys, request bodies), runs the scenarios and prints one JSON line per run.
 *
 *   tsx test/bench/support/screenLoad.ts SPEC.json
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { runLoad } from './load';
import { percentileOf, runPacedLoad } from './pacedLoad';
import { runScript } from '../../../infra/dev/runScript';

export interface ScreenLoadSpec {
  url: string;
  keys: string[];
  bodies: string[];
  seconds: number;
  connections: number;
  /** Requests per second of each client in each paced run, ending at its key's plan limit. */
  perClientRates: number[];
}

export interface ScreenLoadRun {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

function options(spec: ScreenLoadSpec, extra: Partial<autocannon.Options>): autocannon.Options {
  let next = 0;
  return {
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    requests: [
      {
        method: 'POST',
        path: '/v1/screen',
        setupRequest: (req) => {
          const i = next++;
          return {
            ...req,
            headers: {
              ...(req.headers ?? {}),
              'content-type': 'application/json',
              authorization: `Bearer ${spec.keys[i % spec.keys.length]}`,
            },
            body: spec.bodies[i % spec.bodies.length],
          };
        },
      },
    ],
    ...extra,
  };
}

function summary(label: string, r: autocannon.Result): ScreenLoadRun {
  return {
    label,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

const PACED_WARM_UP_SECONDS = 5;

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Each client on its own key, sending evenly at `perClientRate`. Run `run` takes the run-th
 * block of keys, so no key carries two runs inside one rate-limit window.
 */
async function paced(spec: ScreenLoadSpec, run: number, perClientRate: number, seconds: number): Promise<ScreenLoadRun> {
  const r = await runPacedLoad({
    url: spec.url,
    method: 'POST',
    path: '/v1/screen',
    clients: spec.connections,
    perClientRate,
    seconds,
    timeoutMs: REQUEST_TIMEOUT_MS,
    request: (client, n) => ({
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${spec.keys[(run * spec.connections + client) % spec.keys.length]}`,
      },
      body: spec.bodies[n % spec.bodies.length],
    }),
  });
  const ok = Object.entries(r.statusCounts)
    .filter(([s]) => s.startsWith('2'))
    .reduce((a, [, n]) => a + n, 0);
  const ms = (p: number): number => Math.round(percentileOf(r.latencies, p) * 10) / 10;
  return {
    label: `${spec.connections} clients, each ${perClientRate} req/s evenly paced (${spec.connections * perClientRate} req/s in all)`,
    requestsPerSecond: Math.round(r.requestsPerSecond),
    p50: ms(50),
    p90: ms(90),
    p99: ms(99),
    max: ms(100),
    ok,
    non2xx: r.sent - ok - r.errors - r.timeouts,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as ScreenLoadSpec;
  await runLoad(options(spec, { duration: 3, connections: 8 })); // warm-up: JIT, prepared statements
  // Warm-up at the measured pace: every client's connection, the gateway's full PostgreSQL pool.
  await paced(spec, 0, spec.perClientRates[0], PACED_WARM_UP_SECONDS);
  for (const [i, rate] of spec.perClientRates.entries())
    process.stdout.write(`${JSON.stringify(await paced(spec, i + 1, rate, spec.seconds))}\n`);
  // Closed loop: every client sends again the moment it is answered, so latency here is
  // queueing (clients / throughput) by construction; this run measures throughput.
  const open = await runLoad(options(spec, {}));
  process.stdout.write(`${JSON.stringify(summary(`${spec.connections} clients, as fast as answered (saturation)`, open))}\n`);
}

runScript(main);
