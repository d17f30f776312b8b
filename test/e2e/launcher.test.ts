import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../infra/base/freePort';
import { SOURCE_CATALOG } from '../../activities/lists/sources/catalog';
import { dropDatabase } from '../harness/stack';

/**
 * `npm start` as a newcomer runs it: the launcher brings up Temporal, matcher, worker and
 * gateway on ports of its own, answers /readyz, screens with the demo key it printed, and
 * leaves no process behind after SIGTERM.
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..');
const START_TIMEOUT_MS = 240_000;

function descendants(pid: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '(gone)';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ports, database, Redis prefix and data folder of the launcher's own. */
async function launcherEnv(name: string): Promise<{ dataDir: string; databaseUrl: string; gatewayPort: number; env: NodeJS.ProcessEnv }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `screening-${name}-`));
  const testDb = new URL(process.env.DATABASE_URL as string);
  testDb.pathname = `${testDb.pathname}_${name}`;
  const gatewayPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: testDb.toString(),
    GATEWAY_PORT: String(gatewayPort),
    MATCHER_PORT: String(await freePort()),
    MATCHER_REPLICAS: '2',
    TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
    TEMPORAL_UI_PORT: String(await freePort()),
    WORKER_METRICS_PORT: String(await freePort()),
    REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX}${name}:`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  delete env.MATCHER_URL;
  return { dataDir, databaseUrl: testDb.toString(), gatewayPort, env };
}

describe('npm start launcher', () => {
  let launcher: ChildProcess;
  let stdout = '';
  let dataDir: string;
  let databaseUrl: string;
  let gatewayPort: number;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    ({ dataDir, databaseUrl, gatewayPort, env } = await launcherEnv('e2e'));
    launcher = spawn(process.execPath, ['--import', 'tsx', 'infra/dev/launcher.ts'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    launcher.stderr?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!stdout.includes('Press Ctrl-C') && Date.now() < deadline && launcher.exitCode === null) {
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!stdout.includes('Press Ctrl-C')) throw new Error(`the stack did not come up:\n${stdout.slice(-3000)}`);
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    // Normally the SIGTERM test has stopped it already; when it did not run (a -t filter), kill
    // the stack's processes too, or they would outlive the run.
    if (launcher.exitCode === null) {
      const stack = descendants(launcher.pid as number);
      launcher.kill('SIGKILL');
      for (const pid of stack) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl);
  });

  it('prints the API base URL, the Temporal UI URL and a demo API key', () => {
    expect(stdout).toContain(`API base URL   http://127.0.0.1:${gatewayPort}/v1`);
    expect(stdout).toMatch(/Temporal UI {4}http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toMatch(/Demo API key {3}esk_\w+/);
  });

  it('prints the list scale, each list published, and the time until the matcher served them all', () => {
    expect(stdout).toContain('[lists] scale demo');
    expect(stdout).toMatch(/\[lists\] oig_leie +2,000 rows +\d+\.\d s {2}published/);
    const lists = SOURCE_CATALOG.length;
    expect(stdout).toMatch(
      new RegExp(`Lists {10}demo scale: [\\d,]+ rows in ${lists} lists \\(${lists} published at this start\\), from `),
    );
    expect(stdout).toMatch(/Ready in {7}\d+\.\d s \(the matcher serves every current list version\)/);
  });

  it('prints the pages and the metrics endpoints (gateway, each matcher, worker), and each answers', async () => {
    const base = `http://127.0.0.1:${gatewayPort}`;
    expect(stdout).toContain(`Pages          ${base}/   (free lookup)   ${base}/coverage   ${base}/docs   (API reference)`);
    const metricsUrls = /Metrics {8}(.+) \(worker\)/.exec(stdout)?.[1].split(/ {3}/) ?? [];
    const matcherPorts = [Number(env.MATCHER_PORT), Number(env.MATCHER_PORT) + 1];
    expect(metricsUrls).toEqual([
      `${base}/metrics`,
      ...matcherPorts.map((port) => `http://127.0.0.1:${port}/metrics`),
      `http://127.0.0.1:${env.WORKER_METRICS_PORT}/metrics`,
    ]);
    for (const page of ['/', '/coverage', '/docs']) expect([page, (await fetch(`${base}${page}`)).status]).toEqual([page, 200]);
    // The banner waits for the gateway; the worker may still be connecting to Temporal.
    const answer = async (url: string): Promise<Response> => {
      for (let i = 0; ; i++) {
        try {
          return await fetch(url);
        } catch (err) {
          if (i > 300) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    for (const url of metricsUrls) expect([url, (await answer(url)).status]).toEqual([url, 200]);
    expect(await (await fetch(metricsUrls[metricsUrls.length - 1])).text()).toMatch(/^temporal_\w+/m);
  });

  it('answers /readyz and screens a listed demo person with the printed key', async () => {
    const base = `http://127.0.0.1:${gatewayPort}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const apiKey = /Demo API key {3}(\S+)/.exec(stdout)?.[1] as string;

    const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'lists', 'demo', 'manifest.json'), 'utf8')) as {
      files: { source: string; path: string }[];
    };
    const leie = manifest.files.find((f) => f.source === 'oig_leie' && f.path.endsWith('UPDATED.csv'));
    const rows = fs
      .readFileSync(path.join(dataDir, 'lists', 'demo', leie!.path), 'utf8')
      .split(/\r?\n/)
      .slice(1);
    const [last, first] = rows
      .map((row) => row.split(',').map((cell) => cell.replace(/"/g, '')))
      .find(([lastName, firstName]) => lastName && firstName) as string[];

    const res = await fetch(`${base}/v1/screen`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'person', name: `${first} ${last}` }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; matches: { provenance: { sourceList: string } }[] };
    expect(body.status).toBe('potential_match');
    expect(body.matches.map((m) => m.provenance.sourceList)).toContain('oig_leie');
  });

  it('prints a screening to try whose name is on the demo LEIE, and it comes back a potential match', async () => {
    const body = /-d '(\{[^']*\})'/.exec(stdout)?.[1] as string;
    const subject = JSON.parse(body) as { type: string; name: string };
    expect(stdout).toContain(`${subject.name} is on the demo LEIE`);
    const apiKey = /Demo API key {3}(\S+)/.exec(stdout)?.[1] as string;
    const res = await fetch(`http://127.0.0.1:${gatewayPort}/v1/screen`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body,
    });
    const result = (await res.json()) as { status: string; matches: { provenance: { sourceList: string } }[] };
    expect(result.status).toBe('potential_match');
    expect(result.matches.map((m) => m.provenance.sourceList)).toContain('oig_leie');
  });

  it('leaves no process of the stack running after SIGTERM', async () => {
    const stackPids = descendants(launcher.pid as number);
    expect(stackPids.length).toBeGreaterThanOrEqual(4); // temporal, matcher, worker, gateway
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    // tsx's esbuild helper processes exit on their own once their parent's pipe closes.
    const deadline = Date.now() + 5000;
    while (stackPids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stackPids.filter(alive).map((pid) => `${pid} ${commandOf(pid)}`)).toEqual([]);
  }, 90_000);
});

