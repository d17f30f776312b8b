/**
 * Matcher benchmark: builds the index over a synthetic full-scale list set (default 350k
 * exclusion entries + 2M NPPES organizations, generated at run time, nothing written), then
 * prints build time, RSS, per-screen latency in process and over HTTP, matchMany throughput,
 * and `POST /v1/screen` through a real gateway process (PostgreSQL, Redis, metering) with 50
 * concurrent clients, driven from a separate load process: evenly paced at 2, 5 and 10 requests
 * per second per client, then as fast as answered.
 *
 *   npm run bench:matcher -- [--entries 350000] [--registry 2000000] [--queries 4000] [--seed 7]
 *                            [--clients 50] [--seconds 10] [--replicas 1] [--no-gateway]
 *
 * --replicas N runs N matcher processes (this one plus N-1 that regenerate the same data) and
 * gives the gateway all their URLs in MATCHER_URL.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import path from 'node:path';
import { buildMatcherIndex, screenEntity } from '../../matcher/engine';
import { createMatcherClient } from '../../matcher/client';
import { warmUp } from '../../matcher/warmUp';
import { MATCHER_NODE_OPTIONS, hasMatcherNodeOptions } from '../../matcher/nodeOptions';
import type { Entity } from '../../matcher/types';
import { createRng } from '../../infra/dev/synthetic/parties';
import { startBenchGateway } from './support/benchGateway';
import type { ScreenLoadRun, ScreenLoadSpec } from './support/screenLoad';
import { numberArg } from './support/args';
import { percentileOf } from './support/pacedLoad';
import { generateEntries, generateQueries, generateRegistry } from './support/matcherData';
import { serveBenchIndex } from './support/benchMatcherServer';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { screeningsDigest } from './support/screeningsDigest';
import { startMatcherReplicas } from './support/matcherReplicas';
import { runScript } from '../../infra/dev/runScript';

// The collector is needed only to measure what the index holds; exposing it at run time keeps the bench's node options those of the matcher.
v8.setFlagsFromString('--expose-gc');
const fullGc = vm.runInNewContext('gc') as () => void;

const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const QUERIES = numberArg('queries', 4000);
const SEED = numberArg('seed', 7);
const CLIENTS = numberArg('clients', 50);
const REPLICAS = numberArg('replicas', 1);
const SECONDS = numberArg('seconds', 10);
// A paced client at 10/s for more than this would pass its key's 600/min limit and be answered 429.
if (SECONDS > 55) throw new Error("--seconds above 55 would push the paced clients past their keys' 600/min limit");
/** Paced runs, requests per second per client; Enterprise keys allow 600 a minute, so 10 is a client at its key's limit. */
const PER_CLIENT_RATES = [2, 5, 10];

/**
 * Heap plus array buffers still reachable, after a full collection: what a structure built
 * between two calls holds. (RSS differences also count garbage not yet collected.)
 */
function liveBytesAfterFullGc(): number {
  fullGc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function describe(label: string, ms: number[]): void {
  const s = ms.slice().sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(
    `${label.padEnd(28)} n=${s.length}  p50=${percentileOf(s, 50).toFixed(3)} ms  p99=${percentileOf(s, 99).toFixed(3)} ms  max=${s[s.length - 1].toFixed(3)} ms  mean=${mean.toFixed(3)} ms`,
  );
}

const TSX_CLI = path.resolve(__dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Starts `count` more matcher processes over the same generated data; resolves with their URLs. */
const startReplicas = (count: number) => startMatcherReplicas({ count, entries: ENTRIES, registry: REGISTRY, seed: SEED });

function runScreenLoad(spec: ScreenLoadSpec): Promise<ScreenLoadRun[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'screen-load-'));
  const specPath = path.join(dir, 'spec.json');
  writeFileSync(specPath, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, path.join(__dirname, 'support', 'screenLoad.ts'), specPath], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`screen load exited with code ${code}`));
      else
        resolve(
          out
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as ScreenLoadRun),
        );
    });
  });
}

/** POST /v1/screen end to end: gateway process → this matcher → metering in PostgreSQL. */
async function screenThroughGateway(matcherUrl: string, qs: Entity[]): Promise<void> {
  const gateway = await startBenchGateway('screen', { MATCHER_URL: matcherUrl });
  try {
    // Enough Enterprise keys that no key passes its 600/min window: each paced run (and its
    // warm-up) has its own block of one key per client, and the unpaced runs spread over all.
    const keys = await gateway.keys('enterprise', Math.max(400, (PER_CLIENT_RATES.length + 1) * CLIENTS));
    const cpuBefore = readCpuTimes();
    const runs = await runScreenLoad({
      url: gateway.url,
      keys,
      bodies: qs.map((q) => JSON.stringify(q)),
      seconds: SECONDS,
      connections: CLIENTS,
      perClientRates: PER_CLIENT_RATES,
    });
    for (const r of runs) {
      console.log(
        `POST /v1/screen via gateway  ${r.label}: ${r.requestsPerSecond} req/s  p50=${r.p50} ms  p90=${r.p90} ms  p99=${r.p99} ms  ` +
          `max=${r.max} ms  2xx=${r.ok}  non2xx=${r.non2xx}  errors=${r.errors}  timeouts=${r.timeouts}`,
      );
    }
    const cpu = describeCpuTimes(cpuBefore, readCpuTimes());
    if (cpu) console.log(`  machine CPU over these runs (all processes, all cores = 100%): ${cpu}`);
    const { rows } = await gateway.pool.query('SELECT count(*)::int AS n FROM usage_events');
    console.log(`  metered usage events: ${rows[0].n}`);
  } finally {
    await gateway.stop();
  }
}

