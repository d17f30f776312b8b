import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../base/temporal/searchAttributes';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** TEMPORAL_CLI wins, then a `temporal` on PATH, then the project virtualenv's pinned CLI. */
function resolveTemporalCli(): string {
  const explicit = process.env.TEMPORAL_CLI;
  if (explicit) return explicit;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'temporal');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  const venvCli = path.join(REPO_ROOT, '.venv', 'bin', 'temporal');
  if (fs.existsSync(venvCli)) return venvCli;
  throw new Error('Temporal CLI not found: run `bash infra/dev/bootstrap.sh` or set TEMPORAL_CLI');
}

export interface DevServerOptions {
  port: number;
  /** null runs headless (tests); a number serves the Web UI there. */
  uiPort: number | null;
  /** SQLite file for persistence; null keeps everything in memory (tests). */
  dbFile: string | null;
  logFile: string;
  namespace?: string;
  /** Aborting while the server is still coming up stops it and rejects: nothing is left running. */
  signal?: AbortSignal;
}

export interface DevServer {
  address: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startTemporalDevServer(options: DevServerOptions): Promise<DevServer> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'warn'];
  args.push('--namespace', options.namespace ?? 'default');
  if (options.uiPort === null) args.push('--headless');
  else args.push('--ui-port', String(options.uiPort), '--ui-ip', '127.0.0.1');
  if (options.dbFile) {
    fs.mkdirSync(path.dirname(options.dbFile), { recursive: true });
    args.push('--db-filename', options.dbFile);
  }
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${name}=${type}`);
  // Task queues dispatch round-robin across fairness keys (each delivery's organization), so one
  // organization's burst of deliveries cannot sit ahead of every other organization's.
  args.push('--dynamic-config-value', 'matching.enableFairness=true');

  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(resolveTemporalCli(), args, { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const address = `127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForFrontend(address, child, 60_000, options.signal);
  } catch (err) {
    await stop();
    throw err;
  }
  return { address, process: child, stop };
}

async function waitForFrontend(address: string, child: ChildProcess, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (signal?.aborted) throw new Error('temporal dev server start aborted');
    if (child.exitCode !== null) throw new Error(`temporal dev server exited with code ${child.exitCode}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.getSystemInfo({});
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`temporal dev server at ${address} not ready: ${String(lastError)}`);
}
