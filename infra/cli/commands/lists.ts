import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { createPool } from '../../base/db/pool';
import {
  SOURCE_CATALOG,
  buildCoverageReport,
  fetchNow,
  fetchedBy,
  ingestArtifact,
  readFetchStates,
  recipeFor,
  syncSourceCatalog,
  type FetchState,
  type IngestProgress,
  type IngestResult,
  type OperatorFetch,
} from '../../../activities/lists';
import { listIngestionWorkflowId } from '../../../workflows/contracts';
import { startListVersionFanOut } from '../../../activities/monitoring';
import { config } from '../../base/config';
import { withPool } from './withPool';
import { withTemporal } from './withTemporal';

const MB = 1024 * 1024;

function progressBar(): { update(p: IngestProgress): void; stop(): void } {
  const bar = new SingleBar({
    stream: process.stderr,
    format: '{phase} [{bar}] {percentage}% | {mbRead}/{mbTotal} MB | {rows} rows',
    hideCursor: true,
  });
  let started = false;
  return {
    update(p) {
      const payload = {
        phase: p.phase.padEnd(8),
        mbRead: (p.bytesRead / MB).toFixed(1),
        mbTotal: (p.totalBytes / MB).toFixed(1),
        rows: p.rows,
      };
      if (!started) {
        bar.start(Math.max(p.totalBytes, 1), p.bytesRead, payload);
        started = true;
      } else bar.update(p.bytesRead, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function describe(result: IngestResult): string {
  switch (result.outcome) {
    case 'published':
      return (
        `${result.sourceKey}: published version ${result.versionId} (#${result.seq}, ${result.artifactKind}): ` +
        `${result.entryCount} entries from ${result.rowCount} rows, ${result.badRowCount} bad rows; ` +
        `diff +${result.diff.added} -${result.diff.removed} ~${result.diff.changed}`
      );
    case 'unchanged':
      return `${result.sourceKey}: artifact unchanged (sha256 ${result.checksum.slice(0, 12)}…); version ${result.versionId} stays current`;
    case 'refused': {
      const rows = result.badRows
        .slice(0, 20)
        .map((b) => `  row ${b.row}: ${b.reason}`)
        .join('\n');
      return (
        `${result.sourceKey}: artifact refused: ${result.reason}\n` +
        `  ${result.badRowCount} bad rows of ${result.rowCount}; the current version stays published` +
        (rows ? `\n${rows}` : '')
      );
    }
  }
}

type FanOutStart = { workflowId: string } | { workflowId: null; error: string };

/** Starts the published version's fan-out; a Temporal out of reach is reported, not fatal: the catch-up schedule starts it later. */
async function startFanOut(sourceKey: string, versionId: string): Promise<FanOutStart> {
  try {
    return { workflowId: await withTemporal((client) => startListVersionFanOut(client, config.taskQueue, { sourceKey, versionId })) };
  } catch (err) {
    return { workflowId: null, error: err instanceof Error ? err.message : String(err) };
  }
}

function describeFanOut(fanOut: FanOutStart): string {
  return 'error' in fanOut
    ? `fan-out to the monitored records NOT started (${fanOut.error}); the worker's monitoring-catch-up schedule starts it within 5 minutes`
    : `fan-out to the monitored records: workflow ${fanOut.workflowId} started`;
}

function describeFetch(report: OperatorFetch, dryRun: boolean): string {
  const found =
    report.found === 'not_modified'
      ? 'not modified (304): nothing downloaded'
      : `${report.bytes} bytes, Last-Modified ${report.lastModified ?? 'not sent'}, ${report.found === 'new' ? 'NEW (differs from the current version)' : 'the same as the current version'}`;
  const lines = [`${report.sourceKey}: ${report.recipe}`, `  found ${report.url}`, `  ${found}; byte cap ${report.byteCap}`];
  if (dryRun) lines.push('  dry run: nothing ingested or recorded');
  else if (report.ingest) lines.push(`  ${describe(report.ingest)}`);
  return lines.join('\n');
}

function describeLastFetch(state: FetchState | undefined): string {
  if (!state) return 'never fetched';
  const at = state.lastAttemptAt.toISOString();
  if (state.lastOutcome !== 'failed') return `last fetch ${at} ${state.lastOutcome}`;
  return (
    `last fetch ${at} FAILED at ${state.failedStep}${state.failedStatus ? ` (HTTP ${state.failedStatus})` : ''}, ` +
    `failing since ${state.failingSince?.toISOString()}: ${state.failureMessage}`
  );
}

/** The next run of each source's ingestion schedule; empty when Temporal is out of reach. */
async function nextRuns(keys: string[]): Promise<Map<string, Date | null>> {
  try {
    return await withTemporal(async (client) => {
      const next = new Map<string, Date | null>();
      for (const key of keys) {
        const described = await client.schedule
          .getHandle(listIngestionWorkflowId(key))
          .describe()
          .catch(() => null);
        next.set(key, described?.info.nextActionTimes[0] ?? null);
      }
      return next;
    });
  } catch {
    return new Map();
  }
}

/** screenctl lists ingest | fetch | status | coverage */
export function registerListsCommands(program: Command): void {
  const lists = program.command('lists').description('Exclusion and registry lists: ingest artifacts, show versions and coverage.');

  lists
    .command('ingest <source> <file>')
    .description(
      `Ingest an artifact as a new list version of SOURCE (${SOURCE_CATALOG.map((s) => s.key).join('|')}). ` +
        'Returns once the version is published, or says the artifact is unchanged or refused. ' +
        'For oig_leie, files named YYMMEXCL.csv / YYMMREIN.csv apply as supplements to the current version. ' +
        'A published version is then fanned out (list_update, monitored records screened again) by the workflow ' +
        "list-version/SOURCE/VERSION, started here; if Temporal is out of reach, the worker's monitoring-catch-up schedule starts it within 5 minutes.",
    )
    .option('--json', 'print the result as JSON, no progress bar')
    .option(
      '--force',
      'publish even if the artifact looks cut: the list shrinks below half of the current version, or removes more of it than the source allows',
    )
    .action((source: string, file: string, opts: { json?: boolean; force?: boolean }) =>
      withPool(createPool, async (pool) => {
        const bar = opts.json ? null : progressBar();
        let result: IngestResult;
        try {
          result = await ingestArtifact({
            pool,
            sourceKey: source,
            artifactPath: file,
            force: opts.force,
            onProgress: (p) => bar?.update(p),
            ownsConfiguration: false,
          });
        } finally {
          bar?.stop();
        }
        const fanOut = result.outcome === 'published' ? await startFanOut(result.sourceKey, result.versionId) : undefined;
        process.stdout.write(
          (opts.json
            ? JSON.stringify({ ...result, ...(fanOut ? { fanOut } : {}) })
            : describe(result) + (fanOut ? `\n${describeFanOut(fanOut)}` : '')) + '\n',
        );
        if (result.outcome === 'refused') process.exitCode = 2;
      }),
    );

  lists
    .command('fetch <source>')
    .description(
      "Run SOURCE's fetch recipe now (activities/lists/sources/recipes.ts): find the publisher's current file, download it " +
        'conditionally within its byte cap, and ingest it. Says what it found: URL, size, Last-Modified, and whether it is new. ' +
        'Runs whatever LIST_FETCH says; LIST_PUBLISHER_BASE_URL and SAM_API_KEY apply.',
    )
    .option('--dry-run', 'download and compare only: nothing is ingested or recorded')
    .option('--json', 'print the result as JSON')
    .action((source: string, opts: { dryRun?: boolean; json?: boolean }) =>
      withPool(createPool, async (pool) => {
        const report = await fetchNow({ pool, sourceKey: source, dryRun: Boolean(opts.dryRun) });
        const fanOut =
          report.ingest?.outcome === 'published' ? await startFanOut(report.ingest.sourceKey, report.ingest.versionId) : undefined;
        process.stdout.write(
          (opts.json
            ? JSON.stringify({ ...report, ...(fanOut ? { fanOut } : {}) })
            : describeFetch(report, Boolean(opts.dryRun)) + (fanOut ? `\n  ${describeFanOut(fanOut)}` : '')) + '\n',
        );
        if (report.ingest?.outcome === 'refused') process.exitCode = 2;
      }),
    );

  lists
    .command('status')
    .description('Current version of every list source, how it is fetched, its last fetch and outcome, and the next scheduled one.')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withPool(createPool, async (pool) => {
        await syncSourceCatalog(pool, process.env, { ownsConfiguration: false });
        const { rows } = await pool.query(
          `SELECT s.key, s.enabled, s.artifact_location IS NOT NULL AS scheduled, v.id AS version_id, v.seq, v.artifact_kind,
                  v.retrieved_at, v.published_at, v.entry_count, v.bad_row_count, v.diff_added, v.diff_removed, v.diff_changed,
                  v.artifact_checksum
             FROM list_sources s LEFT JOIN list_versions v ON v.id = s.current_version_id ORDER BY s.key`,
        );
        const fetches = await readFetchStates(pool);
        const next = await nextRuns(rows.map((r) => r.key as string));
        const withFetch = rows.map((r) => {
          const recipe = recipeFor(r.key);
          return {
            ...r,
            fetchedBy: fetchedBy(r.key),
            recipe: recipe?.kind ?? null,
            lastFetch: fetches.get(r.key) ?? null,
            nextFetchAt: next.get(r.key)?.toISOString() ?? null,
          };
        });
        if (opts.json) {
          process.stdout.write(JSON.stringify(withFetch) + '\n');
          return;
        }
        for (const r of withFetch) {
          const version = r.version_id
            ? `#${r.seq} ${r.version_id} ${r.artifact_kind} retrieved ${r.retrieved_at.toISOString()} ${r.entry_count} entries ` +
              `(+${r.diff_added ?? 0} -${r.diff_removed ?? 0} ~${r.diff_changed ?? 0})`
            : 'no published version';
          const how =
            r.fetchedBy === 'publisher'
              ? `fetched (${r.recipe ?? 'LIST_ARTIFACT'})`
              : `by hand${r.recipe === 'manual' ? ' (manual recipe)' : ''}`;
          const nextRun =
            r.fetchedBy === 'publisher' ? `; next ${r.nextFetchAt ?? 'unknown (no schedule seen, or Temporal out of reach)'}` : '';
          process.stdout.write(
            `${r.key.padEnd(16)} ${r.enabled ? '' : '[disabled] '}${version}\n${''.padEnd(17)}${how}; ${describeLastFetch(r.lastFetch ?? undefined)}${nextRun}\n`,
          );
        }
      }),
    );

  lists
    .command('coverage')
    .description('The coverage report GET /v1/lists serves, as JSON.')
    .action(() =>
      withPool(createPool, async (pool) => {
        process.stdout.write(JSON.stringify(await buildCoverageReport(pool), null, 2) + '\n');
      }),
    );
}
