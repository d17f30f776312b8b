/**
 * Gateway benchmark: an authenticated, rate-limited read (GET /v1/usage) through the whole
 * admitted path (key lookup in PostgreSQL, Redis window, usage read), then the refused path
 * (429) separately. The gateway runs as its own process (`tsx gateway/main.ts`) against a
 * throwaway database; load is spread round-robin over enough keys of one Enterprise org that
 * no key exceeds its 600/min window.
 *
 *   npm run bench:gateway -- [--seconds 10] [--connections 16] [--keys 400]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Client, Pool } from 'pg';
import { migrate } from '../../infra/db/migrate';
import { issueApiKey } from '../../gateway/auth/apiKeys';
import { createOrganization } from '../../gateway/orgs/organizations';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 16);
const KEYS = arg('keys', 400);
const ROOT = path.resolve(__dirname, '..', '..');
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function report(label: string, r: autocannon.Result): void {
  console.log(
    `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50=${r.latency.p50} ms  p99=${r.latency.p99} ms  ` +
      `max=${r.latency.max} ms  2xx=${r['2xx']}  non2xx=${r.non2xx}  errors=${r.errors}  timeouts=${r.timeouts}`,
  );
}

async function main(): Promise<void> {
  const dbName = `bench_gateway_${process.pid}`;
  const dbUrl = new URL(SERVER);
  dbUrl.pathname = `/${dbName}`;
  await migrate(dbUrl.toString());
  const pool = new Pool({ connectionString: dbUrl.toString(), max: 4 });
  const port = await freePort();
  const prefix = `bench:gateway:${process.pid}:`;
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'gateway/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl.toString(), REDIS_KEY_PREFIX: prefix, GATEWAY_PORT: String(port), GATEWAY_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const org = await createOrganization(pool, { name: 'Bench Enterprise', plan: 'enterprise' });
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) keys.push((await issueApiKey(pool, org.id)).apiKey);
    const trial = await createOrganization(pool, { name: 'Bench Trial', plan: 'trial' });
    const refusedKey = (await issueApiKey(pool, trial.id)).apiKey;

    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // still starting
      }
      if (i > 1200) throw new Error('gateway did not start');
      await new Promise((r) => setTimeout(r, 250));
    }

    let next = 0;
    const admitted: autocannon.Options = {
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          path: '/v1/usage',
          setupRequest: (req) => ({ ...req, headers: { ...(req.headers ?? {}), authorization: `Bearer ${keys[next++ % keys.length]}` } }),
        },
      ],
    };
    console.log(`gateway bench: ${CONNECTIONS} connections, ${SECONDS}s per run, ${KEYS} enterprise keys (600/min each), cores=${require('node:os').cpus().length}`);
    await run({ ...admitted, duration: 3 }); // warm-up: JIT, pg prepared statements, pool
    const capacity = KEYS * 600;
    const admittedRun = await run(admitted);
    report('admitted  GET /v1/usage (200)', admittedRun);
    if (next > capacity) console.log(`warning: ${next} requests exceed the ${capacity}/min the keys allow; some were refused`);

    const refused = await run({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { authorization: `Bearer ${refusedKey}` },
      method: 'GET',
      path: '/v1/usage',
    } as autocannon.Options);
    report('refused   GET /v1/usage (429)', refused);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await pool.end();
    await dropDatabase(dbName);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
