/**
 * Paired matcher-only batch bench: the matcher's side of a batch (POST /match-many calls of 400
 * subjects, two in flight, as batch chunks send them) without the rest of the stack, so that the
 * matcher's CPU per item is read without the noise of Temporal, PostgreSQL and the worker. One
 * matcher process per checkout (its own matcherReplica.ts over the same generated data); rounds
 * alternate which checkout answers the very same calls first (base, current, current, base, ...),
 * and each matcher's CPU over its rounds is read from /proc: all its threads, and its main
 * thread (the rest is mostly the collector's helper threads). Checks that both checkouts answered
 * the same text (but for checkedAt).
 *
 *   git worktree add /some/dir <commit>   # with node_modules and .venv linked from this checkout
 *   npx tsx test/bench/matchManyPaired.ts --base /some/dir [--items 8000] [--rounds 4]
 *     [--entries 350000] [--registry 2000000] [--seed 7]
 */
import { createHash, type Hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRng } from '../../infra/dev/synthetic/parties';
import { runScript } from '../../infra/dev/runScript';
import type { Entity } from '../../matcher/types';
import { numberArg } from './support/args';
import { median } from './support/batchReport';
import { generateEntries, generateQueries, WARM_UP_SEED_OFFSET } from './support/matcherData';
import { cmdlineOf, processTree } from './support/processCpu';

type MatcherReplicasModule = typeof import('./support/matcherReplicas');

const ITEMS = numberArg('items', 8000);
const ROUNDS = numberArg('rounds', 4);
const ENTRIES = numberArg('entries', 350_000);
const REGISTRY = numberArg('registry', 2_000_000);
const SEED = numberArg('seed', 7);
/** activities/batch: BATCH_MATCHER_CALL_ITEMS per call, two chunks of a worker at a time. */
const CALL_ITEMS = 400;
const IN_FLIGHT = 2;
const TICK_MS = 10;

interface Side {
  url: string;
  pid: number;
  stop(): void;
}

function cpuTicks(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function startSide(checkout: string): Promise<Side> {
  const { startMatcherReplicas } = (await import(path.join(checkout, 'test/bench/support/matcherReplicas'))) as MatcherReplicasModule;
  const replica = await startMatcherReplicas({ count: 1, entries: ENTRIES, registry: REGISTRY, seed: SEED });
  const script = path.join(checkout, 'test/bench/support/matcherReplica.ts');
  // The node process that runs the script (tsx starts it as a child of its own).
  const pid = processTree(process.pid).find((p) => cmdlineOf(p).includes(script) && !cmdlineOf(p).includes('cli.mjs'));
  if (!pid) throw new Error(`no matcher process of ${checkout} found`);
  return { url: replica.urls[0], pid, stop: replica.stop };
}

async function screenAll(url: string, bodies: readonly string[], digest: Hash): Promise<void> {
  const answers: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) {
        const at = next++;
        const res = await fetch(`${url}/match-many`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodies[at] });
        answers[at] = await res.text();
        if (res.status !== 200) throw new Error(`/match-many answered ${res.status}: ${answers[at].slice(0, 200)}`);
      }
    }),
  );
  for (const answer of answers) digest.update(answer.replace(/"checkedAt":"[^"]*"/g, ''));
}

const callBodies = (subjects: readonly Entity[]): string[] =>
  Array.from({ length: Math.ceil(subjects.length / CALL_ITEMS) }, (_, i) =>
    JSON.stringify({ entities: subjects.slice(i * CALL_ITEMS, (i + 1) * CALL_ITEMS) }),
  );

async function main(): Promise<void> {
  const at = process.argv.indexOf('--base');
  const base = at >= 0 ? process.argv[at + 1] : undefined;
  if (!base) throw new Error('--base <checkout of the commit to compare with> is required');
  const checkouts = { base: path.resolve(base), current: path.resolve(__dirname, '..', '..') };
  console.log(
    `match-many paired bench: ${ITEMS} subjects in calls of ${CALL_ITEMS}, ${IN_FLIGHT} in flight; ${ENTRIES} list entries + ${REGISTRY} NPPES organizations, seed ${SEED}, ${ROUNDS} rounds`,
  );
  const entries = generateEntries(createRng(SEED), ENTRIES);
  const bodies = callBodies(generateQueries(SEED, entries, ITEMS, REGISTRY));
  const warmUp = callBodies(generateQueries(SEED + WARM_UP_SEED_OFFSET, entries, 2000, REGISTRY));
  const sides = { base: await startSide(checkouts.base), current: await startSide(checkouts.current) };
  const figures = { base: { all: [] as number[], main: [] as number[] }, current: { all: [] as number[], main: [] as number[] } };
  const digests = new Set<string>();
  try {
    for (const side of Object.values(sides)) await screenAll(side.url, warmUp, createHash('sha256'));
    for (let round = 0; round < ROUNDS; round++) {
      for (const which of round % 2 === 0 ? (['base', 'current'] as const) : (['current', 'base'] as const)) {
        const { url, pid } = sides[which];
        const allBefore = cpuTicks(`/proc/${pid}/stat`);
        const mainBefore = cpuTicks(`/proc/${pid}/task/${pid}/stat`);
        const started = Date.now();
        const digest = createHash('sha256');
        await screenAll(url, bodies, digest);
        const all = ((cpuTicks(`/proc/${pid}/stat`) - allBefore) * TICK_MS) / ITEMS;
        const main = ((cpuTicks(`/proc/${pid}/task/${pid}/stat`) - mainBefore) * TICK_MS) / ITEMS;
        figures[which].all.push(all);
        figures[which].main.push(main);
        digests.add(digest.digest('hex'));
        console.log(
          `round ${round + 1} ${which.padEnd(7)} matcher CPU ${all.toFixed(3)} ms/item (main thread ${main.toFixed(3)}, other threads ${(all - main).toFixed(3)}); wall ${Date.now() - started} ms`,
        );
      }
    }
  } finally {
    for (const side of Object.values(sides)) side.stop();
  }
  for (const which of ['base', 'current'] as const) {
    const f = figures[which];
    console.log(
      `median ${which.padEnd(7)} matcher CPU ${median(f.all).toFixed(3)} ms/item, main thread ${median(f.main).toFixed(3)}, other threads ${median(f.all.map((a, i) => a - f.main[i])).toFixed(3)}`,
    );
  }
  console.log(digests.size === 1 ? `same answers (sha256 ${[...digests][0]})` : `answers differ: ${[...digests].join(', ')}`);
}

runScript(main);
