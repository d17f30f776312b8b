import fs from 'node:fs';
import path from 'node:path';

/**
 * The module the worker bundles its workflows from: `workflows/index.ts` when it runs from the
 * sources (tsx, tests), `workflows/index.js` when it runs compiled from dist/ (`npm run build`),
 * where no TypeScript source exists.
 */
export function workflowsEntry(infraDir: string = path.resolve(__dirname, '..')): string {
  const dir = path.resolve(infraDir, '..', 'workflows');
  const source = path.join(dir, 'index.ts');
  return fs.existsSync(source) ? source : path.join(dir, 'index.js');
}
