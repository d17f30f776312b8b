import { Context } from '@temporalio/activity';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Pool } from 'pg';
import { config } from '../../infra/base/config';
import type { Logger } from '../../infra/base/log';
import { artifactLocation, downloadArtifact, ingestArtifact, requireSource, type IngestResult } from './index';
import { fetchSourceArtifact } from './fetch/source';
import { automaticRecipe } from './fetch/mode';
import { fetchFromPublishers } from './fetch/settings';
import { FetchStepError, type FetchStep } from './fetch/run';
import { recordFetchSuccess } from './fetch/state';
import type { IngestSummary } from '../../workflows/contracts';

export type { IngestSummary };

export interface ListIngestionActivityDeps {
  pool: Pool;
  logger: Logger;
  /** Where fetched artifacts are staged; defaults to `<DATA_DIR>/staging/lists`. */
  stagingDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Told of every fetch from a publisher (the worker's metrics count them by source, outcome, step and status). */
  onFetch?: (event: FetchEvent) => void;
}

export interface FetchEvent {
  sourceKey: string;
  outcome: 'new' | 'not_modified' | 'failed';
  step: FetchStep | null;
  status: number | null;
}

interface StagedArtifact {
  stagingPath: string;
  artifactName: string;
  sourceUrl: string | null;
  retrievedAt: Date;
  artifactRetrievedAt: Date | null;
}

function summarize(result: IngestResult): IngestSummary {
  switch (result.outcome) {
    case 'published':
      return {
        outcome: 'published',
        sourceKey: result.sourceKey,
        versionId: result.versionId,
        seq: result.seq,
        entryCount: result.entryCount,
        badRowCount: result.badRowCount,
        diff: result.diff,
      };
    case 'unchanged':
      return { outcome: 'unchanged', sourceKey: result.sourceKey, versionId: result.versionId };
    case 'refused':
      return {
        outcome: 'refused',
        sourceKey: result.sourceKey,
        versionId: result.versionId,
        reason: result.reason,
        badRowCount: result.badRowCount,
        badRows: result.badRows.slice(0, 20),
      };
  }
}

const HEARTBEAT_EVERY_MS = 5000;

/** Heartbeats at most every HEARTBEAT_EVERY_MS: each heartbeat crosses into the native worker. */
function throttledHeartbeat(): (details: unknown) => void {
  let last = 0;
  return (details) => {
    const now = Date.now();
    if (now - last < HEARTBEAT_EVERY_MS) return;
    last = now;
    Context.current().heartbeat(details);
  };
}

/** Activities of the listIngestion workflow. */
export function createListIngestionActivities(deps: ListIngestionActivityDeps) {
  const env = deps.env ?? process.env;
  const stagingDir = resolve(deps.stagingDir ?? join(config.dataDir, 'staging', 'lists'));

  /** Copies or downloads the artifact into a staging file of this worker's disk. */
  async function stageArtifact(sourceKey: string, location: string, heartbeat: (details: unknown) => void): Promise<StagedArtifact> {
    const dir = join(stagingDir, sourceKey);
    await mkdir(dir, { recursive: true });
    const retrievedAt = new Date();
    const isUrl = /^https?:\/\//i.test(location);
    const artifactName = basename(isUrl ? new URL(location).pathname : location) || `${sourceKey}.artifact`;
    const stagingPath = join(dir, `${retrievedAt.getTime()}-${artifactName}`);
    const staged = { stagingPath, artifactName, sourceUrl: isUrl ? location : null, retrievedAt, artifactRetrievedAt: null as Date | null };
    try {
      if (isUrl) {
        const downloaded = await downloadArtifact(location, stagingPath, {
          signal: Context.current().cancellationSignal,
          onBytes: (bytes) => heartbeat({ phase: 'download', bytes }),
        });
        staged.artifactRetrievedAt = downloaded.lastModified;
      } else {
        staged.artifactRetrievedAt = (await stat(location)).mtime;
        await copyFile(location, stagingPath);
      }
    } catch (err) {
      await rm(stagingPath, { force: true }); // a partial download must not pile up across retries
      throw err;
    }
    deps.logger.info({ sourceKey, artifactName }, 'list artifact staged');
    return staged;
  }

  /** Runs the source's recipe into a staging file; `notModified` (the version kept) when the publisher answered 304. */
  async function stageFromPublisher(
    sourceKey: string,
    recipe: NonNullable<ReturnType<typeof automaticRecipe>>,
    heartbeat: (details: unknown) => void,
  ): Promise<
    | { staged: StagedArtifact; artifact: { url: string; etag: string | null; lastModified: string | null; bytes: number } }
    | { notModified: string | null }
  > {
    const dir = join(stagingDir, sourceKey);
    await mkdir(dir, { recursive: true });
    const retrievedAt = new Date();
    const stagingPath = join(dir, `${retrievedAt.getTime()}-fetch`);
    try {
      const fetched = await fetchSourceArtifact({
        pool: deps.pool,
        sourceKey,
        recipe,
        path: stagingPath,
        env,
        signal: Context.current().cancellationSignal,
        onBytes: (bytes) => heartbeat({ phase: 'download', bytes }),
      });
      if (fetched.result.outcome === 'not_modified') {
        await rm(stagingPath, { force: true });
        return { notModified: fetched.currentVersionId };
      }
      const { url, artifactName, downloaded } = fetched.result;
      deps.logger.info({ sourceKey, url, bytes: downloaded.bytes, maxBytes: fetched.maxBytes }, 'list artifact fetched from its publisher');
      return {
        staged: { stagingPath, artifactName, sourceUrl: url, retrievedAt, artifactRetrievedAt: downloaded.lastModified },
        artifact: { url, etag: downloaded.validators.etag, lastModified: downloaded.validators.lastModified, bytes: downloaded.bytes },
      };
    } catch (err) {
      await rm(stagingPath, { force: true });
      if (err instanceof FetchStepError) {
        deps.logger.warn({ sourceKey, step: err.step, status: err.status, err: err.message }, 'list fetch from its publisher failed');
        deps.onFetch?.({ sourceKey, outcome: 'failed', step: err.step, status: err.status });
      }
      throw err;
    }
  }

  async function ingestStaged(
    input: { sourceKey: string; force?: boolean },
    staged: StagedArtifact,
    heartbeat: (details: unknown) => void,
  ): Promise<IngestSummary> {
    const result = await ingestArtifact({
      pool: deps.pool,
      sourceKey: input.sourceKey,
      artifactPath: staged.stagingPath,
      artifactName: staged.artifactName,
      sourceUrl: staged.sourceUrl,
      retrievedAt: staged.retrievedAt,
      artifactRetrievedAt: staged.artifactRetrievedAt,
      force: input.force,
      onProgress: heartbeat,
      env,
    });
    const summary = summarize(result);
    deps.logger.info(summary, 'list ingestion finished');
    return summary;
  }

  return {
    /**
     * Stages the source's artifact, then checksums, parses, stores and publishes it, heartbeating
     * throughout: the configured `LIST_ARTIFACT_<KEY>` (a path or a URL) when set, else, when
     * fetching from publishers is on (`LIST_FETCH`), the file its recipe finds (a 304 Not Modified
     * ends `unchanged` with nothing downloaded). One activity, so the staged file never has to be
     * on another worker's disk; it is removed whatever happens. Null: nothing to fetch.
     */
    async ingestListArtifact(input: { sourceKey: string; force?: boolean }): Promise<IngestSummary | null> {
      requireSource(input.sourceKey);
      const heartbeat = throttledHeartbeat();
      const location = artifactLocation(input.sourceKey, env);
      const recipe = location ? null : fetchFromPublishers(env) ? automaticRecipe(input.sourceKey) : null;
      if (!location && !recipe) return null;
      let stagingPath: string | null = null;
      try {
        if (location) {
          const staged = await stageArtifact(input.sourceKey, location, heartbeat);
          stagingPath = staged.stagingPath;
          return await ingestStaged(input, staged, heartbeat);
        }
        const fetched = await stageFromPublisher(input.sourceKey, recipe as NonNullable<typeof recipe>, heartbeat);
        if ('notModified' in fetched) {
          await recordFetchSuccess(deps.pool, input.sourceKey, 'not_modified', null);
          deps.onFetch?.({ sourceKey: input.sourceKey, outcome: 'not_modified', step: null, status: 304 });
          const summary: IngestSummary = { outcome: 'unchanged', sourceKey: input.sourceKey, versionId: fetched.notModified as string };
          deps.logger.info(summary, 'list artifact not modified at its publisher');
          return summary;
        }
        stagingPath = fetched.staged.stagingPath;
        const summary = await ingestStaged(input, fetched.staged, heartbeat);
        // A refused download keeps the held validators, so the next poll downloads the file again.
        await recordFetchSuccess(deps.pool, input.sourceKey, 'new', summary.outcome === 'refused' ? null : fetched.artifact);
        deps.onFetch?.({ sourceKey: input.sourceKey, outcome: 'new', step: null, status: 200 });
        return summary;
      } finally {
        if (stagingPath) await rm(stagingPath, { force: true });
      }
    },
  };
}

export type ListIngestionActivities = ReturnType<typeof createListIngestionActivities>;
