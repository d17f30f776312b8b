import { Command } from 'commander';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLists } from '../../infra/dev/synthetic/generate';
import { scaleOption, type ScaleName } from '../../infra/dev/synthetic/scales';
import { WrittenParties } from '../../infra/dev/synthetic/written';
import { runScript } from '../../infra/dev/runScript';
import { compareNames, readGeneratedEntries } from '../unit/synthetic/writtenNames';

/**
 * npx tsx test/bench/roundTripNames.ts [--scale full] [--seed 1] [--examples 3]
 *
 * Generates every exclusion list (NPPES left out) into a scratch folder, reads each back through
 * its adapter and compares every parsed person's name with the person the generator wrote: the
 * round trip of test/unit/synthetic/writtenNames.test.ts at any scale.
 */
const program = new Command()
  .name('roundTripNames')
  .option('--scale <scale>', 'small | demo | full', scaleOption, 'full')
  .option('--seed <n>', 'random seed', (value) => Number(value), 1)
  .option('--examples <n>', 'mismatches shown per source', (value) => Number(value), 3)
  .parse();

async function main(): Promise<void> {
  const options = program.opts<{ scale: ScaleName; seed: number; examples: number }>();
  const outDir = mkdtempSync(join(tmpdir(), 'round-trip-names-'));
  try {
    const written = new WrittenParties();
    const manifest = await generateLists({ scale: options.scale, seed: options.seed, outDir, written, withoutNppes: true });
    const entries = await readGeneratedEntries(outDir, manifest);
    let mismatches = 0;
    for (const [source, read] of entries) {
      const { misread, unread, persons } = compareNames(read, written.of(source));
      mismatches += misread.length + unread.length;
      console.log(
        `${source.padEnd(16)} written persons ${String(persons).padStart(7)}  misread ${String(misread.length).padStart(5)}  unread ${String(unread.length).padStart(5)}`,
      );
      for (const line of [
        ...misread.slice(0, options.examples),
        ...unread.slice(0, options.examples).map((name) => `not read back: ${name}`),
      ])
        console.log(`    ${line}`);
    }
    console.log(`${options.scale} scale, seed ${options.seed}: ${mismatches} name mismatches`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

runScript(main);
