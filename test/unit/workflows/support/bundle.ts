import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

/**
 * The workflow bundle the unit tests run, built once and kept on disk under .tmp/ keyed by a
 * hash of workflows/** and of the SDK's version: every test file (and every later run while the
 * workflows are unchanged) reuses it instead of running webpack again. Two jest workers asking at
 * once build it once: the first takes a lock file, the other waits for the bundle to appear.
 *
 * `patchesOff` is the same code where `patched(id)` answers false for the patch ids a run lists
 * in its memo under PATCHES_OFF_MEMO (and as the SDK would for the others): the branches a run
 * started by the release before those patches takes when it replays on this code.
 */
export type BundleKind = 'current' | 'patchesOff';

/** The memo key that lists, in a run of the `patchesOff` bundle, the patches it runs without. */
export const PATCHES_OFF_MEMO = 'patchesOff';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const WORKFLOWS_DIR = path.join(REPO_ROOT, 'workflows');
const CACHE_DIR = path.join(REPO_ROOT, '.tmp', 'workflow-unit-bundles');
const LOCK_STALE_MS = 120_000;

const built = new Map<BundleKind, Promise<{ codePath: string }>>();

export function workflowBundle(kind: BundleKind = 'current'): Promise<{ codePath: string }> {
  let bundle = built.get(kind);
  if (!bundle) {
    bundle = cachedBundle(kind);
    built.set(kind, bundle);
  }
  return bundle;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

function sourceHash(kind: BundleKind): string {
  const hash = createHash('sha256').update(kind);
  const sdk = JSON.parse(fs.readFileSync(require.resolve('@temporalio/workflow/package.json'), 'utf8')) as { version: string };
  hash.update(sdk.version);
  // The workflows import activity types: a changed type may change nothing at run time, but a bundle is cheap enough to rebuild.
  for (const file of filesUnder(WORKFLOWS_DIR)) hash.update(path.relative(REPO_ROOT, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 20);
}

async function cachedBundle(kind: BundleKind): Promise<{ codePath: string }> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const codePath = path.join(CACHE_DIR, `${kind}-${sourceHash(kind)}.js`);
  const lockPath = `${codePath}.lock`;
  for (;;) {
    if (fs.existsSync(codePath)) return { codePath };
    if (takeLock(lockPath)) {
      try {
        const code = await build(kind);
        const partial = `${codePath}.${process.pid}.partial`;
        fs.writeFileSync(partial, code);
        fs.renameSync(partial, codePath);
        // Bundles of earlier workflow code are of no further use.
        for (const file of fs.readdirSync(CACHE_DIR)) {
          if (file.startsWith(`${kind}-`) && file.endsWith('.js') && path.join(CACHE_DIR, file) !== codePath)
            fs.rmSync(path.join(CACHE_DIR, file), { force: true });
        }
        return { codePath };
      } finally {
        fs.rmSync(lockPath, { force: true });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function takeLock(lockPath: string): boolean {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A run killed while bundling leaves its lock behind: past the time a build takes, it is taken over.
    const takenAt = fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs;
    if (takenAt !== undefined && Date.now() - takenAt > LOCK_STALE_MS) fs.rmSync(lockPath, { force: true });
    return false;
  }
}

async function build(kind: BundleKind): Promise<string> {
  const workflowsPath = path.join(WORKFLOWS_DIR, 'index.ts');
  if (kind === 'current') return (await bundleWorkflowCode({ workflowsPath, logger: quietLogger })).code;
  // '@temporalio/workflow' (exactly) resolves to a module that re-exports the SDK but answers
  // "not patched" for the patches the run's memo lists (fixed at its start: replays answer the same).
  const sdk = JSON.stringify(require.resolve('@temporalio/workflow'));
  const shim = path.join(CACHE_DIR, 'patches-off-workflow.js');
  fs.writeFileSync(
    shim,
    [
      `import { patched as sdkPatched, workflowInfo } from ${sdk};`,
      `export * from ${sdk};`,
      'export function patched(patchId) {',
      `  const off = workflowInfo().memo?.[${JSON.stringify(PATCHES_OFF_MEMO)}];`,
      '  return Array.isArray(off) && off.includes(patchId) ? false : sdkPatched(patchId);',
      '}',
      '',
    ].join('\n'),
  );
  const { code } = await bundleWorkflowCode({
    workflowsPath,
    logger: quietLogger,
    webpackConfigHook: (config) => ({
      ...config,
      resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as object), '@temporalio/workflow$': shim } },
    }),
  });
  return code;
}

const quietLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
  error: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
};