describe('npm start launcher stopped while Temporal is still starting', () => {
  it(
    'stops the Temporal dev server it was waiting for and exits 0',
    async () => {
      const { dataDir, databaseUrl, env } = await launcherEnv('e2e_early');
      const launcher = spawn(process.execPath, ['--import', 'tsx', 'infra/dev/launcher.ts'], { cwd: REPO_ROOT, env, stdio: 'ignore' });
      try {
        // SIGTERM as soon as the Temporal CLI has been spawned, before it answers.
        let temporalPid: number | undefined;
        const deadline = Date.now() + START_TIMEOUT_MS;
        while (temporalPid === undefined && Date.now() < deadline && launcher.exitCode === null) {
          temporalPid = descendants(launcher.pid as number).find((pid) => commandOf(pid).includes('server start-dev'));
          if (temporalPid === undefined) await new Promise((r) => setTimeout(r, 20));
        }
        expect(temporalPid).toBeDefined();
        const stackPids = descendants(launcher.pid as number);
        const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
        launcher.kill('SIGTERM');
        expect(await exited).toBe(0);
        const until = Date.now() + 5000;
        while (stackPids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        expect(stackPids.filter(alive).map((pid) => `${pid} ${commandOf(pid)}`)).toEqual([]);
      } finally {
        if (launcher.exitCode === null) launcher.kill('SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase(databaseUrl);
      }
    },
    START_TIMEOUT_MS + 30_000,
  );
});
