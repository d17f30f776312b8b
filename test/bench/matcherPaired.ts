/**
 * Paired matcher benchmark: the current code against another commit's, on the same generated
 * data (350k entries + 2M NPPES organizations) and the same 4,000 queries as `bench:matcher`:
 * screens in process, then `POST /match-many` of 100 entities at a time (what a batch chunk
 * sends) to the checkout's own matcher server in the same process, one call after another.
 * The calls screen the queries the in-process passes screened: a cache a checkout keeps from one
 * screening to the next is warm for them, more than it would be for a roster of fresh names.
 * Each engine runs in a process of its own, in rounds that alternate which goes first
 * (base, current, current, base, ...), so the drift of a shared machine (±30% between runs
 * a few minutes apart) falls on both alike; the figures to compare are the medians over rounds.
 *
 * Both engines in one process, as this bench first did, is not a fair comparison: with the same
 * code on both sides, the engine imported statically and the index built second came out up
 * to 12% faster on the mean. Nor is an engine the child imports statically for one side and
 * dynamically for the other: while this file's data generation imported this checkout's engine,
 * the same code measured a p99 17% lower as the current side than as the base (matcherData.ts
 * now imports no engine; benchMatcherServer.ts holds the bench's server).
 *
 * --compiled measures each checkout's matcher compiled by tsc, as production runs it (support/compiledMatcher.ts),
 * rather than through tsx.
 *
 *   git worktree add /some/dir <commit>   # with node_modules and .venv linked from this checkout
 *   npm run bench:matcher-paired -- --base /some/dir [--rounds 3] [--compiled] [--entries 350000] [--registry 2000000] [--queries 4000] [--seed 7]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRng } from '../../infra/dev/synthetic/parties';
import { withMatcherNodeOptions } from '../../matcher/nodeOptions';
import { numberArg } from './support/args';
import { percentileOf } from './support/pacedLoad';
import { generateEntries, generateQueries, generateRegistry } from './support/matcherData';
import { screeningsDigest } from './support/screeningsDigest';
import { compileMatcher } from './support/compiledMatcher';
import { runScript } from '../../infra/dev/runScript';

const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const QUERIES = numberArg('queries', 4000);
const SEED = numberArg('seed', 7);
const ROUNDS = numberArg('rounds', 3);
const CURRENT = path.resolve(__dirname, '..', '..');
/** Entities per `POST /match-many`: a batch chunk's call. */
const MATCH_MANY_SIZE = 100;

