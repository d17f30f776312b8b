import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { bundleWorkflowCode } from '@temporalio/worker';
import { migrate } from '../../infra/base/db/migrate';
import { startTemporalDevServer, type DevServer } from '../../infra/dev/temporalDevServer';
import { freePort } from '../../infra/base/freePort';

/**
 * The isolated stack one jest run uses: its own database, Redis key prefix and Temporal
 * dev server, so parallel runs (and a developer's `npm start`) never see each other's data.
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TMP_DIR = path.join(REPO_ROOT, '.tmp');

export interface TestStack {
  databaseUrl: string;
  /** A migrated database nobody connects to, copied by tests that need a database of their own. */
  templateDatabaseUrl: string;
  redisKeyPrefix: string;
  temporalAddress: string;
  workflowBundlePath: string;
  temporal: DevServer;
}

export function serverUrl(): URL {
  return new URL(process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}

/**
 * The dev server on a port found free a moment before: another process on the machine can take
 * it, or a port the server opens beside it, in between (the server then exits at once), so a
 * start that fails is tried again on another port.
 */
async function startOnAFreePort(logFile: string): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTemporalDevServer({ port: await freePort(), uiPort: null, dbFile: null, logFile });
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export async function bootTestStack(): Promise<TestStack> {
  const runId = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const dbUrl = serverUrl();
  dbUrl.pathname = `/screening_test_${runId}`;
  const templateUrl = new URL(dbUrl.toString());
  templateUrl.pathname = `${dbUrl.pathname}_template`;
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const workflowBundlePath = path.join(TMP_DIR, `workflow-bundle-${runId}.js`);

  const [temporal] = await Promise.all([
    startOnAFreePort(path.join(TMP_DIR, `temporal-test-${runId}.log`)),
    migrate(dbUrl.toString()),
    migrate(templateUrl.toString()),
    bundleWorkflows(workflowBundlePath),
  ]);

  return {
    databaseUrl: dbUrl.toString(),
    templateDatabaseUrl: templateUrl.toString(),
    redisKeyPrefix: `test:${runId}:`,
    temporalAddress: temporal.address,
    workflowBundlePath,
    temporal,
  };
}

export async function bundleWorkflows(outFile: string): Promise<void> {
  const workflowsPath = path.join(REPO_ROOT, 'workflows', 'index.ts');
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger });
  fs.writeFileSync(outFile, code);
}

const quietBundlerLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
  error: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
};

export async function teardownTestStack(stack: TestStack): Promise<void> {
  await stack.temporal.stop();
  fs.rmSync(stack.workflowBundlePath, { force: true });
  await dropDatabase(stack.databaseUrl);
  await dropDatabase(stack.templateDatabaseUrl);
  await deleteRedisKeys(stack.redisKeyPrefix);
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A new database copied from the run's migrated template: `<run database>_<suffix>`. */
export async function createDatabaseFromTemplate(suffix: string): Promise<string> {
  const template = process.env.TEST_TEMPLATE_DATABASE_URL;
  if (!template) throw new Error("TEST_TEMPLATE_DATABASE_URL is not set: run tests through jest's globalSetup (npm test)");
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `${url.pathname}_${suffix}`;
  const client = new Client({ connectionString: serverUrl().toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${url.pathname.slice(1)}" TEMPLATE "${new URL(template).pathname.slice(1)}"`);
  } finally {
    await client.end();
  }
  return url.toString();
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // Redis may be the thing a test stopped; its keys expire with their windows anyway.
  } finally {
    redis.disconnect();
  }
}
