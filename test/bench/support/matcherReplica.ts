/**
 * One more matcher replica for bench:matcher, as its own process: regenerates the benchmark's
 * data from the seed, builds the index, serves it on a free loopback port and prints
 * `{"url": ...}` once ready. Stops on SIGTERM.
 *
 *   tsx test/bench/support/matcherReplica.ts ENTRIES REGISTRY SEED
 */
import { buildMatcherIndex } from '../../../matcher/engine';
import { createRng } from '../../../infra/dev/synthetic/parties';
import { generateEntries, generateRegistry } from './matcherData';
import { serveBenchIndex } from './benchMatcherServer';

async function main(): Promise<void> {
  const [entryCount, registrySize, seed] = process.argv.slice(2, 5).map(Number);
  const entries = generateEntries(createRng(seed), entryCount);
  const store = generateRegistry(seed, registrySize);
  const started = Date.now();
  const index = buildMatcherIndex(entries);
  const server = await serveBenchIndex(index, entries.length, store, Date.now() - started, 'matcher-bench-replica');
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
