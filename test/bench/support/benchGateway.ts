import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client, Pool } from 'pg';
import { migrate } from '../../../infra/base/db/migrate';
import { freePort } from '../../../infra/base/freePort';
import { issueApiKey } from '../../../gateway/auth/apiKeys';
import { createOrganization } from '../../../gateway/orgs/organizations';
import type { PlanKey } from '../../../gateway/billing/plans';

/**
 * A gateway process for benchmarks: its own throwaway database (migrated), its own Redis key
 * prefix and a free port, started as `tsx gateway/main.ts` exactly as the stack runs it.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchGateway {
  url: string;
  pool: Pool;
  /** Creates an organization on `plan` and issues `count` keys for it. */
  keys(plan: PlanKey, count: number): Promise<string[]>;
  stop(): Promise<void>;
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`gateway exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('gateway did not start');
}

/** `tsx gateway/main.ts` on a free port with `env` (DATABASE_URL and the rest), healthy when this resolves. */
export async function spawnGateway(name: string, env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'gateway/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      REDIS_KEY_PREFIX: `bench:${name}:${process.pid}:`,
      GATEWAY_PORT: String(port),
      GATEWAY_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  try {
    await waitHealthy(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

export async function startBenchGateway(name: string, env: Record<string, string> = {}): Promise<BenchGateway> {
  const dbName = `bench_${name}_${process.pid}`;
  const dbUrl = new URL(SERVER);
  dbUrl.pathname = `/${dbName}`;
  await migrate(dbUrl.toString());
  const pool = new Pool({ connectionString: dbUrl.toString(), max: 4 });
  let gateway: { url: string; stop(): Promise<void> };
  try {
    gateway = await spawnGateway(name, { DATABASE_URL: dbUrl.toString(), ...env });
  } catch (err) {
    await pool.end();
    await dropDatabase(dbName);
    throw err;
  }
  const url = gateway.url;
  const stop = async (): Promise<void> => {
    await gateway.stop();
    await pool.end();
    await dropDatabase(dbName);
  };
  return {
    url,
    pool,
    stop,
    async keys(plan, count) {
      const org = await createOrganization(pool, { name: `Bench ${plan}`, plan });
      const out: string[] = [];
      for (let i = 0; i < count; i++) out.push((await issueApiKey(pool, org.id)).apiKey);
      return out;
    },
  };
}
