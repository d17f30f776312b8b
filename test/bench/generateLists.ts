import { Command, InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';
import { generateLists } from '../../infra/dev/synthetic/generate';
import { scaleOption, type ScaleName } from '../../infra/dev/synthetic/scales';
import { runScript } from '../../infra/dev/runScript';

/** npm run gen:lists -- --scale full|demo|small [--out DIR] [--seed N] */
const program = new Command()
  .name('gen:lists')
  .description('Write synthetic LEIE, SAM, state and NPPES files in their real formats, plus manifest.json')
  .option('--scale <scale>', 'small | demo | full', scaleOption, 'demo')
  .option('--out <dir>', 'output folder (default .data/lists/<scale>)')
  .option(
    '--seed <n>',
    'random seed',
    (value) => {
      const seed = Number(value);
      if (!Number.isInteger(seed)) throw new InvalidArgumentError('expected an integer');
      return seed;
    },
    1,
  )
  .parse();

async function main(): Promise<void> {
  const options = program.opts<{ scale: ScaleName; out?: string; seed: number }>();
  const outDir = resolve(options.out ?? `.data/lists/${options.scale}`);
  const started = Date.now();
  const manifest = await generateLists({ scale: options.scale, seed: options.seed, outDir, log: (message) => console.log(message) });
  const rows = manifest.files.reduce((sum, file) => sum + file.rows, 0);
  console.log(`wrote ${manifest.files.length} files (${rows} rows) to ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

runScript(main);
