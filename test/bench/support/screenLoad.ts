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

export interface ScreenLoadSpec {
  url: string;
  keys: string[];
  bodies: string[];
  seconds: number;
  connections: number;
  /** Requests per second over all connections for the paced run (every key at its plan's limit). */
  pacedRate: number;
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
            headers: { ...(req.headers ?? {}), 'content-type': 'application/json', authorization: `Bearer ${spec.keys[i % spec.keys.length]}` },
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
    label, requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max,
    ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts,
  };
}

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as ScreenLoadSpec;
  await runLoad(options(spec, { duration: 3, connections: 8 })); // warm-up
  const paced = await runLoad(options(spec, { overallRate: spec.pacedRate }));
  process.stdout.write(`${JSON.stringify(summary(`${spec.connections} clients, ${spec.pacedRate} req/s in all`, paced))}\n`);
  const open = await runLoad(options(spec, {}));
  process.stdout.write(`${JSON.stringify(summary(`${spec.connections} clients, as fast as answered`, open))}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