/** What one engine's process reports. */
interface RunFigures {
  buildMs: number;
  p50: number;
  p99: number;
  mean: number;
  /** The 99th percentile of the organization screenings alone (a tenth of the queries, most of the tail). */
  orgP99: number;
  /** Process CPU time per in-process screen: what a loaded machine's preemption leaves out of the wall-clock figures. */
  cpuMean: number;
  /** The 99th percentile of each screening's process CPU time (all threads: a collection's or a compilation's helpers count too). */
  cpuP99: number;
  sha256: string;
  /** The checkout's own warm-up before serving (matcher/warmUp.ts), when it has one; 0 when not. */
  warmUpMs: number;
  /** `POST /match-many` of MATCH_MANY_SIZE: wall and process CPU (server and client) per entity. */
  manyWallMs: number;
  manyCpuMs: number;
}

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** In a child: build one checkout's index and screen the queries with it. */
async function measureCheckout(checkout: string): Promise<RunFigures> {
  const engine = (await import(path.join(checkout, 'matcher', 'engine'))) as typeof import('../../matcher/engine');
  const entries = generateEntries(createRng(SEED), ENTRIES);
  const store = generateRegistry(SEED, REGISTRY);
  const registry = (npi: string) => store.get(npi);
  const start = Date.now();
  const index = engine.buildMatcherIndex(entries);
  const buildMs = Date.now() - start;
  const warmUpMs = (await checkoutWarmUp(checkout))?.(index, registry).ms ?? 0;
  const qs = generateQueries(SEED, entries, QUERIES, REGISTRY);
  for (const q of qs.slice(0, 200)) engine.screenEntity(index, q, registry);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (const q of qs) {
    const c = process.cpuUsage();
    const t = process.hrtime.bigint();
    engine.screenEntity(index, q, registry);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    const used = process.cpuUsage(c);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = times.slice().sort((a, b) => a - b);
  const orgSorted = times.filter((_, i) => qs[i].type === 'organization').sort((a, b) => a - b);
  const sha256 = screeningsDigest(qs, (q) => engine.screenEntity(index, q, registry));
  return {
    buildMs,
    warmUpMs,
    p50: percentileOf(sorted, 50),
    p99: percentileOf(sorted, 99),
    cpuP99: percentileOf(
      cpuTimes.sort((a, b) => a - b),
      99,
    ),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    orgP99: percentileOf(orgSorted, 99),
    cpuMean: (cpu.user + cpu.system) / 1000 / qs.length,
    sha256,
    ...(await timeMatchMany(checkout, index, store, qs)),
  };
}

/** The warm-up the checkout's matcher runs before it serves (what its loader runs on a first load), if it has one. */
async function checkoutWarmUp(checkout: string): Promise<typeof import('../../matcher/warmUp').warmUp | undefined> {
  if (!['ts', 'js'].some((ext) => existsSync(path.join(checkout, 'matcher', `warmUp.${ext}`)))) return undefined;
  return ((await import(path.join(checkout, 'matcher', 'warmUp'))) as typeof import('../../matcher/warmUp')).warmUp;
}

function postJson(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The checkout's own matcher server over the index just built; each chunk of the queries posted in turn (after one warm-up pass over the first ten). */
async function timeMatchMany(
  checkout: string,
  index: unknown,
  store: ReturnType<typeof generateRegistry>,
  qs: readonly unknown[],
): Promise<{ manyWallMs: number; manyCpuMs: number }> {
  const { startMatcherServer } = (await import(path.join(checkout, 'matcher', 'server'))) as typeof import('../../matcher/server');
  const { staticLoader } = (await import(path.join(checkout, 'matcher', 'loader'))) as typeof import('../../matcher/loader');
  const { createLogger } = (await import(path.join(checkout, 'infra', 'base', 'log'))) as typeof import('../../infra/base/log');
  const snapshot = {
    index,
    versions: [],
    registry: (npi: string) => store.get(npi),
    loadedAt: new Date().toISOString(),
    stats: { entries: 0, registryOrganizations: store.size, buildMs: 0, loadMs: 0 },
  } as unknown as Parameters<typeof staticLoader>[0];
  const server = await startMatcherServer({ port: 0, loader: staticLoader(snapshot), logger: createLogger('matcher-paired', 'warn') });
  try {
    const url = `${server.url}/match-many`;
    const bodies: string[] = [];
    for (let i = 0; i < qs.length; i += MATCH_MANY_SIZE) bodies.push(JSON.stringify({ entities: qs.slice(i, i + MATCH_MANY_SIZE) }));
    for (const body of bodies.slice(0, 10)) await postJson(url, body);
    const cpuBefore = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (const body of bodies) await postJson(url, body);
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    const cpu = process.cpuUsage(cpuBefore);
    return { manyWallMs: wallMs / qs.length, manyCpuMs: (cpu.user + cpu.system) / 1000 / qs.length };
  } finally {
    await server.close();
  }
}

function runChild(checkout: string): RunFigures {
  const data = { entries: ENTRIES, registry: REGISTRY, queries: QUERIES, seed: SEED };
  const args = [
    '--import',
    'tsx',
    __filename,
    '--child',
    checkout,
    ...Object.entries(data).flatMap(([name, value]) => [`--${name}`, String(value)]),
  ];
  const child = spawnSync(process.execPath, args, { env: withMatcherNodeOptions(process.env), encoding: 'utf8', maxBuffer: 16 << 20 });
  if (child.status !== 0) throw new Error(`the run of ${checkout} failed:\n${child.stderr}`);
  const last = child.stdout.trim().split('\n').pop() as string;
  return JSON.parse(last) as RunFigures;
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function describe(f: RunFigures): string {
  return (
    `build ${(f.buildMs / 1000).toFixed(1)} s  warm-up ${(f.warmUpMs / 1000).toFixed(1)} s  p50=${f.p50.toFixed(3)} ms  p99=${f.p99.toFixed(3)} ms  mean=${f.mean.toFixed(3)} ms  CPU mean=${f.cpuMean.toFixed(3)} ms  CPU p99=${f.cpuP99.toFixed(3)} ms  organizations p99=${f.orgP99.toFixed(3)} ms  ` +
    `match-many/${MATCH_MANY_SIZE}: ${f.manyWallMs.toFixed(3)} ms wall, ${f.manyCpuMs.toFixed(3)} ms CPU per entity`
  );
}

async function main(): Promise<void> {
  const child = argValue('child');
  if (child) {
    console.log(JSON.stringify(await measureCheckout(child)));
    return;
  }
  const base = argValue('base');
  if (!base) throw new Error('--base <checkout of the commit to compare with> is required');
  const compiled = process.argv.includes('--compiled');
  const sources = { base: path.resolve(base), current: CURRENT };
  console.log(
    `matcher paired bench: ${ENTRIES} entries, ${REGISTRY} registry organizations, ${QUERIES} queries, seed ${SEED}, ${ROUNDS} rounds, ${compiled ? 'compiled by tsc' : 'through tsx'}`,
  );
  console.log(`base: ${sources.base}\ncurrent: ${sources.current}`);
  const checkouts = compiled
    ? { base: compileMatcher(sources.base, 'base'), current: compileMatcher(sources.current, 'current') }
    : sources;
  const runs: Record<'base' | 'current', RunFigures[]> = { base: [], current: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: ('base' | 'current')[] = round % 2 === 0 ? ['base', 'current'] : ['current', 'base'];
    for (const which of order) {
      const figures = runChild(checkouts[which]);
      runs[which].push(figures);
      console.log(`round ${round + 1} ${which.padEnd(7)} ${describe(figures)}`);
    }
  }
  for (const which of ['base', 'current'] as const) {
    const r = runs[which];
    console.log(
      `median ${which.padEnd(7)} build ${(median(r.map((f) => f.buildMs)) / 1000).toFixed(1)} s  warm-up ${(median(r.map((f) => f.warmUpMs)) / 1000).toFixed(1)} s  p50=${median(r.map((f) => f.p50)).toFixed(3)} ms  p99=${median(r.map((f) => f.p99)).toFixed(3)} ms  mean=${median(r.map((f) => f.mean)).toFixed(3)} ms  CPU mean=${median(r.map((f) => f.cpuMean)).toFixed(3)} ms  CPU p99=${median(r.map((f) => f.cpuP99)).toFixed(3)} ms  organizations p99=${median(r.map((f) => f.orgP99)).toFixed(3)} ms  ` +
        `match-many/${MATCH_MANY_SIZE}: ${median(r.map((f) => f.manyWallMs)).toFixed(3)} ms wall, ${median(r.map((f) => f.manyCpuMs)).toFixed(3)} ms CPU per entity`,
    );
  }
  const shas = new Set([...runs.base, ...runs.current].map((f) => f.sha256));
  console.log(shas.size === 1 ? `same screening results (sha256 ${[...shas][0]})` : `screening results differ: ${[...shas].join(', ')}`);
}

runScript(main);
