/**
 * A checkout's matcher as production runs it: compiled by tsc to CommonJS (`npm run build`, the
 * image's `node dist/…`), not through tsx, whose module wrapper reads every imported binding
 * through a getter. Compiles `matcher/` and `infra/base/` of any checkout, one that predates
 * `npm run build` too, with that checkout's own tsconfig.json, into a folder of this checkout's
 * `.tmp/`, and copies the files the matcher reads beside its modules (the curated CSV tables) as
 * `npm run build` does.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyRuntimeFiles } from '../../../infra/deploy/build';

const CURRENT = path.resolve(__dirname, '..', '..', '..');
const COMPILED_DIRS = ['matcher', 'infra/base'];

/** Compiles the checkout's matcher into `.tmp/bench-compiled/<name>`; returns that folder, laid out as the checkout. */
export function compileMatcher(checkout: string, name: string): string {
  const outDir = path.join(CURRENT, '.tmp', 'bench-compiled', name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const tsconfig = path.join(outDir, 'tsconfig.bench.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.join(checkout, 'tsconfig.json'),
      compilerOptions: { noEmit: false, outDir, rootDir: checkout, incremental: false, sourceMap: false, types: ['node'] },
      include: COMPILED_DIRS.map((dir) => path.join(checkout, dir)),
      exclude: [path.join(checkout, '**', '*.test.ts')],
    }),
  );
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', tsconfig], { cwd: checkout, stdio: 'inherit' });
  for (const dir of COMPILED_DIRS) copyRuntimeFiles(checkout, outDir, dir);
  return outDir;
}
