import { Context } from '@temporalio/activity';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool } from 'pg';
import { config } from '../infra/config';
import type { Logger } from '../infra/log';
import { artifactLocation, requireSource } from '../matcher/sources/catalog';
import { ingestArtifact, type IngestResult } from '../matcher/versions/ingest';

export interface ListActivityDeps {
  pool: Pool;
  logger: Logger;
  /** Where fetched artifacts are staged; defaults to `<DATA_DIR>/staging/lists`. */
  stagingDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface StagedArtifact {
  sourceKey: string;
  stagingPath: string;
  artifactName: string;
  sourceUrl: string | null;
  retrievedAt: string;
  artifactRetrievedAt: string | null;
}

/** What the workflow gets back: small, so bad rows are capped. */
export type IngestSummary =
  | { outcome: 'published'; sourceKey: string; versionId: string; seq: number; entryCount: number; badRowCount: number;
      diff: { added: number; removed: number; changed: number } }
  | { outcome: 'unchanged'; sourceKey: string; versionId: string }
  | { outcome: 'refused'; sourceKey: string; versionId: string; reason: string; badRowCount: number;
      badRows: Array<{ row: number; reason: string }> };

function summarize(result: IngestResult): IngestSummary {
  switch (result.outcome) {
    case 'published':
      return { outcome: 'published', sourceKey: result.sourceKey, versionId: result.versionId, seq: result.seq,
        entryCount: result.entryCount, badRowCount: result.badRowCount, diff: result.diff };
    case 'unchanged':
      return { outcome: 'unchanged', sourceKey: result.sourceKey, versionId: result.versionId };
    case 'refused':
      return { outcome: 'refused', sourceKey: result.sourceKey, versionId: result.versionId, reason: result.reason,
        badRowCount: result.badRowCount, badRows: result.badRows.slice(0, 20) };
  }
}

const HEARTBEAT_EVERY_MS = 5000;

/** Activities of the listIngestion workflow: fetch an artifact into staging, ingest it, clean up. */
export function createListActivities(deps: ListActivityDeps) {
  const env = deps.env ?? process.env;
  const stagingDir = resolve(deps.stagingDir ?? join(config.dataDir, 'staging', 'lists'));

  return {
    /** Copies or downloads the configured artifact (`LIST_ARTIFACT_<KEY>`) into a staging file; null when none is configured. */
    async fetchListArtifact(input: { sourceKey: string }): Promise<StagedArtifact | null> {
      requireSource(input.sourceKey);
      const location = artifactLocation(input.sourceKey, env);
      if (!location) return null;
      const dir = join(stagingDir, input.sourceKey);
      await mkdir(dir, { recursive: true });
      const retrievedAt = new Date();
      const isUrl = /^https?:\/\//i.test(location);
      const artifactName = basename(isUrl ? new URL(location).pathname : location) || `${input.sourceKey}.artifact`;
      const stagingPath = join(dir, `${retrievedAt.getTime()}-${artifactName}`);
      let artifactRetrievedAt: Date | null;
      if (isUrl) {
        const response = await fetch(location, { signal: Context.current().cancellationSignal });
        if (!response.ok || !response.body) throw new Error(`GET ${location} answered ${response.status}`);
        const lastModified = response.headers.get('last-modified');
        artifactRetrievedAt = lastModified ? new Date(lastModified) : null;
        let bytes = 0;
        const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
        body.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          Context.current().heartbeat({ phase: 'download', bytes });
        });
        await pipeline(body, createWriteStream(stagingPath));
      } else {
        artifactRetrievedAt = (await stat(location)).mtime;
        await copyFile(location, stagingPath);
      }
      deps.logger.info({ sourceKey: input.sourceKey, artifactName }, 'list artifact staged');
      return {
        sourceKey: input.sourceKey, stagingPath, artifactName, sourceUrl: isUrl ? location : null,
        retrievedAt: retrievedAt.toISOString(), artifactRetrievedAt: artifactRetrievedAt?.toISOString() ?? null,
      };
    },

    /** Checksums, parses, stores and publishes a staged artifact; heartbeats while it runs. */
    async ingestListArtifact(staged: StagedArtifact): Promise<IngestSummary> {
      let lastBeat = 0;
      const result = await ingestArtifact({
        pool: deps.pool,
        sourceKey: staged.sourceKey,
        artifactPath: staged.stagingPath,
        artifactName: staged.artifactName,
        sourceUrl: staged.sourceUrl,
        retrievedAt: new Date(staged.retrievedAt),
        artifactRetrievedAt: staged.artifactRetrievedAt ? new Date(staged.artifactRetrievedAt) : null,
        onProgress: (p) => {
          const now = Date.now();
          if (now - lastBeat >= HEARTBEAT_EVERY_MS) {
            lastBeat = now;
            Context.current().heartbeat(p);
          }
        },
      });
      const summary = summarize(result);
      deps.logger.info(summary, 'list ingestion finished');
      return summary;
    },

    /** Removes a staged artifact once it is ingested (the version keeps its checksum). */
    async discardStagedArtifact(input: { stagingPath: string }): Promise<void> {
      await rm(input.stagingPath, { force: true });
    },
  };
}

export type ListActivities = ReturnType<typeof createListActivities>;
