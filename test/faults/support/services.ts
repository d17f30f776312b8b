import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../../infra/base/freePort';
import { createMatcherClient } from '../../../matcher/client';
import { readStack } from '../harness/privateStack';

/**
 * The service's processes as the launcher runs them (`node --import tsx <entry>`), on the private
 * stack, each a child this test can SIGKILL. Their logs go to the stack's directory.
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** The process's HTTP address (gateway, matcher); empty for the worker. */
  url: string;
  env: NodeJS.ProcessEnv;
  /** SIGKILL, as a crashed host or an OOM kill would: no drain, no cleanup. */
  kill(): Promise<void>;
  /** SIGTERM and a drain. */
  stop(): Promise<void>;
}

function spawnService(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const logFile = path.join(readStack().dir, 'logs', `${name}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return child;
}

function handle(name: string, child: ChildProcess, url: string, env: NodeJS.ProcessEnv): ServiceProcess {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = async (sig: NodeJS.Signals): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(sig);
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
  };
  return { name, child, url, env, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

async function waitForHttp(name: string, child: ChildProcess, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} (see its log in the stack directory)`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A matcher process on the private database (on `port`, or a free one), ready once it has loaded the published lists. */
export async function startMatcherProcess(name: string, port?: number, env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  const matcherPort = port ?? (await freePort());
  const fullEnv = { MATCHER_HOST: '127.0.0.1', MATCHER_PORT: String(matcherPort), ...env };
  const child = spawnService(name, 'matcher/main.ts', fullEnv);
  const url = `http://127.0.0.1:${matcherPort}`;
  await waitForHttp(name, child, `${url}/healthz`);
  const client = createMatcherClient(url);
  try {
    for (let i = 0; !(await client.ready()); i++) {
      if (i > 600) throw new Error(`${name} not ready`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    client.close();
  }
  return handle(name, child, url, fullEnv);
}

/** A gateway process on a free port. */
export async function startGatewayProcess(name: string, env: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  const port = await freePort();
  const fullEnv = { GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port), ...env };
  const child = spawnService(name, 'gateway/main.ts', fullEnv);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(name, child, `${url}/healthz`);
  return handle(name, child, url, fullEnv);
}

/**
 * A worker process (infra/worker.ts) on `taskQueue`, with the bundle the harness built and the
 * schedules left alone. It polls as soon as it is up; work started before then waits in Temporal.
 */
export function startWorkerProcess(name: string, taskQueue: string, env: NodeJS.ProcessEnv): ServiceProcess {
  const fullEnv = { TEMPORAL_TASK_QUEUE: taskQueue, WORKER_SCHEDULES: 'off', ...env };
  return handle(name, spawnService(name, 'infra/worker.ts', fullEnv), '', fullEnv);
}
