import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../infra/base/freePort';

/**
 * Production runs the compiled JavaScript `npm run build` emits (infra/deploy/build.js), with
 * plain `node` and no tsx: every entry point compiles, the files the processes read beside their
 * modules are copied, and the compiled gateway, migrate runner, CLI and workflow bundle work from
 * that layout. The build goes to a scratch folder inside the package, so packages resolve as from dist/.
 */
const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..', '..');
const out = path.join(root, '.tmp', `build-test-${process.pid}`);
// Plain node: nothing from the test runner or the environment may load tsx into the children.
const env = { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn' };

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** What the processes read at run time from beside their modules (docs/operations.md "The compiled build"). */
const RUNTIME_FILES = [
  ...fs.readdirSync(path.join(root, 'infra/base/migrations')).map((f) => `infra/base/migrations/${f}`),
  ...fs
    .readdirSync(path.join(root, 'matcher/normalize'))
    .filter((f) => f.endsWith('.csv'))
    .map((f) => `matcher/normalize/${f}`),
  ...fs.readdirSync(path.join(root, 'gateway/pages/assets')).map((f) => `gateway/pages/assets/${f}`),
];

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'infra/deploy/build.js'), out], { cwd: root, env, stdio: 'pipe' });
}, 180_000);

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('npm run build: the compiled layout production runs', () => {
  it('compiles every entry point and carries no TypeScript', () => {
    for (const entry of [
      'gateway/main.js',
      'matcher/main.js',
      'infra/worker.js',
      'infra/base/db/migrate.js',
      'infra/cli/screenctl.js',
      'workflows/index.js',
    ]) {
      expect(fs.existsSync(path.join(out, entry))).toBe(true);
    }
    expect(filesUnder(out).filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(filesUnder(out).filter((f) => f.startsWith('infra/dev/') || f.startsWith('test/'))).toEqual([]);
  });

  it('copies the SQL migrations, the matcher tables and the page assets beside the compiled modules', () => {
    expect(RUNTIME_FILES.length).toBeGreaterThan(20);
    for (const file of RUNTIME_FILES) expect(fs.readFileSync(path.join(out, file))).toEqual(fs.readFileSync(path.join(root, file)));
  });

  it('runs the compiled migrate runner and screenctl with plain node', async () => {
    const help = await run(process.execPath, [path.join(out, 'infra/base/db/migrate.js'), '--help'], { env });
    expect(help.stdout).toMatch(/^Usage: node infra\/base\/db\/migrate\.js/);
    const list = JSON.parse((await run(process.execPath, [path.join(out, 'infra/base/db/migrate.js'), '--list'], { env })).stdout) as {
      dir: string;
      migrations: string[];
    };
    expect(list.dir).toBe(path.join(out, 'infra/base/migrations'));
    expect(list.migrations).toEqual(
      fs
        .readdirSync(path.join(root, 'infra/base/migrations'))
        .filter((f) => f.endsWith('.sql'))
        .sort(),
    );
    const cli = await run(process.execPath, [path.join(out, 'infra/cli/screenctl.js'), '--help'], { env });
    expect(cli.stdout).toMatch(/^Usage: screenctl/);
    for (const group of ['org', 'key', 'usage', 'lists', 'deliveries']) expect(cli.stdout).toContain(group);
  });

  it('loads the matcher tables, the page assets and the workflow bundle from the compiled layout, without tsx', async () => {
    const script = `
      const out = process.argv[1];
      const { nicknames } = require(out + '/matcher/normalize/nicknames.js');
      const { loadAssets } = require(out + '/gateway/pages/assets.js');
      const { workflowsEntry } = require(out + '/infra/worker/workflowsEntry.js');
      require(out + '/gateway/app.js');
      require(out + '/matcher/engine.js');
      const { bundleWorkflowCode } = require('@temporalio/worker');
      const quiet = { info() {}, warn() {}, debug() {}, trace() {}, log() {}, error: (m) => console.error(m) };
      bundleWorkflowCode({ workflowsPath: workflowsEntry(), logger: quiet }).then((bundle) => {
        console.log(JSON.stringify({
          nickname: nicknames().equivalent('BILL', 'WILLIAM'),
          assets: [...loadAssets('/docs/redoc.standalone.js').keys()].sort(),
          workflowsEntry: workflowsEntry(),
          bundled: bundle.code.length,
          tsx: Object.keys(require.cache).filter((k) => k.includes('/node_modules/tsx/')),
        }));
      });`;
    const { stdout } = await run(process.execPath, ['-e', script, out], { env, cwd: root, maxBuffer: 16 * 1024 * 1024 });
    const result = JSON.parse(stdout.trim().split('\n').pop() as string) as Record<string, unknown>;
    expect(result.nickname).toBe(true);
    expect(result.assets).toEqual(['/assets/docs.css', '/assets/lookup.js', '/assets/site.css', '/docs/redoc.standalone.js']);
    expect(result.workflowsEntry).toBe(path.join(out, 'workflows/index.js'));
    expect(result.bundled).toBeGreaterThan(100_000);
    expect(result.tsx).toEqual([]);
  }, 60_000);

  it('starts the compiled gateway, which serves its contract, pages and assets', async () => {
    const port = await freePort();
    const gateway: ChildProcess = spawn(process.execPath, [path.join(out, 'gateway/main.js')], {
      env: { ...env, GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port), REDIS_KEY_PREFIX: `build-test-${process.pid}:` },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    gateway.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 20_000;
      for (;;) {
        const ok = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline || gateway.exitCode !== null) throw new Error(`compiled gateway did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const openapi = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { openapi: string };
      expect(openapi.openapi).toMatch(/^3\.1/);
      const css = await fetch(`${base}/assets/site.css`);
      expect(css.status).toBe(200);
      expect(await css.text()).toBe(fs.readFileSync(path.join(root, 'gateway/pages/assets/site.css'), 'utf8'));
      expect((await fetch(`${base}/docs`)).status).toBe(200);
    } finally {
      gateway.kill('SIGTERM');
      await new Promise((r) => (gateway.exitCode !== null ? r(null) : gateway.once('exit', r)));
    }
  }, 60_000);
});