/**
 * This process screens in process and serves HTTP as a matcher does, so it runs with the
 * matcher's V8 options: when started without them it runs itself again with them (as node
 * options, so the gateway and load processes it starts keep their own defaults).
 */
function rerunWithMatcherNodeOptions(): void {
  if (hasMatcherNodeOptions()) return;
  const run = spawnSync(process.execPath, [...MATCHER_NODE_OPTIONS.split(' '), ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  if (run.error) throw run.error;
  if (run.signal) process.kill(process.pid, run.signal);
  process.exit(run.status ?? 1);
}

async function main(): Promise<void> {
  rerunWithMatcherNodeOptions();
  console.log(
    `node options: ${[process.env.NODE_OPTIONS ?? '', ...process.execArgv]
      .join(' ')
      .split(/\s+/)
      .filter((a) => a.startsWith('--max'))
      .join(' ')}`,
  );
  const rng = createRng(SEED);
  console.log(`matcher bench: ${ENTRIES} list entries, ${REGISTRY} registry organizations, ${QUERIES} queries, seed ${SEED}`);
  let t = Date.now();
  const entries = generateEntries(rng, ENTRIES);
  console.log(`generated entries in ${Date.now() - t} ms`);

  t = Date.now();
  const store = generateRegistry(SEED, REGISTRY);
  console.log(`registry: ${store.size} organizations in ${Date.now() - t} ms, ${mb(store.memoryBytes())} of buffers`);

  const liveBefore = liveBytesAfterFullGc();
  t = Date.now();
  const index = buildMatcherIndex(entries);
  const buildMs = Date.now() - t;
  const indexBytes = liveBytesAfterFullGc() - liveBefore;
  const mem = process.memoryUsage();
  console.log(
    `index build: ${buildMs} ms  (${index.person.names.length} person names / ${index.person.tokens.words.length} tokens, ${index.organization.names.length} org names)`,
  );
  console.log(`RSS after build: ${mb(mem.rss)} (the index holds ${mb(indexBytes)} of heap and buffers), heap used ${mb(mem.heapUsed)}`);

  const registry = (npi: string) => store.get(npi);
  // What the matcher's loader runs on its first index before it serves.
  const warm = warmUp(index, registry);
  console.log(`warm-up before serving: ${warm.screenings} screenings in ${warm.ms.toFixed(0)} ms`);
  const qs = generateQueries(SEED, entries, QUERIES, REGISTRY);
  for (const q of qs.slice(0, 200)) screenEntity(index, q, registry);
  const times: number[] = [];
  const cpuBefore = readCpuTimes();
  let matched = 0;
  let capped = 0;
  for (const q of qs) {
    const s = process.hrtime.bigint();
    const r = screenEntity(index, q, registry);
    times.push(Number(process.hrtime.bigint() - s) / 1e6);
    if (r.status === 'potential_match') matched++;
    if (r.recallCapped) capped++;
  }
  describe('in-process screen', times);
  for (const kind of ['person', 'organization'] as const)
    describe(
      `  ${kind}s`,
      times.filter((_, i) => qs[i].type === kind),
    );
  const cpu = describeCpuTimes(cpuBefore, readCpuTimes());
  if (cpu) console.log(`  machine CPU meanwhile (all cores = 100%): ${cpu}`);
  const digest = screeningsDigest(qs, (q) => screenEntity(index, q, registry));
  console.log(`  potential_match ${matched}/${qs.length}, recallCapped ${capped}, sha256 over the screenings ${digest}`);

  const server = await serveBenchIndex(index, entries.length, store, buildMs, 'matcher-bench');
  const client = createMatcherClient(server.url, { timeoutMs: 60_000 });
  try {
    for (const q of qs.slice(0, 200)) await client.match(q, { requestId: 'warm' });
    const httpTimes: number[] = [];
    for (const [i, q] of qs.entries()) {
      const s = process.hrtime.bigint();
      await client.match(q, { requestId: `bench-${i}` });
      httpTimes.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    describe('HTTP match (sequential)', httpTimes);
    const batch = 500;
    const s = process.hrtime.bigint();
    let n = 0;
    for (let i = 0; i < qs.length; i += batch) {
      const chunk = qs.slice(i, i + batch);
      const results = await client.matchMany(chunk, { requestId: `bench-many-${i}` });
      n += results.length;
    }
    const secs = Number(process.hrtime.bigint() - s) / 1e9;
    console.log(`HTTP matchMany (batches of ${batch}): ${n} entities in ${secs.toFixed(2)} s = ${(n / secs).toFixed(0)} screens/s`);
    if (!process.argv.includes('--no-gateway')) {
      const t0 = Date.now();
      const replicas = await startReplicas(REPLICAS - 1);
      if (REPLICAS > 1)
        console.log(
          `${REPLICAS - 1} more matcher replica process(es) ready in ${Date.now() - t0} ms; the gateway balances over ${REPLICAS}`,
        );
      try {
        await screenThroughGateway([server.url, ...replicas.urls].join(','), qs);
      } finally {
        replicas.stop();
      }
    }
  } finally {
    client.close();
    await server.close();
  }
  console.log(`final RSS ${mb(process.memoryUsage().rss)}`);
}

runScript(main);
