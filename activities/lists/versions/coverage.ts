import type { Pool } from 'pg';
import { CADENCE_PERIOD_DAYS, staleAfterMs } from '../sources/cadence';
import {
  findSourceDescription,
  isSourceEnabled,
  LEIE_RELIANT_STATES,
  SOURCE_DESCRIPTIONS,
  stateGaps,
  type Cadence,
} from '../sources/descriptions';
import { MEDICAID_JURISDICTIONS } from '../sources/usps';
import { fetchedBy } from '../fetch/mode';
import { recipeFor } from '../sources/recipes';

/** GET /v1/lists (screening-api-v1 "Coverage report"). */
interface CoverageSource {
  key: string;
  name: string;
  listVersionId: string;
  retrievedAt: string;
  cadence: Cadence;
  cadenceLabel: string;
  /** `stale` when the content has not changed for more than twice the cadence (sources/cadence.ts), or its fetch has failed for longer than one period. */
  status: 'live' | 'stale';
  /** When the content last changed: the retrieval of the first version carrying the current content hash. */
  contentChangedAt: string;
  /** `publisher`: fetched on a schedule (a recipe, or LIST_ARTIFACT_<KEY>); `by_hand`: `screenctl lists ingest` only. */
  fetchedBy: 'publisher' | 'by_hand';
}

type RegistryStatus = 'live' | 'stale' | 'disabled' | 'unavailable';

interface RegistrySource {
  sourceKey: 'NPPES';
  scope: 'organization_registry';
  excludedFromMedicaidDenominator: true;
  status: RegistryStatus;
  versionId: string | null;
  retrievedAt: string | null;
  artifactRetrievedAt: string | null;
  sourceUrl: string | null;
  periodEnd: string | null;
  organizationCount: number;
  artifactChecksum: string | null;
  type1PublicPagesEnabled: false;
}

interface CoverageGap {
  key: string;
  name: string;
  reason: string;
}

export interface CoverageReport {
  sources: CoverageSource[];
  additionalSources: CoverageSource[];
  registrySources: RegistrySource[];
  gaps: CoverageGap[];
  totals: { screened: number; total: number };
  asOf: string;
}

/** What the coverage page shows beyond the contract's report, per source key with a published version. */
export interface VersionFreshness {
  /** Rows the version holds (list entries, or NPPES organizations). */
  entryCount: number;
  /** Time from the version's retrieval to the report's `asOf`. */
  ageMs: number;
  /** How old the version may get under its cadence; null when the cadence sets no bound. */
  allowedAgeMs: number | null;
  /** Since when fetching the source from its publisher has failed without a success; null when it has not. */
  fetchFailingSince?: string | null;
  stale: boolean;
}

/** The report and the freshness of each version in it, read at one moment (GET /v1/lists and the coverage page). */
export interface CoverageView {
  report: CoverageReport;
  freshness: Record<string, VersionFreshness>;
}

interface SourceRow {
  key: string | null;
  version_id: string | null;
  retrieved_at: Date | null;
  content_changed_at: Date | null;
  artifact_retrieved_at: Date | null;
  source_url: string | null;
  period_end: string | null;
  entry_count: number | null;
  artifact_checksum: string | null;
  fetch_failing_since: Date | null;
  as_of: Date;
}

function isoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.toISOString().slice(0, 10);
}

/**
 * The coverage report (its fields are described in docs/lists.md), read in one query so every
 * figure describes the same moment.
 */
export async function buildCoverageReport(pool: Pool): Promise<CoverageReport> {
  return (await buildCoverageView(pool)).report;
}

/**
 * A version is stale when its content has not changed for longer than its cadence allows, or when
 * its publisher could not be fetched for longer than one publication period (a release was due
 * and missed; the worker's logs and metrics say which step failed).
 */
function freshnessOf(cadence: Cadence, row: SourceRow, asOf: Date): VersionFreshness {
  const changedAt = row.content_changed_at ?? (row.retrieved_at as Date);
  const ageMs = Math.max(0, asOf.getTime() - changedAt.getTime());
  const allowedAgeMs = staleAfterMs(cadence);
  const periodDays = CADENCE_PERIOD_DAYS[cadence];
  const failing = row.fetch_failing_since;
  const fetchFailedTooLong = failing !== null && periodDays !== null && asOf.getTime() - failing.getTime() > periodDays * 86_400_000;
  return {
    entryCount: row.entry_count ?? 0,
    ageMs,
    allowedAgeMs,
    fetchFailingSince: failing ? failing.toISOString() : null,
    stale: (allowedAgeMs !== null && ageMs > allowedAgeMs) || fetchFailedTooLong,
  };
}

