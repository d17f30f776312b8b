#!/usr/bin/env node
// `npm run build [-- <outDir>]`: compiles the service with tsc (tsconfig.build.json) into dist/, then
// copies beside the compiled modules every file they read at run time from their own folder
// (SQL migrations, the matcher's curated CSV tables, the pages' assets), so `node dist/…` needs
// neither tsx nor the TypeScript sources. The workflow bundle is built at worker start from
// dist/workflows/index.js (infra/worker/workflowsEntry.ts).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');

/** Source folders compiled (tsconfig.build.json "include"); their non-TypeScript files are copied. */
const SOURCE_DIRS = ['gateway', 'workflows', 'activities', 'matcher', 'infra'];
/** Not part of the runtime: development tooling, deployment files, and the tsx launcher of the CLI (tsc emits its own screenctl.js). */
const SKIPPED = ['infra/dev', 'infra/deploy', 'infra/cli/screenctl.js'];

function skipped(rel) {
  return SKIPPED.some((s) => rel === s || rel.startsWith(`${s}/`));
}

/** Copies the non-TypeScript files of folder `rel` of `from` (and of its subfolders) to the same place under `to`, but the SKIPPED ones. */
function copyRuntimeFiles(from, to, rel) {
  for (const entry of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
    const child = `${rel}/${entry.name}`;
    if (skipped(child)) continue;
    if (entry.isDirectory()) copyRuntimeFiles(from, to, child);
    else if (entry.isFile() && !entry.name.endsWith('.ts')) {
      fs.mkdirSync(path.join(to, rel), { recursive: true });
      fs.copyFileSync(path.join(from, child), path.join(to, child));
    }
  }
}

function build() {
  const outDir = path.resolve(root, process.argv[2] || 'dist');
  fs.rmSync(outDir, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json'), '--outDir', outDir],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  for (const dir of SOURCE_DIRS) copyRuntimeFiles(root, outDir, dir);
  process.stdout.write(`built ${path.relative(root, outDir) || '.'}\n`);
}

// The benchmarks compile another checkout's matcher and copy its files with the same function.
module.exports = { copyRuntimeFiles };
if (require.main === module) build();
