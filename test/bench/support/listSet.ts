import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Pool } from 'pg';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import type { Manifest } from '../../../infra/dev/synthetic/generate';
import { isScaleName } from '../../../infra/dev/synthetic/scales';

/** A generated list set (`npm run gen:lists`): `full`, `demo`, `small` (under .data/lists) or a manifest.json path. */
export function readListSet(root: string, which: string): { manifest: Manifest; dir: string } {
  const path = isScaleName(which) ? resolve(root, '.data', 'lists', which, 'manifest.json') : resolve(which);
  if (!existsSync(path)) throw new Error(`${path} not found: generate it first (npm run gen:lists -- --scale ${which})`);
  return { manifest: JSON.parse(readFileSync(path, 'utf8')) as Manifest, dir: dirname(path) };
}

/** The set's LEIE full file (UPDATED.csv; the monthly supplements are left out). */
export function leieFullFile(set: { manifest: Manifest; dir: string }): string {
  const file = set.manifest.files.find((f) => f.source === 'oig_leie' && f.format === 'leie');
  if (!file) throw new Error('the list set has no LEIE full file');
  return resolve(set.dir, file.path);
}

/**
 * Publishes every file of the set but the LEIE's, as `screenctl lists ingest` does (in this
 * process, one at a time), and those of `skip` neither. Prints each one's rows and time.
 */
export async function ingestListSet(
  pool: Pool,
  set: { manifest: Manifest; dir: string },
  { skip, log }: { skip: readonly string[]; log: (line: string) => void },
): Promise<void> {
  for (const file of set.manifest.files) {
    if (file.source === 'oig_leie' || skip.includes(file.source)) continue;
    const started = Date.now();
    const result = await ingestArtifact({ pool, sourceKey: file.source, artifactPath: resolve(set.dir, file.path) });
    if (result.outcome !== 'published')
      throw new Error(`${file.path}: ${result.outcome}${'reason' in result ? ` (${result.reason})` : ''}`);
    log(`${file.source}: ${result.entryCount} entries from ${file.rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
