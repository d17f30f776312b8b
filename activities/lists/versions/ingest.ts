import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { leieSupplementKind } from '../sources/leie';
import { requireSource, type SourceDefinition } from '../sources/catalog';
import { parseLimits, type ParseLimits } from '../sources/limits';
import { ArtifactFormatError, ParseReport, type BadRow, type SourceAdapter } from '../sources/types';
import { syncSourceCatalog } from './catalogSync';
import { fileSha256 } from './checksum';
import { copyChunks, LIST_ENTRY_COLUMNS, REGISTRY_COLUMNS } from './copyRows';
import { parseEntriesInChild, parseInChild } from './parseProcess';
import {
  computeDiff,
  createStagingVersion,
  currentVersion,
  discardOrphanedStaging,
  publishVersion,
  recordCounts,
  rejectVersion,
  type CurrentVersion,
  type DiffCounts,
  type ParseCounts,
} from './store';
import { applyLeieSupplement } from './supplement';

export { uniqueEntries, uniqueOrganizations } from './unique';

type IngestPhase = 'checksum' | 'parse' | 'diff' | 'publish';

export interface IngestProgress {
  phase: IngestPhase;
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

interface IngestOptions {
  pool: Pool;
  sourceKey: string;
  artifactPath: string;
  /** The artifact's own name (defaults to the file's basename); LEIE supplements are recognised by it. */
  artifactName?: string;
  sourceUrl?: string | null;
  retrievedAt?: Date;
  artifactRetrievedAt?: Date | null;
  /** Publish even when the new version looks cut: less than half the size of the current one, or removing more than its source allows. */
  force?: boolean;
  onProgress?: (progress: IngestProgress) => void;
  /**
   * Whether this process's LIST_SOURCES_DISABLED and artifact locations are the service's (the
   * worker's are); `screenctl` passes false, so that an operator's shell cannot switch a list
   * the worker keeps on (catalogSync.ts).
   */
  ownsConfiguration?: boolean;
  /** The configuration the catalog sync reads (LIST_SOURCES_DISABLED, LIST_ARTIFACT_*): the caller's, this process's by default. */
  env?: NodeJS.ProcessEnv;
}

export type IngestResult =
  | {
      outcome: 'published';
      sourceKey: string;
      versionId: string;
      seq: number;
      checksum: string;
      rowCount: number;
      entryCount: number;
      badRowCount: number;
      badRows: BadRow[];
      diff: DiffCounts;
      artifactKind: string;
    }
  | { outcome: 'unchanged'; sourceKey: string; versionId: string; checksum: string }
  | {
      outcome: 'refused';
      sourceKey: string;
      versionId: string;
      checksum: string;
      reason: string;
      rowCount: number;
      badRowCount: number;
      badRows: BadRow[];
    };

/** A version is refused when more than this share of its data rows could not be read. */
function maxBadRowShare(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.LIST_MAX_BAD_ROW_SHARE ?? '0.02');
  return Number.isFinite(value) && value >= 0 ? value : 0.02;
}

/** A full artifact that shrinks the list below this share of the current version is refused unless forced. */
const MIN_SHARE_OF_CURRENT = 0.5;

/**
 * Removals a full artifact may always make, whatever its source's share: on a list of a few
 * dozen entries one reinstatement is several percent, which says nothing about a cut file.
 */
const REMOVALS_ALWAYS_ALLOWED = 50;

class Refusal extends Error {}

function countsOf(report: ParseReport, entryCount: number): ParseCounts {
  return {
    rowCount: report.rows,
    entryCount,
    badRowCount: report.badRowCount,
    badRows: report.badRows,
    skipped: report.skipped,
    duplicates: report.duplicates,
    invalidNpis: report.invalidNpis,
    periodEnd: report.periodEnd,
  };
}

/**
 * Streams the adapter's output into the staged version with COPY; returns the number of rows
 * stored. The artifact is parsed in a child process (parseProcess.ts), so a hostile file can
 * neither stall this worker's other activities nor exhaust its memory.
 */
async function loadEntries(
  client: PoolClient,
  adapter: SourceAdapter,
  sourceKey: string,
  versionId: string,
  path: string,
  report: ParseReport,
  onBytes: (bytes: number) => void,
  limits: ParseLimits,
): Promise<number> {
  let stored = 0;
  const chunks = async function* (): AsyncGenerator<string> {
    stored = yield* parseInChild({ sourceKey, path, versionId, limits, report, onBytes });
  };
  if (adapter.target === 'list_entries') await copyChunks(client, 'list_entries', LIST_ENTRY_COLUMNS, chunks());
  else await copyChunks(client, 'registry_organizations', REGISTRY_COLUMNS, chunks());
  return stored;
}

function lockId(sourceKey: string): string {
  return `list-ingestion:${sourceKey}`;
}

