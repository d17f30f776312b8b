import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { fileSha256 } from '../versions/checksum';
import { ingestArtifact, type IngestProgress, type IngestResult } from '../versions/ingest';
import { recipeFor } from '../sources/recipes';
import { describeRecipe } from '../sources/recipe';
import { automaticRecipe } from './mode';
import { fetchSourceArtifact } from './source';
import { recordFetchSuccess } from './state';

/** What `screenctl lists fetch` found at the publisher, and (without --dry-run) what the ingestion made of it. */
export interface OperatorFetch {
  sourceKey: string;
  recipe: string;
  url: string;
  /** `not_modified`: the publisher answered 304; `same`: the file's checksum is the current version's; `new`: it differs. */
  found: 'not_modified' | 'same' | 'new';
  bytes: number | null;
  lastModified: string | null;
  byteCap: number;
  ingest: IngestResult | null;
}

async function currentChecksum(pool: Pool, sourceKey: string): Promise<string | null> {
  const { rows } = await pool.query<{ checksum: string | null }>(
    'SELECT v.artifact_checksum AS checksum FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id WHERE s.key = $1',
    [sourceKey],
  );
  return rows[0]?.checksum ?? null;
}

/**
 * Runs a source's recipe now, as the schedule would (validators, byte cap, failure recorded),
 * whatever LIST_FETCH says: an operator asked for it. With `dryRun` nothing is recorded or
 * ingested: the file is downloaded to a scratch folder, compared by checksum with the current
 * version, and removed.
 */
export async function fetchNow(options: {
  pool: Pool;
  sourceKey: string;
  dryRun: boolean;
  env?: NodeJS.ProcessEnv;
  onProgress?: (progress: IngestProgress) => void;
}): Promise<OperatorFetch> {
  const { pool, sourceKey, dryRun } = options;
  const recipe = automaticRecipe(sourceKey);
  const declared = recipeFor(sourceKey);
  if (!recipe) {
    throw new Error(
      declared?.kind === 'manual'
        ? `${sourceKey} is fetched by hand: ${declared.reason}. Download it from ${declared.page} and run screenctl lists ingest ${sourceKey} FILE`
        : `${sourceKey} has no fetch recipe (activities/lists/sources/recipes.ts); ingest it with screenctl lists ingest`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'list-fetch-'));
  try {
    const path = join(dir, 'artifact');
    const fetched = await fetchSourceArtifact({ pool, sourceKey, recipe, path, env: options.env, record: !dryRun });
    const base = { sourceKey, recipe: describeRecipe(recipe), byteCap: fetched.maxBytes };
    if (fetched.result.outcome === 'not_modified') {
      if (!dryRun) await recordFetchSuccess(pool, sourceKey, 'not_modified', null);
      return { ...base, url: fetched.result.url, found: 'not_modified', bytes: null, lastModified: null, ingest: null };
    }
    const { url, artifactName, downloaded } = fetched.result;
    const same = (await fileSha256(path)) === (await currentChecksum(pool, sourceKey));
    const report: OperatorFetch = {
      ...base,
      url,
      found: same ? 'same' : 'new',
      bytes: downloaded.bytes,
      lastModified: downloaded.validators.lastModified,
      ingest: null,
    };
    if (dryRun) return report;
    const ingest = await ingestArtifact({
      pool,
      sourceKey,
      artifactPath: path,
      artifactName,
      sourceUrl: url,
      artifactRetrievedAt: downloaded.lastModified,
      onProgress: options.onProgress,
      ownsConfiguration: false,
      env: options.env,
    });
    await recordFetchSuccess(
      pool,
      sourceKey,
      'new',
      ingest.outcome === 'refused'
        ? null
        : { url, etag: downloaded.validators.etag, lastModified: downloaded.validators.lastModified, bytes: downloaded.bytes },
    );
    return { ...report, ingest };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
