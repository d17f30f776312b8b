/**
 * Paired matcher benchmark: the current code against another commit's, in one process, on
 * the same generated data (350k entries + 2M NPPES organizations) and the same 4,000 queries
 * as `bench:matcher`. Each query is screened by both, in alternating order, so the drift of a
 * shared machine (±30% between runs a few minutes apart) falls on both alike. Both indexes sit
 * in memory, so both run somewhat slower than alone: compare the two, not with bench:matcher.
 *
 *   git worktree add /some/dir <commit>   # with node_modules and .venv linked from this checkout
 *   npm run bench:matcher-paired -- --base /some/dir [--entries 350000] [--registry 2000000] [--queries 4000] [--seed 7]
 */
import path from 'node:path';
import * as current from '../../matcher/engine';
import { createRng } from '../../infra/dev/synthetic/parties';
import { numberArg } from './support/args';
import { percentileOf } from './support/pacedLoad';
import { generateEntries, generateQueries, generateRegistry } from './support/matcherData';

const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const QUERIES = numberArg('queries', 4000);
const SEED = numberArg('seed', 7);

type Engine = Pick<typeof current, 'buildMatcherIndex' | 'screenEntity'>;

function baseCheckout(): string {
  const at = process.argv.indexOf('--base');
  if (at < 0 || !process.argv[at + 1]) throw new Error('--base <checkout of the commit to compare with> is required');
  return path.resolve(process.argv[at + 1]);
}

function summary(ms: number[]): string {
  const s = ms.slice().sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `p50=${percentileOf(s, 50).toFixed(3)} ms  p99=${percentileOf(s, 99).toFixed(3)} ms  mean=${mean.toFixed(3)} ms`;
}

async function main(): Promise<void> {
  const baseDir = baseCheckout();
  const base = (await import(path.join(baseDir, 'matcher', 'engine'))) as Engine;
  const entries = generateEntries(createRng(SEED), ENTRIES);
  const store = generateRegistry(SEED, REGISTRY);
  const registry = (npi: string) => store.get(npi);
  const engines: { label: string; engine: Engine; index?: current.MatcherIndex; times: number[] }[] = [
    { label: `base (${baseDir})`, engine: base, times: [] },
    { label: 'current', engine: current, times: [] },
  ];
  for (const e of engines) {
    const t = Date.now();
    e.index = e.engine.buildMatcherIndex(entries);
    console.log(`${e.label}: index build ${Date.now() - t} ms`);
  }
  const qs = generateQueries(SEED, entries, QUERIES, REGISTRY);
  for (const q of qs.slice(0, 200)) for (const e of engines) e.engine.screenEntity(e.index as current.MatcherIndex, q, registry);
  qs.forEach((q, i) => {
    for (const e of i % 2 === 0 ? engines : [...engines].reverse()) {
      const s = process.hrtime.bigint();
      e.engine.screenEntity(e.index as current.MatcherIndex, q, registry);
      e.times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
  });
  for (const e of engines) console.log(`${e.label.padEnd(10)} n=${e.times.length}  ${summary(e.times)}`);
  const [b, c] = engines;
  const faster = c.times.filter((t, i) => t < b.times[i]).length;
  console.log(`current faster on ${faster} of ${qs.length} queries`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