/** The artifact being ingested, and what the steps of its ingestion share. */
interface Artifact {
  options: IngestOptions;
  source: SourceDefinition;
  sourceKey: string;
  path: string;
  name: string;
  /** Which LEIE supplement the artifact is (by its name), null for a full artifact. */
  supplement: ReturnType<typeof leieSupplementKind>;
  totalBytes: number;
  /** Whether the shrink and removal checks are waived: forced, or a supplement (which adds and removes only what it names). */
  unchecked: boolean;
  progress(phase: IngestPhase, bytesRead: number, rows: number): void;
}

async function describeArtifact(options: IngestOptions): Promise<Artifact> {
  const source = requireSource(options.sourceKey);
  const name = options.artifactName ?? basename(options.artifactPath);
  const supplement = source.key === 'oig_leie' ? leieSupplementKind(name) : null;
  const totalBytes = (await stat(options.artifactPath)).size;
  return {
    options,
    source,
    sourceKey: options.sourceKey,
    path: options.artifactPath,
    name,
    supplement,
    totalBytes,
    unchecked: options.force === true || supplement !== null,
    progress: (phase, bytesRead, rows) => options.onProgress?.({ phase, bytesRead, totalBytes, rows }),
  };
}

/** Runs `ingest` on one connection holding the source's advisory lock: one ingestion per source at a time. */
async function withSourceLock<T>(pool: Pool, sourceKey: string, ingest: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockId(sourceKey)]);
    return await ingest(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockId(sourceKey)]).catch(() => undefined);
    client.release();
  }
}

type StagedVersion = Awaited<ReturnType<typeof createStagingVersion>>;

function stageVersion(client: PoolClient, artifact: Artifact, checksum: string, current: CurrentVersion | null): Promise<StagedVersion> {
  const { options, supplement } = artifact;
  return createStagingVersion(client, {
    sourceKey: artifact.sourceKey,
    checksum,
    artifactName: artifact.name,
    artifactKind: supplement ? (supplement === 'excl' ? 'supplement_excl' : 'supplement_rein') : 'full',
    artifactBytes: artifact.totalBytes,
    sourceUrl: options.sourceUrl ?? null,
    retrievedAt: options.retrievedAt ?? new Date(),
    artifactRetrievedAt: options.artifactRetrievedAt ?? null,
    previousVersionId: current?.id ?? null,
  });
}

/** The entries stored in the staged version: the supplement applied to the current version, or the whole artifact. */
async function storeEntries(
  client: PoolClient,
  artifact: Artifact,
  stagedId: string,
  current: CurrentVersion | null,
  report: ParseReport,
  limits: ParseLimits,
): Promise<number> {
  const { sourceKey, path, supplement } = artifact;
  const onBytes = (b: number): void => artifact.progress('parse', b, report.rows);
  if (!supplement) return loadEntries(client, artifact.source.adapter, sourceKey, stagedId, path, report, onBytes, limits);
  if (!current) throw new Refusal('an LEIE supplement needs a published full LEIE version to apply to');
  return applyLeieSupplement(client, {
    kind: supplement,
    versionId: stagedId,
    currentVersionId: current.id,
    entries: parseEntriesInChild({ sourceKey, path, limits, report, onBytes }),
    report,
  });
}

interface Parsed {
  report: ParseReport;
  entryCount: number;
  /** Why the version was refused (and marked so), null when it may go on to the diff. */
  refusal: string | null;
}

/** Parses the artifact into the staged version; a file that cannot be read, or reads as too bad or too short, refuses it. */
async function parseIntoStaging(client: PoolClient, artifact: Artifact, stagedId: string, current: CurrentVersion | null): Promise<Parsed> {
  const report = new ParseReport();
  const limits = parseLimits(artifact.options.env ?? process.env);
  let entryCount = 0;
  try {
    entryCount = await storeEntries(client, artifact, stagedId, current, report, limits);
    const refusal = refusalReason(report, entryCount, current, artifact.unchecked);
    if (refusal) throw new Refusal(refusal);
    return { report, entryCount, refusal: null };
  } catch (err) {
    if (!(err instanceof Refusal) && !(err instanceof ArtifactFormatError)) throw err;
    const reason = (err as Error).message;
    await rejectVersion(client, stagedId, reason, countsOf(report, entryCount));
    return { report, entryCount, refusal: reason };
  }
}

function refused(artifact: Artifact, versionId: string, checksum: string, reason: string, report: ParseReport): IngestResult {
  return {
    outcome: 'refused',
    sourceKey: artifact.sourceKey,
    versionId,
    checksum,
    reason,
    rowCount: report.rows,
    badRowCount: report.badRowCount,
    badRows: report.badRows,
  };
}

