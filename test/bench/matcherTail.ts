/**
 * Which screenings make the matcher's in-process p99, and why: builds the bench's index (same
 * data as bench:matcher), warms on the first 200 queries as it does, then screens the 4,000
 * queries in several passes, recording per screening its wall time, process CPU, candidates
 * scored, matches, and the GC pauses that fell inside it (by their start time; a pass's GC total
 * may also count a pause of the phase before, whose entry came late). Prints each pass's p99 and
 * the slowest 1% of the first pass with what they have in common.
 *
 *   node --max-semi-space-size=64 --import tsx test/bench/matcherTail.ts [--passes 3] [--warm-up] [--warm-other N]
 *     [--dump] [--marks] [--profile-first out.cpuprofile] [--profile out.cpuprofile]
 *     [--entries 350000] [--registry 2000000] [--queries 4000] [--seed 7]
 *
 * --warm-up: the matcher's warm-up before serving (warmUp.ts) first; --warm-other N: N screenings
 * of another seed's queries first. --dump: a tab-separated line per screening (Q, index, type,
 * wall per pass, CPU per pass, scored, viable, matches, GC ms); --marks: a line every 100
 * screenings, to read beside --trace-opt / --trace-deopt. --profile-first: a CPU profile of the
 * first pass; --profile: of the slowest 2% (by their least CPU after the first pass), 20 times each.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { buildMatcherIndex, screenEntity } from '../../matcher/engine';
import { warmUp } from '../../matcher/warmUp';
import { createRng } from '../../infra/dev/synthetic/parties';
import { numberArg } from './support/args';
import { percentileOf } from './support/pacedLoad';
import { WARM_UP_SEED_OFFSET, generateEntries, generateQueries, generateRegistry } from './support/matcherData';
import { runScript } from '../../infra/dev/runScript';

const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const QUERIES = numberArg('queries', 4000);
const SEED = numberArg('seed', 7);
const PASSES = numberArg('passes', 3);

interface Screening {
  startMs: number;
  wallMs: number;
  cpuMs: number;
  scored: number;
  viable: number;
  matches: number;
  gcMs: number;
}

async function main(): Promise<void> {
  const entries = generateEntries(createRng(SEED), ENTRIES);
  const store = generateRegistry(SEED, REGISTRY);
  const registry = (npi: string) => store.get(npi);
  const index = buildMatcherIndex(entries);
  const qs = generateQueries(SEED, entries, QUERIES, REGISTRY);
  const gcs: { start: number; duration: number; kind: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcs.push({
        start: e.startTime,
        duration: e.duration,
        kind: (e as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? -1,
      });
  });
  observer.observe({ entryTypes: ['gc'] });
  if (process.argv.includes('--marks')) console.log('#mark warm-up');
  if (process.argv.includes('--warm-up')) console.log('warm-up', warmUp(index, registry));
  const warmOther = numberArg('warm-other', 0);
  for (const q of generateQueries(SEED + WARM_UP_SEED_OFFSET, entries, warmOther, REGISTRY)) screenEntity(index, q, registry);
  for (const q of qs.slice(0, 200)) screenEntity(index, q, registry);
  const passes: Screening[][] = [];
  const profilePassAt = process.argv.indexOf('--profile-first');
  const session = new Session();
  session.connect();
  for (let pass = 0; pass < PASSES; pass++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (pass === 0 && profilePassAt >= 0) {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 50 });
      await session.post('Profiler.start');
    }
    gcs.length = 0;
    const rows: Screening[] = [];
    const marks = process.argv.includes('--marks');
    for (const [i, q] of qs.entries()) {
      if (marks && i % 100 === 0) console.log(`#mark pass ${pass + 1} query ${i}`);
      const cpu = process.cpuUsage();
      const startMs = performance.now();
      const r = screenEntity(index, q, registry);
      const wallMs = performance.now() - startMs;
      const used = process.cpuUsage(cpu);
      rows.push({
        startMs,
        wallMs,
        cpuMs: (used.user + used.system) / 1000,
        scored: r.candidatesScored,
        viable: r.maxViableCandidates,
        matches: r.matches.length,
        gcMs: 0,
      });
    }
    if (pass === 0 && profilePassAt >= 0) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.argv[profilePassAt + 1], JSON.stringify(profile));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const gc of gcs) {
      const row = rows.find((r) => gc.start >= r.startMs && gc.start < r.startMs + r.wallMs);
      if (row) row.gcMs += gc.duration;
    }
    const wall = rows.map((r) => r.wallMs).sort((a, b) => a - b);
    const cpu = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
    const noGc = rows
      .filter((r) => r.gcMs === 0)
      .map((r) => r.wallMs)
      .sort((a, b) => a - b);
    const kinds = new Map<number, { n: number; ms: number }>();
    for (const gc of gcs) {
      const k = kinds.get(gc.kind) ?? { n: 0, ms: 0 };
      k.n++;
      k.ms += gc.duration;
      kinds.set(gc.kind, k);
    }
    console.log(
      `pass ${pass + 1}: wall p50=${percentileOf(wall, 50).toFixed(3)} p99=${percentileOf(wall, 99).toFixed(3)} mean=${(wall.reduce((a, b) => a + b, 0) / wall.length).toFixed(3)}  ` +
        `cpu p99=${percentileOf(cpu, 99).toFixed(3)}  wall p99 without GC-hit=${percentileOf(noGc, 99).toFixed(3)}  ` +
        `gc: ${[...kinds].map(([kind, k]) => `kind ${kind} x${k.n} ${k.ms.toFixed(1)} ms`).join(', ')}`,
    );
    passes.push(rows);
  }
  const first = passes[0];
  const order = first.map((_, i) => i).sort((a, b) => first[b].wallMs - first[a].wallMs);
  const tail = order.slice(0, Math.ceil(QUERIES / 100) + 5);
  console.log('\nslowest of pass 1 (index, type, names, wall/cpu per pass, scored, matches, gc ms in pass 1):');
  for (const i of tail) {
    const q = qs[i];
    const name = q.type === 'person' ? q.name : q.legalName;
    console.log(
      `${String(i).padStart(4)} ${q.type.padEnd(12)} ${JSON.stringify(name).slice(0, 40).padEnd(40)} npi=${q.npi ? 'y' : 'n'} aliases=${q.aliases?.length ?? 0}  ` +
        passes.map((p) => `${p[i].wallMs.toFixed(2)}/${p[i].cpuMs.toFixed(2)}`).join(' ') +
        `  scored=${first[i].scored} matches=${first[i].matches} gc=${first[i].gcMs.toFixed(2)}`,
    );
  }
  const profileAt = process.argv.indexOf('--profile');
  if (profileAt >= 0) {
    // The slowest 2% by their least CPU over the passes (what they cost warm), screened 20 times each under the profiler.
    const steady = first.map((_, i) => Math.min(...passes.slice(1).map((p) => p[i].cpuMs)));
    const slow = first
      .map((_, i) => i)
      .sort((a, b) => steady[b] - steady[a])
      .slice(0, Math.ceil(QUERIES / 50));
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 50 });
    await session.post('Profiler.start');
    for (let round = 0; round < 20; round++) for (const i of slow) screenEntity(index, qs[i], registry);
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(process.argv[profileAt + 1], JSON.stringify(profile));
    session.disconnect();
  }
  if (process.argv.includes('--dump')) {
    for (const [i, r] of first.entries())
      console.log(
        `Q\t${i}\t${qs[i].type}\t${passes.map((p) => p[i].wallMs.toFixed(3)).join('\t')}\t${passes.map((p) => p[i].cpuMs.toFixed(3)).join('\t')}\t${r.scored}\t${r.viable}\t${r.matches}\t${r.gcMs.toFixed(3)}`,
      );
  }
}

runScript(main);
