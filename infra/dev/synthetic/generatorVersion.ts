import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * A digest of the generator's own sources (every .ts file of this folder). Written into each
 * manifest, it tells a cached list set written by other generator code apart from one this
 * checkout would write, so a cache is never reused across a change to the formats or the draws.
 */
export function generatorVersion(dir: string = __dirname): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(dir)) {
    hash.update(relative(dir, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
    })
    .sort();
}
