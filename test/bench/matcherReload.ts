/**
 * npm run bench:matcher-reload -- [--entries 275000] [--changes 500] [--rounds 2] [--seed 7]
 *
 * What a matcher reload costs when one list publishes a new version: an index of `--entries`
 * generated entries across five sources (full scale is about 275,000 listed parties besides NPPES),
 * then one source's new version with `--changes` entries changed (2 in 5 removed, 2 in 5 added, 1 in
 * 5 with a new date of birth), built from nothing and over the index it replaces (as the loader
 * builds it), alternating, `--rounds` times each. Figures are CPU seconds of this process (user +
 * system), so a loaded machine stretches the wall time, not them. Both builds must give the same
 * expansions; the run says so, or fails.
 */
import { buildMatcherIndex, type IndexedEntry, type MatcherIndex } from '../../matcher/engine';
import { createRng } from '../../infra/dev/synthetic/parties';
import { runScript } from '../../infra/dev/runScript';
import { numberArg } from './support/args';
import { generateEntries } from './support/matcherData';

const ENTRIES = numberArg('entries', 275_000);
const CHANGES = numberArg('changes', 500);
const ROUNDS = numberArg('rounds', 2);
const SEED = numberArg('seed', 7);

function timed<T>(build: () => T): { value: T; cpuS: number; wallS: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = build();
  const used = process.cpuUsage(cpu);
  return { value, cpuS: (used.user + used.system) / 1e6, wallS: (performance.now() - wall) / 1000 };
}

/** The first source's next version: `changes` of its entries removed, added or given a new date of birth. */
function nextVersion(entries: readonly IndexedEntry[], changes: number): IndexedEntry[] {
  const source = entries[0].sourceKey;
  const own = entries.filter((e) => e.sourceKey === source);
  const removed = new Set(own.slice(0, Math.round(changes * 0.4)));
  const redated = new Set(own.slice(removed.size, removed.size + changes - 2 * Math.round(changes * 0.4)));
  const added = generateEntries(createRng(SEED + 1), Math.round(changes * 0.4) * 5 + 50)
    .filter((e) => e.sourceKey === source)
    .slice(0, Math.round(changes * 0.4))
    .map((e, i) => ({ ...e, entryKey: `next-${i}`, listVersionId: '00000000-0000-4000-8000-0000000000ff' }));
  return [...entries.filter((e) => !removed.has(e)).map((e) => (redated.has(e) ? { ...e, dateOfBirth: '1950-01-02' } : e)), ...added];
}

function expansionDigest(index: MatcherIndex): string {
  const parts: string[] = [];
  for (const kind of ['person', 'organization'] as const) {
    const tokens = index[kind].tokens;
    for (const w of tokens.words) {
      const { tokens: ids, ranks } = tokens.expand(w);
      parts.push(`${w}:${Array.from(ids).join(',')}/${Array.from(ranks).join(',')}`);
    }
  }
  return parts.join('\n');
}

async function main(): Promise<void> {
  const entries = generateEntries(createRng(SEED), ENTRIES);
  const first = timed(() => buildMatcherIndex(entries));
  const next = nextVersion(entries, CHANGES);
  console.log(
    `matcher reload bench: ${ENTRIES} entries, a new version of ${entries[0].sourceKey} with ${CHANGES} changed; first build ${first.cpuS.toFixed(1)} s CPU`,
  );
  const fromNothing: number[] = [];
  const overPrevious: number[] = [];
  let digests: [string, string] | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const full = timed(() => buildMatcherIndex(next));
    const over = timed(() => buildMatcherIndex(next, { previous: first.value }));
    fromNothing.push(full.cpuS);
    overPrevious.push(over.cpuS);
    console.log(
      `  round ${round + 1}: from nothing ${full.cpuS.toFixed(1)} s CPU (${full.wallS.toFixed(1)} s wall), ` +
        `over the previous index ${over.cpuS.toFixed(1)} s CPU (${over.wallS.toFixed(1)} s wall)`,
    );
    digests ??= [expansionDigest(full.value), expansionDigest(over.value)];
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`  mean: from nothing ${mean(fromNothing).toFixed(1)} s CPU, over the previous index ${mean(overPrevious).toFixed(1)} s CPU`);
  if (digests && digests[0] !== digests[1])
    throw new Error('the index built over the previous one differs from the one built from nothing');
  console.log('  both builds hold the same words and expansions');
}

runScript(main);
