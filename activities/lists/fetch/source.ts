import type { Pool } from 'pg';
import type { AutomaticRecipe } from '../sources/recipe';
import { fetchFromPublisher, FetchStepError, type FetchResult } from './run';
import { byteCap, fetchSettings } from './settings';
import { readFetchState, recordFetchFailure } from './state';

async function currentVersionId(pool: Pool, sourceKey: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string | null }>('SELECT current_version_id AS id FROM list_sources WHERE key = $1', [sourceKey]);
  return rows[0]?.id ?? null;
}

export interface SourceFetch {
  result: FetchResult;
  /** The source's current version when the fetch ran (what a 304 keeps). */
  currentVersionId: string | null;
  /** The byte cap the download was held to. */
  maxBytes: number;
}

/**
 * Fetches a source's current artifact from its publisher into `path` with its recipe: validators
 * of the artifact behind the current version are sent back (a 304 downloads nothing), and the
 * download is capped at a multiple of that artifact's size. A failure is recorded (step, status)
 * in list_fetch_state before it is thrown, so `screenctl lists status` and the coverage report see it.
 */
export async function fetchSourceArtifact(options: {
  pool: Pool;
  sourceKey: string;
  recipe: AutomaticRecipe;
  path: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  onBytes?: (bytes: number) => void;
  /** A dry run records nothing. */
  record?: boolean;
}): Promise<SourceFetch> {
  const env = options.env ?? process.env;
  const settings = fetchSettings(env);
  const [state, current] = await Promise.all([
    readFetchState(options.pool, options.sourceKey),
    currentVersionId(options.pool, options.sourceKey),
  ]);
  const maxBytes = byteCap(settings, current ? (state?.artifactBytes ?? null) : null);
  try {
    const result = await fetchFromPublisher({
      sourceKey: options.sourceKey,
      recipe: options.recipe,
      settings,
      previous: current && state ? { url: state.url, etag: state.etag, lastModified: state.lastModified } : null,
      path: options.path,
      maxBytes,
      env,
      signal: options.signal,
      onBytes: options.onBytes,
    });
    if (result.outcome === 'not_modified' && !current)
      throw new FetchStepError('download', 304, `GET ${result.url} answered 304 Not Modified with no version of ${options.sourceKey} held`);
    return { result, currentVersionId: current, maxBytes };
  } catch (err) {
    const failure =
      err instanceof FetchStepError
        ? err
        : new FetchStepError('download', null, err instanceof Error ? err.message : String(err), { cause: err });
    if (options.record !== false)
      await recordFetchFailure(options.pool, options.sourceKey, { step: failure.step, status: failure.status, message: failure.message });
    throw failure;
  }
}
