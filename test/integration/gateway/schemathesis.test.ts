import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, createOrgWithKey, startInProcessGateway, type InProcessGateway } from './support/stack';

/**
 * Property-based contract testing of the served document: the pinned Schemathesis
 * (infra/dev/requirements.txt) reads GET /v1/openapi.json, generates valid and invalid requests for
 * every operation and runs every check it has against the live gateway, with a real key of an
 * enterprise organization (no allowance to exhaust; requests paced under its burst limit). Nothing is
 * excluded: a response the document does not describe, a 5xx, an accepted invalid request or a
 * refused valid one fails the test. The seed is fixed, so a failure reproduces.
 */
const VENV_BIN = path.join(REPO_ROOT, '.venv', 'bin');
const SEED = '20261126';
const MAX_EXAMPLES = '10';
// Under the enterprise burst limit (600 requests a minute per key), so every request reaches the API.
const RATE_LIMIT = '550/m';

let gw: InProcessGateway;
let dir: string;

beforeAll(async () => {
  // The free lookup's per-IP limit would answer most of its cases with 429, leaving it untested.
  gw = await startInProcessGateway({
    publicLimits: { perIpPerMinute: 100_000, globalPerMinute: 100_000 },
    redisKeyPrefix: `${process.env.REDIS_KEY_PREFIX}schemathesis:${randomUUID()}:`,
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'schemathesis-'));
});
afterAll(async () => {
  await gw?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('Schemathesis finds no failure with --checks all against GET /v1/openapi.json', async () => {
  const { apiKey } = await createOrgWithKey(gw.pool, 'enterprise', 'schemathesis');
  const args = [
    '--config-file',
    path.join(__dirname, 'schemathesis.toml'),
    'run',
    `${gw.url}/v1/openapi.json`,
    '--checks',
    'all',
    '-H',
    `Authorization: Bearer ${apiKey}`,
    '--max-examples',
    MAX_EXAMPLES,
    '--seed',
    SEED,
    '--rate-limit',
    RATE_LIMIT,
    '--generation-database',
    'none',
    '--workers',
    '1',
    '--no-color',
    '--output-sanitize',
    'true',
  ];
  // Asynchronous, so that this process keeps serving Schemathesis's requests.
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      path.join(VENV_BIN, 'schemathesis'),
      args,
      { cwd: dir, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? null) : 0;
        resolve({ code: typeof code === 'number' ? code : null, output: `${stdout}${stderr}` });
      },
    );
  });
  if (result.code !== 0) throw new Error(`schemathesis exited with ${result.code}:\n${result.output}`);
  // Every operation was reached and every generated case passed.
  const [, selected, total] = /Selected: (\d+)\/(\d+)/.exec(result.output) ?? [];
  expect(Number(total)).toBeGreaterThan(0);
  expect(selected).toBe(total);
  expect(result.output).toMatch(new RegExp(`Tested: ${total}\\b`));
  const [, generated, passed] = /(\d+) generated, (\d+) passed/.exec(result.output) ?? [];
  expect(Number(generated)).toBeGreaterThan(0);
  expect(passed).toBe(generated);
}, 300_000);