/** The coverage report with each published version's row count and age (see buildCoverageReport). */
export async function buildCoverageView(pool: Pool): Promise<CoverageView> {
  // Read-only. Whether a source is switched off is this process's LIST_SOURCES_DISABLED, as the
  // catalog sync (run by every ingestion) would write it; the versions come from the database.
  // content_changed_at: the retrieval of the first published version in the run of versions, up to
  // the current one, that carry the current content hash (the last time the hash differed).
  const { rows } = await pool.query<SourceRow>(
    `SELECT s.key, v.id AS version_id, v.retrieved_at, c.content_changed_at, v.artifact_retrieved_at, v.source_url,
            to_char(v.period_end, 'YYYY-MM-DD') AS period_end, v.entry_count, v.artifact_checksum,
            f.failing_since AS fetch_failing_since, t.as_of
       FROM (SELECT now() AS as_of) t
       LEFT JOIN list_sources s ON true
       LEFT JOIN list_versions v ON v.id = s.current_version_id
       LEFT JOIN list_fetch_state f ON f.source_key = s.key
       LEFT JOIN LATERAL (
         SELECT min(p.retrieved_at) AS content_changed_at
           FROM list_versions p
          WHERE p.source_key = v.source_key AND p.state IN ('published', 'superseded') AND p.seq <= v.seq
            AND p.seq > coalesce((SELECT max(d.seq) FROM list_versions d
                                   WHERE d.source_key = v.source_key AND d.state IN ('published', 'superseded')
                                     AND d.seq < v.seq AND d.artifact_checksum <> v.artifact_checksum), 0)
       ) c ON v.id IS NOT NULL`,
  );
  // One row at least (the database's clock), even before any source was written.
  const byKey = new Map(rows.filter((r) => r.key !== null).map((r) => [r.key, r]));
  const asOf = rows[0].as_of;
  const report: CoverageReport = {
    sources: [],
    additionalSources: [],
    registrySources: [],
    gaps: [],
    totals: { screened: 0, total: MEDICAID_JURISDICTIONS.length },
    asOf: asOf.toISOString(),
  };
  const freshness: Record<string, VersionFreshness> = {};
  const screenedStates = new Set<string>();
  for (const source of SOURCE_DESCRIPTIONS) {
    const row = byKey.get(source.key);
    const enabled = isSourceEnabled(source.key);
    if (row?.version_id && row.retrieved_at) freshness[source.key] = freshnessOf(source.cadence, row, asOf);
    if (source.coverageGroup === 'registry') {
      report.registrySources.push(registryEntry(enabled, row, freshness[source.key]));
      continue;
    }
    if (!enabled) {
      report.gaps.push({ key: source.key, name: source.name, reason: 'disabled by configuration (LIST_SOURCES_DISABLED)' });
      continue;
    }
    if (!row?.version_id || !row.retrieved_at) {
      const recipe = recipeFor(source.key);
      const byHand = recipe?.kind === 'manual' ? `; fetched by hand (screenctl lists ingest): ${recipe.reason}, from ${recipe.page}` : '';
      report.gaps.push({
        key: source.key,
        name: source.name,
        reason: `adapter ready, but no list version has been published yet${byHand}`,
      });
      continue;
    }
    const entry: CoverageSource = {
      key: source.key,
      name: source.name,
      listVersionId: row.version_id,
      retrievedAt: row.retrieved_at.toISOString(),
      cadence: source.cadence,
      cadenceLabel: source.cadenceLabel,
      status: freshness[source.key].stale ? 'stale' : 'live',
      contentChangedAt: (row.content_changed_at ?? row.retrieved_at).toISOString(),
      fetchedBy: fetchedBy(source.key),
    };
    (source.coverageGroup === 'sources' ? report.sources : report.additionalSources).push(entry);
    if (source.state) screenedStates.add(source.state);
  }
  const leieLive = report.sources.some((s) => s.key === 'oig_leie');
  if (leieLive) for (const st of LEIE_RELIANT_STATES) screenedStates.add(st);
  for (const gap of stateGaps()) report.gaps.push({ key: gap.key, name: gap.name, reason: gap.reason });
  report.totals.screened = MEDICAID_JURISDICTIONS.filter((st) => screenedStates.has(st)).length;
  return { report, freshness };
}

function registryEntry(enabled: boolean, row: SourceRow | undefined, freshness: VersionFreshness | undefined): RegistrySource {
  const hasVersion = freshness !== undefined;
  let status: RegistryStatus;
  if (!enabled) status = 'disabled';
  else if (!freshness) status = 'unavailable';
  else status = freshness.stale ? 'stale' : 'live';
  return {
    sourceKey: 'NPPES',
    scope: 'organization_registry',
    excludedFromMedicaidDenominator: true,
    status,
    versionId: row?.version_id ?? null,
    retrievedAt: row?.retrieved_at ? row.retrieved_at.toISOString() : null,
    artifactRetrievedAt: row?.artifact_retrieved_at ? row.artifact_retrieved_at.toISOString() : null,
    sourceUrl: row?.source_url ?? (hasVersion ? (findSourceDescription('nppes')?.publisherUrl ?? null) : null),
    periodEnd: isoDate(row?.period_end ?? null),
    organizationCount: row?.entry_count ?? 0,
    artifactChecksum: row?.artifact_checksum ?? null,
    type1PublicPagesEnabled: false,
  };
}