/** Diffs the parsed version against the current one and publishes it, unless it removes more than its source allows. */
async function diffAndPublish(
  client: PoolClient,
  artifact: Artifact,
  staged: StagedVersion,
  current: CurrentVersion | null,
  checksum: string,
  { report, entryCount }: Parsed,
): Promise<IngestResult> {
  await recordCounts(client, staged.id, countsOf(report, entryCount));
  artifact.progress('diff', artifact.totalBytes, report.rows);
  const diff = await computeDiff(client, artifact.source.adapter.target, staged.id, current?.id ?? null, entryCount);
  const removals = artifact.unchecked || !current ? null : removalRefusal(artifact.source, diff, current.entryCount);
  if (removals) {
    await client.query('DELETE FROM list_version_diffs WHERE version_id = $1', [staged.id]);
    await rejectVersion(client, staged.id, removals, null);
    return refused(artifact, staged.id, checksum, removals, report);
  }
  artifact.progress('publish', artifact.totalBytes, report.rows);
  await publishVersion(client, artifact.sourceKey, staged.id, diff);
  return {
    outcome: 'published',
    sourceKey: artifact.sourceKey,
    versionId: staged.id,
    seq: staged.seq,
    checksum,
    rowCount: report.rows,
    entryCount,
    badRowCount: report.badRowCount,
    badRows: report.badRows,
    diff,
    artifactKind: artifact.supplement ? `supplement_${artifact.supplement}` : 'full',
  };
}

/**
 * The whole ingestion of one artifact, shared by `screenctl lists ingest` and the listIngestion
 * activity: checksum → (unchanged? stop) → stage a version → parse and COPY its entries → refuse
 * or diff → publish atomically. One ingestion per source runs at a time (advisory lock).
 */
export async function ingestArtifact(options: IngestOptions): Promise<IngestResult> {
  const artifact = await describeArtifact(options);
  await syncSourceCatalog(options.pool, options.env ?? process.env, { ownsConfiguration: options.ownsConfiguration ?? true });
  return withSourceLock(options.pool, artifact.sourceKey, async (client) => {
    await discardOrphanedStaging(client, artifact.sourceKey);
    const checksum = await fileSha256(artifact.path, (b) => artifact.progress('checksum', b, 0));
    const current = await currentVersion(client, artifact.sourceKey);
    if (current && (await alreadyApplied(client, artifact.sourceKey, checksum, current, artifact.supplement !== null))) {
      return { outcome: 'unchanged', sourceKey: artifact.sourceKey, versionId: current.id, checksum };
    }
    const staged = await stageVersion(client, artifact, checksum, current);
    const parsed = await parseIntoStaging(client, artifact, staged.id, current);
    if (parsed.refusal !== null) return refused(artifact, staged.id, checksum, parsed.refusal, parsed.report);
    return diffAndPublish(client, artifact, staged, current, checksum, parsed);
  });
}

/**
 * A full artifact that removes more of the current version than its source ever removes in one
 * release (the catalog's removal limit) is taken for a file cut at a row boundary, which parses
 * cleanly: publishing it would drop every excluded party after the cut.
 */
function removalRefusal(source: RemovalLimited, diff: DiffCounts, currentEntries: number): string | null {
  const { maxRemovedShare } = source.removalLimit;
  if (currentEntries <= 0 || diff.removed <= REMOVALS_ALWAYS_ALLOWED || diff.removed <= currentEntries * maxRemovedShare) return null;
  const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
  return (
    `the artifact removes ${diff.removed} of the current version's ${currentEntries} entries (${pct(diff.removed / currentEntries)}), ` +
    `more than the ${pct(maxRemovedShare)} ${source.key} allows; probably a truncated download (re-run with force to publish it)`
  );
}

type RemovalLimited = Pick<SourceDefinition, 'key' | 'removalLimit'>;

/**
 * A full artifact is unchanged when the current version has its checksum. A supplement is
 * unchanged when it was already applied since the last full version.
 */
async function alreadyApplied(
  client: PoolClient,
  sourceKey: string,
  checksum: string,
  current: { artifactChecksum: string },
  isSupplement: boolean,
): Promise<boolean> {
  if (!isSupplement) return current.artifactChecksum === checksum;
  const { rows } = await client.query(
    `SELECT 1 FROM list_versions v
      WHERE v.source_key = $1 AND v.artifact_checksum = $2 AND v.state IN ('published', 'superseded')
        AND v.seq > coalesce((SELECT max(seq) FROM list_versions WHERE source_key = $1 AND artifact_kind = 'full'
                               AND state IN ('published', 'superseded')), 0)`,
    [sourceKey, checksum],
  );
  return rows.length > 0;
}

/** The refusal rule: no entries, too many unreadable rows, or a full list shrinking by half. */
function refusalReason(report: ParseReport, entryCount: number, current: { entryCount: number } | null, force: boolean): string | null {
  if (report.rows > 0 && report.badRowCount / report.rows > maxBadRowShare()) {
    return `${report.badRowCount} of ${report.rows} rows could not be read (more than ${(maxBadRowShare() * 100).toFixed(1)}%)`;
  }
  if (report.rows === 0 && report.badRowCount > 0) return `none of the ${report.badRowCount} rows could be read`;
  if (entryCount === 0) return 'the artifact holds no entries';
  if (!force && current && current.entryCount > 0 && entryCount < current.entryCount * MIN_SHARE_OF_CURRENT) {
    return (
      `the artifact has ${entryCount} entries, less than half of the current version's ${current.entryCount}; ` +
      'probably a truncated download (re-run with force to publish it)'
    );
  }
  return null;
}
