import path from 'node:path';
import type { Pool } from 'pg';
import { ingestArtifact, type IngestProgress } from '../../../activities/lists';
import type { ListSet } from './listSet';

/**
 * Ingests every full-replacement file of a synthetic list set through the same pipeline as a
 * real artifact (checksum, parse, COPY, diff, publish). A file whose checksum the current
 * version already has is found unchanged in the time of its checksum, so a restart over the same
 * set publishes nothing. Forced unless told otherwise: a set of another scale replaces the one
 * published before, even when that shrinks a list below half of its current version.
 */
export interface SourceIngested {
  source: string;
  file: string;
  outcome: 'published' | 'unchanged' | 'refused';
  versionId: string;
  /** Data rows read (published, refused), or the rows the manifest gives the file (unchanged). */
  rows: number;
  /** Entries of the version published. */
  entries?: number;
  seconds: number;
  /** Why a refused artifact was refused. */
  reason?: string;
}

export interface IngestListSetHooks {
  onStart?: (source: string, file: string) => void;
  onProgress?: (source: string, progress: IngestProgress, seconds: number) => void;
  onDone?: (ingested: SourceIngested) => void;
}

export interface IngestListSetOptions extends IngestListSetHooks {
  /** Sources whose files are left out. */
  skip?: readonly string[];
  /** Whether a list may shrink below half of its current version (default true). */
  force?: boolean;
}

export async function ingestListSet(pool: Pool, set: ListSet, options: IngestListSetOptions = {}): Promise<SourceIngested[]> {
  const { skip = [], force = true, ...hooks } = options;
  const files = set.manifest.files.filter((file) => !file.format.startsWith('leie_supplement') && !skip.includes(file.source));
  const done: SourceIngested[] = [];
  for (const file of files) {
    hooks.onStart?.(file.source, file.path);
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    const result = await ingestArtifact({
      pool,
      sourceKey: file.source,
      artifactPath: path.join(set.dir, file.path),
      force,
      onProgress: (progress) => hooks.onProgress?.(file.source, progress, seconds()),
    });
    const ingested: SourceIngested = {
      source: file.source,
      file: file.path,
      outcome: result.outcome,
      versionId: result.versionId,
      rows: result.outcome === 'unchanged' ? file.rows : result.rowCount,
      seconds: seconds(),
      ...(result.outcome === 'published' ? { entries: result.entryCount } : {}),
      ...(result.outcome === 'refused' ? { reason: result.reason } : {}),
    };
    hooks.onDone?.(ingested);
    done.push(ingested);
  }
  return done;
}
