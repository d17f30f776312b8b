import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTemporalDevServer } from '../../../infra/dev/temporalDevServer';
import { freePort } from '../../../infra/base/freePort';

/**
 * The fault suite's own PostgreSQL cluster, redis-server and Temporal dev server (SQLite file),
 * each on a free loopback port, so a test can kill and restart them without touching the
 * machine's shared services. Booted once per run by globalSetup; its state (ports, pids) lives
 * in a JSON file named by FAULT_STACK_FILE, read and updated by the tests that restart a part.
 */
export interface PrivateStackState {
  dir: string;
  pgBin: string;
  pgData: string;
  pgPort: number;
  databaseUrl: string;
  redisPort: number;
  redisUrl: string;
  redisPid: number;
  temporalPort: number;
  temporalDbFile: string;
  temporalLogFile: string;
  temporalPid: number;
  workflowBundlePath: string;
}

/** The newest PostgreSQL server binaries of the machine (PG_BIN wins): Debian keeps them out of PATH. */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('initdb not found under /usr/lib/postgresql/*/bin: install postgresql or set PG_BIN');
  return path.join(root, versions[0], 'bin');
}

/** initdb and pg_ctl refuse to run as root: as root they run as the postgres user. */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0 ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
}

function run(command: string, args: string[]): void {
  const asUser = asPostgres(command, args);
  const result = spawnSync(asUser.command, asUser.args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, open: boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await portOpen(port)) !== open) {
    if (Date.now() > deadline) throw new Error(`${what} on port ${port} did not ${open ? 'open' : 'close'} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function initPostgres(dir: string): Promise<Pick<PrivateStackState, 'pgBin' | 'pgData' | 'pgPort' | 'databaseUrl'>> {
  const pgBin = postgresBinDir();
  const pgData = path.join(dir, 'pgdata');
  fs.mkdirSync(pgData, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    const chown = spawnSync('chown', ['postgres:postgres', pgData], { encoding: 'utf8' });
    if (chown.status !== 0) throw new Error(`chown postgres ${pgData} failed: ${chown.stderr}`);
  }
  run(path.join(pgBin, 'initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const pgPort = await freePort();
  // TCP on loopback only; no fsync: a restart of the server (not of the machine) keeps every committed write.
  fs.appendFileSync(
    path.join(pgData, 'postgresql.conf'),
    [
      `port = ${pgPort}`,
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      'fsync = off',
      'full_page_writes = off',
      'max_connections = 300',
      'shared_buffers = 64MB',
      '',
    ].join('\n'),
  );
  return { pgBin, pgData, pgPort, databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/screening` };
}

export async function startPostgres(state: Pick<PrivateStackState, 'pgBin' | 'pgData' | 'pgPort'>): Promise<void> {
  run(path.join(state.pgBin, 'pg_ctl'), ['-D', state.pgData, '-l', path.join(state.pgData, 'server.log'), '-w', '-t', '60', 'start']);
  await waitForPort(state.pgPort, true, 30_000, 'PostgreSQL');
}

/** `immediate`: the server stops as if it crashed (recovery on the next start); every connection is cut. */
export async function stopPostgres(
  state: Pick<PrivateStackState, 'pgBin' | 'pgData' | 'pgPort'>,
  mode: 'fast' | 'immediate',
): Promise<void> {
  run(path.join(state.pgBin, 'pg_ctl'), ['-D', state.pgData, '-m', mode, '-w', '-t', '60', 'stop']);
  await waitForPort(state.pgPort, false, 30_000, 'PostgreSQL');
}

export async function startRedis(port: number, dir: string): Promise<number> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--logfile',
      path.join(dir, 'redis.log'),
    ],
    { stdio: 'ignore', detached: true },
  );
  child.unref();
  await waitForPort(port, true, 20_000, 'redis-server');
  return child.pid as number;
}

/** SIGKILL: the server is gone at once with everything it held (it keeps nothing on disk). */
export async function killProcess(pid: number, port: number | null, what: string): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 20_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`${what} (pid ${pid}) did not exit`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (port !== null) await waitForPort(port, false, 20_000, what);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie of a process this one started still answers signal 0: its /proc status says so.
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

/** The dev server on `port` with its SQLite file: started again on the same file, it keeps every workflow's history. */
export async function startTemporal(
  state: Pick<PrivateStackState, 'temporalPort' | 'temporalDbFile' | 'temporalLogFile'>,
): Promise<number> {
  const server = await startTemporalDevServer({
    port: state.temporalPort,
    uiPort: null,
    dbFile: state.temporalDbFile,
    logFile: state.temporalLogFile,
  });
  server.process.unref();
  return server.process.pid as number;
}

export function makeStackDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-faults-'));
  // The postgres user creates its data directory inside.
  fs.chmodSync(dir, 0o755);
  return dir;
}

export function stackFile(): string {
  const file = process.env.FAULT_STACK_FILE;
  if (!file) throw new Error('FAULT_STACK_FILE is not set: run the fault suite with `npm run test:faults`');
  return file;
}

export function readStack(): PrivateStackState {
  return JSON.parse(fs.readFileSync(stackFile(), 'utf8')) as PrivateStackState;
}

export function writeStack(state: PrivateStackState): void {
  fs.writeFileSync(stackFile(), JSON.stringify(state, null, 2));
}
