import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, createOrgWithKey, startInProcessGateway, type InProcessGateway } from './support/stack';
import { listOperations } from '../../../gateway/openapi/operations';

/**
 * Property-based contract testing of the served document: the pinned Schemathesis
 * (infra/dev/requirements.txt) reads GET /v1/openapi.json, generates valid and invalid requests for
 * every operation and runs every check it has against the live gateway, with a real key of an
 * enterprise organization (no allowance to exhaust; requests paced under its burst limit). Nothing is
 * excluded: a response the document does not describe, a 5xx, an accepted invalid request or a
 * refused valid one fails the test. Two runs: every operation on a fixed seed, so a failure
 * reproduces; then the write operations, fuzzed deeper on a seed drawn for the run (printed, and
 * named in the failure, so that one too can be replayed with SCHEMATHESIS_SEED=<seed>).
 */
const VENV_BIN = path.join(REPO_ROOT, '.venv', 'bin');
const SEED = '20261126';
const MAX_EXAMPLES = '10';
/** The write operations' deeper run: its examples per operation, and the methods that write. */
const WRITE_MAX_EXAMPLES = '100';
const WRITE_METHODS = ['POST', 'PUT', 'DELETE'];
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

interface SchemathesisRun {
  output: string;
  selected: number;
  total: number;
  seconds: number;
}

/** Runs Schemathesis with `--checks all` and an organization's own key; throws with its report unless every case passed. */
async function runSchemathesis(seed: string, maxExamples: string, extraArgs: string[] = []): Promise<SchemathesisRun> {
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
    maxExamples,
    '--seed',
    seed,
    '--rate-limit',
    RATE_LIMIT,
    '--generation-database',
    'none',
    '--workers',
    '1',
    '--no-color',
    '--output-sanitize',
    'true',
    ...extraArgs,
  ];
  const started = Date.now();
  // Asynchronous, so that this process keeps serving Schemathesis's requests.
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      path.join(VENV_BIN, 'schemathesis'),
      args,
      { cwd: dir, timeout: 270_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? null) : 0;
        resolve({ code: typeof code === 'number' ? code : null, output: `${stdout}${stderr}` });
      },
    );
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.code !== 0) throw new Error(`schemathesis (seed ${seed}) exited with ${result.code}:\n${result.output}`);
  const [, selected, total] = /Selected: (\d+)\/(\d+)/.exec(result.output) ?? [];
  // Every selected operation was reached and every generated case passed.
  expect(result.output).toMatch(new RegExp(`Tested: ${selected}\\b`));
  const [, generated, passed] = /(\d+) generated, (\d+) passed/.exec(result.output) ?? [];
  expect(Number(generated)).toBeGreaterThan(0);
  expect(passed).toBe(generated);
  return { output: result.output, selected: Number(selected), total: Number(total), seconds };
}

it('Schemathesis finds no failure with --checks all against GET /v1/openapi.json', async () => {
  const run = await runSchemathesis(SEED, MAX_EXAMPLES);
  expect(run.total).toBeGreaterThan(0);
  expect(run.selected).toBe(run.total);
  console.log(`Schemathesis, every operation, seed ${SEED}: ${run.seconds} s`);
}, 300_000);

it('Schemathesis finds no failure in the write operations fuzzed with 100 examples each on a seed drawn for this run', async () => {
  const seed = process.env.SCHEMATHESIS_SEED ?? String(randomInt(2 ** 31));
  console.log(`Schemathesis, write operations, seed ${seed} (replay: SCHEMATHESIS_SEED=${seed})`);
  const writes = listOperations().filter((o) => WRITE_METHODS.includes(o.method));
  const run = await runSchemathesis(seed, WRITE_MAX_EXAMPLES, [
    ...WRITE_METHODS.flatMap((method) => ['--include-method', method]),
    // The first run took every phase of every operation; this one fuzzes deeper.
    '--phases',
    'fuzzing',
  ]);
  expect(run.selected).toBe(writes.length);
  console.log(`Schemathesis, ${writes.length} write operations, seed ${seed}: ${run.seconds} s`);
}, 300_000);
