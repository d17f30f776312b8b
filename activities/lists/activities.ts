import { Context } from '@temporalio/activity';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Pool } from 'pg';
import { config } from '../../infra/base/config';
import type { Logger } from '../../infra/base/log';
import { artifactLocation, downloadArtifact, ingestArtifact, requireSource, type IngestResult } from './index';

export interface ListIngestionActivityDeps {
  pool: Pool;
  logger: Logger;
  /** Where fetched artifacts are staged; defaults to `<DATA_DIR>/staging/lists`. */
  stagingDir?: string;
  env?: NodeJS.ProcessEnv;
}

interface StagedArtifact {
  stagingPath: string;
  artifactName: string;
  sourceUrl: string | null;
  retrievedAt: Date;
  artifactRetrievedAt: Date | null;
}

/** What the workflow gets back: small, so bad rows are capped. */
export type IngestSummary =
  | {
      outcome: 'published';
      sourceKey: string;
      versionId: string;
      seq: number;
      entryCount: number;
      badRowCount: number;
      diff: { added: number; removed: number; changed: number };
    }
  | { outcome: 'unchanged'; sourceKey: string; versionId: string }
  | {
      outcome: 'refused';
      sourceKey: string;
      versionId: string;
      reason: string;
      badRowCount: number;
      badRows: Array<{ row: number; reason: string }>;
    };

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

  return {
    /**
     * Stages the configured artifact (`LIST_ARTIFACT_<KEY>`, a path or a URL), then checksums,
     * parses, stores and publishes it, heartbeating throughout. One activity, so the staged file
     * never has to be on another worker's disk; it is removed whatever happens.
     */
    async ingestListArtifact(input: { sourceKey: string; force?: boolean }): Promise<IngestSummary | null> {
      requireSource(input.sourceKey);
      const location = artifactLocation(input.sourceKey, env);
      if (!location) return null;
      const heartbeat = throttledHeartbeat();
      let stagingPath: string | null = null;
      try {
        const staged = await stageArtifact(input.sourceKey, location, heartbeat);
        stagingPath = staged.stagingPath;
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
      } finally {
        if (stagingPath) await rm(stagingPath, { force: true });
      }
    },
  };
}

export type ListIngestionActivities = ReturnType<typeof createListIngestionActivities>;
