import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Pool } from 'pg';
import Redis from 'ioredis';
import { createLogger } from '../../../../infra/base/log';
import { createPool } from '../../../../infra/base/db/pool';
import { createMatcherClient, type MatcherClient } from '../../../../matcher/client';
import { startMatcherServer, type MatcherServer } from '../../../../matcher/server';
import { createApp } from '../../../../gateway/app';
import { createGatewayServer } from '../../../../gateway/server';
import { wireGateway } from '../../../../gateway/wiring';
import type { GatewayDeps } from '../../../../gateway/context';
import { issueApiKey } from '../../../../gateway/auth/apiKeys';
import { createOrganization } from '../../../../gateway/orgs/organizations';
import type { PlanKey } from '../../../../gateway/billing/plans';

export { freePort } from '../../../../infra/base/freePort';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

export interface InProcessGateway {
  url: string;
  pool: Pool;
  redis: Redis;
  /** The matcher started for this gateway; null when `matcherUrl` points elsewhere. */
  matcherServer: MatcherServer | null;
  matcher: MatcherClient;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/** A matcher on an ephemeral port with whatever lists the test database holds (none: every screen is clear). */
export async function startMatcher(pool: Pool, candidateLimit?: number): Promise<MatcherServer> {
  const server = await startMatcherServer({ port: 0, pool, logger: createLogger('matcher', 'silent'), candidateLimit });
  const client = createMatcherClient(server.url);
  for (let i = 0; i < 100 && !(await client.ready()); i++) await new Promise((r) => setTimeout(r, 100));
  client.close();
  return server;
}

/** The gateway app in this process against the run's real PostgreSQL, Redis, Temporal and a real matcher. */
export async function startInProcessGateway(
  options: {
    /** A separate Redis namespace, so this gateway's windows start empty. */
    redisKeyPrefix?: string;
    /** Points the gateway at another matcher (e.g. a closed port, to see it unavailable). */
    matcherUrl?: string;
    buildCoverageView?: GatewayDeps['buildCoverageView'];
    /** Workflows start on this task queue (default: a fresh one; see `startTestWorker`). */
    taskQueue?: string;
    /** A database of the test's own (see createListsDatabase) instead of the run's. */
    databaseUrl?: string;
    publicLimits?: GatewayDeps['publicLimits'];
    metricsToken?: string;
    /** The matcher's candidate limit per query name (default 500). */
    candidateLimit?: number;
    /** Another Redis than the run's (e.g. a closed port, to see the rate counter unreachable). */
    redisUrl?: string;
    trustedProxyHops?: number;
    /** The configuration the gateway reads its webhook settings from (default: this process's environment). */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<InProcessGateway> {
  const matcherPool = options.matcherUrl
    ? null
    : createPool({ max: 4, ...(options.databaseUrl ? { connectionString: options.databaseUrl } : {}) });
  const matcherServer = matcherPool ? await startMatcher(matcherPool, options.candidateLimit) : null;
  const wiring = await wireGateway({
    logger: createLogger('gateway', 'silent'),
    poolMax: 30,
    databaseUrl: options.databaseUrl,
    redisKeyPrefix: options.redisKeyPrefix,
    matcherUrl: options.matcherUrl ?? (matcherServer as MatcherServer).url,
    buildCoverageView: options.buildCoverageView,
    publicLimits: options.publicLimits,
    metricsToken: options.metricsToken,
    redisUrl: options.redisUrl,
    trustedProxyHops: options.trustedProxyHops,
    env: options.env,
    taskQueue: options.taskQueue ?? `test-${randomBytes(4).toString('hex')}`,
  });
  const app = createApp(wiring.deps);
  const server = createGatewayServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pool: wiring.deps.pool,
    redis: wiring.deps.redis,
    matcherServer,
    matcher: wiring.deps.matcher as MatcherClient,
    deps: wiring.deps,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await matcherServer?.close();
      await matcherPool?.end();
      await wiring.close();
    },
  };
}

export interface GatewayProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `tsx gateway/main.ts` as its own process, as the launcher runs it. */
export async function startGatewayProcess(port: number, env: Record<string, string> = {}): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'gateway/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`gateway process exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 2400) throw new Error(`gateway process did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits, if needed, so that `neededMs` fit before the next one-minute window boundary (Redis clock). */
export async function awaitFreshWindow(redis: Redis, neededMs: number): Promise<void> {
  const [seconds, micros] = await redis.time();
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  const left = 60_000 - (now % 60_000);
  if (left < neededMs) await new Promise((r) => setTimeout(r, left + 50));
}

export async function createOrgWithKey(
  pool: Pool,
  plan: PlanKey,
  name = `org ${plan}`,
): Promise<{ orgId: string; keyId: string; apiKey: string }> {
  const org = await createOrganization(pool, { name, plan });
  const key = await issueApiKey(pool, org.id);
  return { orgId: org.id, ...key };
}

/** Puts `count` metered screens on the ledger for the current period, as earlier calls would have. */
export async function preloadScreens(pool: Pool, orgId: string, period: string, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO usage_events (org_id, period, kind, event_key)
     SELECT $1, $2, 'screen', 'preload:' || g FROM generate_series(1, $3) g`,
    [orgId, period, count],
  );
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: { apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // leave as text: the test will show it
  }
  return { status: res.status, headers: res.headers, body: parsed };
}
