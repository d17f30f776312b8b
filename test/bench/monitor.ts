/**
 * Monitoring benchmark: the time from a new LEIE version's listIngestion start until every
 * match_status_change is delivered to and verified by a loopback receiver, at growing record counts
 * (`--scales`) and change sizes (`--changes`: 2 in 5 added, 2 in 5 removed, 1 in 5 a new date of
 * birth). All real (matcher process, Temporal dev server, worker with infra/worker.ts's settings);
 * records are enrolled in bulk with the enrollment's own pieces, without their monitor/{recordId}
 * workflows, which are not on the re-screen path.
 * - `--lists full`: against the generated list set (`npm run gen:lists`), its LEIE the base version.
 * - `--matchers N` / `--enroll-matchers N` / `--enroll-lanes N`: matcher processes for the worker
 *   and for enrolling, and enrollment batches of 1,000 in flight. BENCH_TIMED_LOCK: the timed
 *   versions wait for that lock file (support/timedLock.ts).
 * - `--open-reviews N`, `--all-matches-reviewed`: open reviews, and reviews of every match (all but
 *   N resolved), before the timed versions. `--without-reviews`: REVIEWS_ON_RESCREEN=off, the
 *   baseline; `--alternate-reviews`: reviews on, off, off, on per scale on one enrollment.
 *   Enrolling opens the reviews of the new records' matches, as PUT /v1/monitor does
 *   (`--enroll-without-reviews`: none, as the bench did before; a comparison).
 * - `--save-enrolled NAME`: enrolls the one scale, keeps the database as `bench_monitor_NAME` and
 *   stops (no timed version); `--from-enrolled NAME`: starts from a copy of it (no list set
 *   published, nothing enrolled), with the same --scales, --seed and --lists as it was made with,
 *   so that the fan-out can be timed again without re-enrolling (support/savedEnrollment.ts).
 *
 *   npm run bench:monitor -- [--scales 10000,30000,100000] [--changes 500] [--listed 60000] [--seed 5]
 *                            [--lists full [--lists-skip nppes]] [--matchers 1] [--enroll-matchers 1] [--enroll-lanes 2] [--open-reviews 0]
 *                            [--all-matches-reviewed] [--without-reviews | --alternate-reviews] [--enroll-without-reviews]
 *                            [--save-enrolled NAME | --from-enrolled NAME]
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { startListVersionFanOut, versionsAwaitingFanOut } from '../../activities/monitoring/fanOuts';
import { createEndpoint, verifyWebhook } from '../../activities/webhooks';
import { createOrganization } from '../../gateway/orgs/organizations';
import { createMatcherClient, type MatcherClient } from '../../matcher/client';
import { reactToMatchChanges } from '../../activities/reviews';
import { inTransaction } from '../../infra/base/db/transaction';
import { withMatcherNodeOptions } from '../../matcher/nodeOptions';
import type { Entity } from '../../matcher/types';
import { freePort } from '../../infra/base/freePort';
import { createPersonFactory, createRng, type SyntheticPerson } from '../../infra/dev/synthetic/parties';
import { scratchDir } from '../fixtures/lists/builders';
import { numberArg, numberListArg } from './support/args';
import { enrollInBulk, type Enrollee } from './support/bulkEnroll';
import {
  dateOfBirth,
  isPersonRow,
  leieFile,
  personCells,
  personName,
  readLeieRows,
  withEarlierBirth,
  type LeieCells,
  type LeiePerson,
} from './support/leieRows';
import { leieFullFile, readListSet, type ListSet } from '../../infra/dev/lists/listSet';
import { ingestListSet, type SourceIngested } from '../../infra/dev/lists/ingestListSet';
import { holdTimedLock } from './support/timedLock';
import type { EnrolledWith } from './support/savedEnrollment';
import { startBenchStack } from './support/benchStack';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { runScript } from '../../infra/dev/runScript';
import { runIngestion } from '../integration/support/ingestion';

const SCALES = numberListArg('scales', [10_000, 30_000, 100_000], 5);
const CHANGES = numberListArg('changes', [500], 5);
const LISTED = numberArg('listed', 60_000);
const SEED = numberArg('seed', 5);
const LIST_SET = textArg('lists');
const LISTS_SKIPPED = textArg('lists-skip')?.split(',') ?? [];
const MATCHERS = numberArg('matchers', 1);
const ENROLL_MATCHERS = Math.max(MATCHERS, numberArg('enroll-matchers', MATCHERS));
const ENROLL_LANES = numberArg('enroll-lanes', ENROLL_MATCHERS + 1);
const OPEN_REVIEWS = numberArg('open-reviews', 0);
const WITHOUT_REVIEWS = process.argv.includes('--without-reviews');
const ALL_MATCHES_REVIEWED = process.argv.includes('--all-matches-reviewed');
const ALTERNATE_REVIEWS = process.argv.includes('--alternate-reviews');
const ENROLL_WITHOUT_REVIEWS = process.argv.includes('--enroll-without-reviews');
const SAVE_ENROLLED = textArg('save-enrolled');
const FROM_ENROLLED = textArg('from-enrolled');
/** Whether the reviews follow the re-screens for the `i`th timed version of a scale: on, off, off, on (paired, alternating), with --alternate-reviews. */
const reviewsOnFor = (i: number): boolean => (ALTERNATE_REVIEWS ? [true, false, false, true][i % 4] : !WITHOUT_REVIEWS);
const ORGS = 4;
const ROOT = path.resolve(__dirname, '..', '..');
/** Enrolled people on no list kept for the next versions to list (a few hundred a version). */
const FRESH_KEPT = 100_000;

function textArg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
}

const toListed = (p: SyntheticPerson): LeiePerson => ({
  last: p.lastName.toUpperCase(),
  first: p.firstName.toUpperCase(),
  middle: (p.middleName ?? '').toUpperCase(),
  dob: p.dateOfBirth.replace(/-/g, ''),
  npi: '0000000000',
});
const subjectOf = (row: LeieCells): Entity => {
  const dob = dateOfBirth(row);
  return { type: 'person', name: personName(row), ...(dob ? { dateOfBirth: dob } : {}) };
};
/** Indices of the rows that name a person, and of those with a date of birth (the ones a change can move it on). */
function personRows(rows: readonly LeieCells[]): { persons: number[]; born: number[] } {
  const persons: number[] = [];
  const born: number[] = [];
  rows.forEach((row, i) => {
    if (!isPersonRow(row)) return;
    persons.push(i);
    if (dateOfBirth(row)) born.push(i);
  });
  return { persons, born };
}

interface MatcherProcess {
  url: string;
  pid: number | undefined;
  stop(): void;
}

function spawnMatcher(databaseUrl: string, port: number): MatcherProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'matcher/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: withMatcherNodeOptions({ ...process.env, DATABASE_URL: databaseUrl, MATCHER_PORT: String(port), LOG_LEVEL: 'warn' }),
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => void child.kill('SIGTERM') };
}

/** Resident and peak resident memory of a process (and its children: the matcher runs under tsx), in MB. */
function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  const read = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
      return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
    } catch {
      return { rss: 0, peak: 0 };
    }
  };
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  let rss = 0;
  let peak = 0;
  for (const p of [pid, ...children(pid)]) {
    const m = read(p);
    rss += m.rss;
    peak += m.peak;
  }
  return { rss, peak };
}

async function main(): Promise<void> {
  const listSet = LIST_SET ? readListSet(path.join(ROOT, '.data'), LIST_SET) : null;
  console.log(
    `monitor bench: scales ${SCALES.join(', ')} records, ${
      listSet
        ? `the ${listSet.manifest.scale} list set${LISTS_SKIPPED.length ? ` but ${LISTS_SKIPPED.join(', ')}` : ''} (its LEIE the one changed)`
        : `LEIE of ${LISTED} entries`
    }, ${CHANGES.join(', ')} changed entries per version, ${MATCHERS} matcher(s), cores=${os.cpus().length}`,
  );
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  if ((SAVE_ENROLLED || FROM_ENROLLED) && SCALES.length !== 1) throw new Error('--save-enrolled and --from-enrolled take one scale');
  const enrolledWith: EnrolledWith = {
    records: SCALES[0],
    seed: SEED,
    lists: LIST_SET ?? null,
    listsSkipped: LISTS_SKIPPED,
    listed: LIST_SET ? 0 : LISTED,
  };
  const artifact = path.join(scratchDir(), 'leie-bench.csv');
  const bench = await startBenchStack({ fromEnrolled: FROM_ENROLLED });
  if (bench.enrolledWith && JSON.stringify(bench.enrolledWith) !== JSON.stringify(enrolledWith)) {
    await bench.close();
    throw new Error(
      `--from-enrolled ${FROM_ENROLLED} was enrolled with ${JSON.stringify(bench.enrolledWith)}, not ${JSON.stringify(enrolledWith)}`,
    );
  }
  let saveAs: { name: string; enrolledWith: EnrolledWith } | undefined;
  if (listSet && !FROM_ENROLLED) {
    const started = Date.now();
    await ingestListSet(bench.pool, listSet, { skip: ['oig_leie', ...LISTS_SKIPPED], force: false, onDone: publishedOnly(listSet) });
    console.log(`  list set published in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  // The worker's matchers (MATCHER_URL naming them all): they reload every version and share its re-screens.
  const matcherProcesses: MatcherProcess[] = [];
  for (let i = 0; i < MATCHERS; i++) matcherProcesses.push(spawnMatcher(bench.stack.databaseUrl, await freePort()));
  const matcherUrl = matcherProcesses.map((m) => m.url).join(',');
  const matcher = createMatcherClient(matcherUrl);
  const replicaClients = matcherProcesses.map((m) => createMatcherClient(m.url));
  // The receiver: one path per organization, each verified with that endpoint's secret.
  const secrets: string[] = [];
  let delivered = 0;
  let refused = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const org = Number((req.url ?? '').split('/').pop());
      const check = verifyWebhook({ headers: req.headers, rawBody: Buffer.concat(chunks), secret: secrets[org] ?? '' });
      if (check.ok && check.eventType === 'match_status_change') delivered++;
      if (!check.ok) refused++;
      res.statusCode = check.ok ? 204 : 401;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.address() as AddressInfo).port;
  try {
    const taskQueue = `bench-monitor-${randomBytes(3).toString('hex')}`;
    const startWorker = (reviewsOn: boolean) =>
      bench.startWorker({
        taskQueue,
        matcherUrl,
        env: { ...process.env, LIST_ARTIFACT_OIG_LEIE: artifact, REVIEWS_ON_RESCREEN: reviewsOn ? 'on' : 'off' },
      });
    let reviewsOn = reviewsOnFor(0);
    let worker = await startWorker(reviewsOn);
    /** The worker, restarted if the reviews are to be switched for the next version. */
    const reviewsFor = async (on: boolean): Promise<void> => {
      if (on === reviewsOn) return;
      await worker.stop();
      worker = await startWorker(on);
      reviewsOn = on;
    };
    // The list set's versions fanned out as `screenctl lists ingest` has them (no record yet: nothing to screen),
    // so that the key groups of the LEIE versions timed below are measured against records standing on them.
    for (const v of await versionsAwaitingFanOut(bench.pool)) {
      await bench.client.workflow.getHandle(await startListVersionFanOut(bench.client, taskQueue, v)).result();
    }
    const orgIds = FROM_ENROLLED ? await enrolledOrganizations(bench.pool) : [];
    for (let i = 0; i < ORGS; i++) {
      if (!FROM_ENROLLED) orgIds.push((await createOrganization(bench.pool, { name: `Bench monitoring ${i}`, plan: 'enterprise' })).id);
      secrets.push(
        (await createEndpoint(bench.pool, orgIds[i], `http://127.0.0.1:${receiverPort}/hooks/${i}`, ['match_status_change']))!.secret,
      );
    }

    const people = createPersonFactory(createRng(SEED));
    const rng = createRng(SEED + 1);
    let listed: LeieCells[] = listSet
      ? readLeieRows(leieFullFile(listSet))
      : Array.from({ length: LISTED }, () => personCells(toListed(people.next())));
    let rowsOf = personRows(listed);
    const publish = async () => {
      writeFileSync(artifact, leieFile(listed));
      // The ingestion workflow, then the version's fan-out workflow it started.
      return runIngestion(bench.client, taskQueue, 'oig_leie');
    };
    // A saved enrollment holds the base LEIE published already: `listed` is its content, as it was made from the same file.
    let leieVersionId = FROM_ENROLLED ? await currentVersion(bench.pool) : (await publish()).versionId!;
    for (const m of matcherProcesses) await waitForVersion(m.url, leieVersionId);
    console.log(`  base LEIE published: ${listed.length} entries, ${rowsOf.persons.length} of them persons`);

    let enrolled = 0;
    const fresh: LeiePerson[] = []; // enrolled subjects on no list: the next version lists near-variants of some
    async function timeVersion(changeSize: number): Promise<void> {
      const expectedBefore = delivered;
      const historyBefore = await lastHistoryId(bench.pool);
      const previous = await currentVersion(bench.pool);
      const cpuBefore = readCpuTimes();
      const ownCpuBefore = process.cpuUsage();
      const t0 = Date.now();
      const published = publish();
      await waitForCurrentVersionChange(bench.pool, previous);
      const tPublished = Date.now();
      const result = await published;
      leieVersionId = result.versionId!;
      const tFanOut = result.fanOutDoneAt;
      const changes = result.monitoring?.statusChanges ?? 0;
      while (delivered - expectedBefore < changes) await new Promise((r) => setTimeout(r, 20));
      const tDelivered = Date.now();
      const cpu = describeCpuTimes(cpuBefore, readCpuTimes());
      const ownCpu = process.cpuUsage(ownCpuBefore);
      console.log(
        `  ${String(enrolled).padStart(7)} | ${(reviewsOn ? 'on' : 'off').padStart(7)} | ${String(changeSize).padStart(15)} | ${String(result.monitoring?.recordsReached).padStart(15)} | ${String(result.monitoring?.recordsRescreened).padStart(11)} | ${String(changes).padStart(14)} | ` +
          `${((tPublished - t0) / 1000).toFixed(1).padStart(18)} | ${((tFanOut - tPublished) / 1000).toFixed(1).padStart(9)} | ${((tDelivered - tFanOut) / 1000).toFixed(1).padStart(12)} | ` +
          `${((tDelivered - t0) / 1000).toFixed(1).padStart(7)} | ${cpu ?? 'n/a'}`,
      );
      const t = result.monitoring?.timings;
      if (t) {
        console.log(
          `          fan-out: reach by key ${(t.reachMs / 1000).toFixed(1)} s, pre-check ${(t.checkMs / 1000).toFixed(1)} s (reading overlaps it), ` +
            `reading ${(t.readMs / 1000).toFixed(1)} s more, taking headroom ${(t.narrowMs / 1000).toFixed(1)} s, ` +
            `waiting for the matcher to serve the version ${(t.matcherWaitMs / 1000).toFixed(1)} s more, crossing key groups ${(t.crossingMs / 1000).toFixed(1)} s, ` +
            `screen + store ${(t.screenMs / 1000).toFixed(1)} s more`,
        );
      }
      // The worker runs in this process: its CPU time, the re-screens' own work on the worker, is less at the mercy of the machine's load than the wall clock.
      console.log(
        `          reviews: ${await historySince(bench.pool, historyBefore)}; CPU of the bench process with the worker ${((ownCpu.user + ownCpu.system) / 1e6).toFixed(1)} s`,
      );
      const groups = result.monitoring?.keyGroups;
      const because = result.monitoring?.rescreenedBecause;
      if (groups)
        console.log(
          `          key groups crossed: ${groups.crossed} (${groups.exact ? 'sizes before the change exact' : 'every group the change touches: other versions moved the sizes too'})`,
        );
      if (because)
        console.log(
          `          re-screened because: ${
            Object.entries(because)
              .filter(([, n]) => n > 0)
              .map(([why, n]) => `${why} ${n}`)
              .join(', ') || 'nothing'
          }`,
        );
    }

    /** Enrolls the batches `next` hands out (on the worker's matchers and extra ones), then vacuums as autovacuum would. */
    async function enroll(next: () => Enrollee[] | null): Promise<void> {
      // Matchers beside the worker's for the enrollment alone: they would reload every version the timed runs publish.
      const extra = await Promise.all(
        Array.from({ length: Math.max(0, ENROLL_MATCHERS - MATCHERS) }, async () =>
          spawnMatcher(bench.stack.databaseUrl, await freePort()),
        ),
      );
      const extraClients = extra.map((m) => createMatcherClient(m.url));
      try {
        await Promise.all(extra.map((m) => waitForVersion(m.url, leieVersionId)));
        const enrollment = await enrollInBulk({
          pool: bench.pool,
          matchers: [...replicaClients, ...extraClients],
          lanes: ENROLL_LANES,
          next,
          withoutReviews: ENROLL_WITHOUT_REVIEWS,
          deferIndexes: true,
          onProgress: (p) =>
            process.stderr.write(
              `  (enrolling: ${p.enrolled} records in ${(p.wallMs / 1000).toFixed(0)} s, ${((p.enrolled / p.wallMs) * 1000).toFixed(0)} a second)\n`,
            ),
        });
        // What autovacuum does over a steady enrollment, done here for a bulk one: else the first
        // fan-out after it merges the key index's pending list and analyzes the table, a one-off
        // cost of the enrollment that would be charged to one version.
        const vacuumStarted = Date.now();
        await bench.pool.query('VACUUM (ANALYZE) monitored_records');
        process.stderr.write(
          `  (enrolled ${enrolled} records in ${(enrollment.wallMs / 1000).toFixed(0)} s on ${MATCHERS + extra.length} matcher(s), ${ENROLL_LANES} lanes: ` +
            `screening ${(enrollment.screenMs / 1000).toFixed(0)} s, computing rows ${(enrollment.rowsMs / 1000).toFixed(0)} s, inserting ${(enrollment.writeMs / 1000).toFixed(0)} s summed over lanes; ` +
            `vacuumed in ${((Date.now() - vacuumStarted) / 1000).toFixed(1)} s)\n`,
        );
      } finally {
        for (const c of extraClients) c.close();
        for (const m of extra) m.stop();
      }
    }

    console.log(
      '  records | reviews | changed entries | reached by keys | re-screened | status changes | ingest + publish s | fan-out s | deliveries s | total s | CPU',
    );
    for (const scale of SCALES) {
      // Enroll up to `scale`: one in ten a listed person (a potential match), the rest people on no list.
      const nextBatch = (): Enrollee[] | null => {
        if (enrolled >= scale) return null;
        const batch: Enrollee[] = [];
        for (let i = 0; i < Math.min(1000, scale - enrolled); i++) {
          const n = enrolled + i;
          let subject: LeieCells;
          if (n % 10 === 0) subject = listed[rowsOf.persons[rng.int(rowsOf.persons.length)]];
          else {
            const person = toListed(people.next());
            if (fresh.length < FRESH_KEPT) fresh.push(person);
            subject = personCells(person);
          }
          batch.push({ entity: subjectOf(subject), orgId: orgIds[n % ORGS] });
        }
        enrolled += batch.length;
        return batch;
      };
      if (FROM_ENROLLED) {
        // The same subjects drawn again (the generators' state, the people kept for the next versions), none enrolled.
        while (nextBatch());
        const stored = Number((await bench.pool.query('SELECT count(*) AS n FROM monitored_records')).rows[0].n);
        process.stderr.write(`  (${stored} records enrolled in the saved database ${FROM_ENROLLED})\n`);
      } else {
        await enroll(nextBatch);
      }
      if (SAVE_ENROLLED) {
        saveAs = { name: SAVE_ENROLLED, enrolledWith };
        process.stderr.write(`  (no version timed: the enrolled database is kept as ${SAVE_ENROLLED})\n`);
        break;
      }

      if (ALL_MATCHES_REVIEWED) {
        const reviewed = await openReviews(bench.pool, matcher, Number.MAX_SAFE_INTEGER);
        const resolved = await resolveAllBut(bench.pool, OPEN_REVIEWS);
        process.stderr.write(`  (${reviewed} reviews, ${reviewed - resolved} of them open, before the timed versions)\n`);
      } else if (OPEN_REVIEWS > 0) {
        const open = await openReviews(bench.pool, matcher, OPEN_REVIEWS);
        process.stderr.write(`  (${open} reviews open before the timed versions)\n`);
      }
      const release = await holdTimedLock();
      for (const [i, changeSize] of CHANGES.entries()) {
        await reviewsFor(reviewsOnFor(i));
        // The next version: 2 in 5 added (enrolled people, so their records turn potential_match), 2 in 5 removed, the rest changed.
        const addedCount = Math.round(changeSize * 0.4);
        const removedCount = Math.round(changeSize * 0.4);
        const removed = new Set<number>();
        while (removed.size < removedCount) removed.add(rowsOf.persons[rng.int(rowsOf.persons.length)]);
        const changed = new Set<number>();
        while (changed.size < changeSize - addedCount - removedCount) {
          const i = rowsOf.born[rng.int(rowsOf.born.length)];
          if (!removed.has(i)) changed.add(i);
        }
        const added = fresh.splice(0, addedCount);
        listed = [
          ...listed.map((row, i) => (changed.has(i) ? withEarlierBirth(row) : row)).filter((_, i) => !removed.has(i)),
          ...added.map(personCells),
        ];
        rowsOf = personRows(listed);
        await timeVersion(changeSize).catch((err: unknown) => {
          release();
          throw err;
        });
      }
      release();
    }
    if (refused > 0) console.log(`  WARNING: ${refused} deliveries failed signature verification`);
    const mb = (m: { rss: number; peak: number } | null) => (m ? `${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB)` : 'n/a');
    const { rows: sizes } = await bench.pool.query<{ rows: string; heap: string; toast: string; indexes: string; total: string }>(
      `SELECT (SELECT count(*) FROM monitored_records)::text AS rows,
              pg_size_pretty(pg_relation_size('monitored_records')) AS heap,
              pg_size_pretty(pg_table_size('monitored_records') - pg_relation_size('monitored_records')) AS toast,
              pg_size_pretty(pg_indexes_size('monitored_records')) AS indexes,
              pg_size_pretty(pg_total_relation_size('monitored_records')) AS total`,
    );
    const matcherMemory = matcherProcesses.map((m) => mb(memoryOf(m.pid))).join(', ');
    console.log(`  memory: matcher(s) ${matcherMemory}, bench process with the worker ${mb(memoryOf(process.pid))}`);
    const { rows: reviews } = await bench.pool.query<{ kind: string; n: string }>(
      `SELECT 'open' AS kind, count(*)::text AS n FROM reviews WHERE state = 'open'
       UNION ALL SELECT kind, count(*)::text FROM review_history GROUP BY kind ORDER BY kind`,
    );
    console.log(`  reviews: ${reviews.map((r) => `${r.kind} ${r.n}`).join(', ')}`);
    console.log(
      `  monitored_records: ${sizes[0].rows} rows, ${sizes[0].total} (table ${sizes[0].heap}, TOAST ${sizes[0].toast}, indexes ${sizes[0].indexes})`,
    );
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    matcher.close();
    for (const c of replicaClients) c.close();
    for (const m of matcherProcesses) m.stop();
    await bench.close({ saveAs });
  }
}

/** The bench's organizations in a saved enrollment, in the order they were made (their endpoints are made anew: the receiver's port is this run's). */
async function enrolledOrganizations(pool: import('pg').Pool): Promise<string[]> {
  await pool.query('UPDATE webhook_endpoints SET deleted_at = now() WHERE deleted_at IS NULL');
  const { rows } = await pool.query<{ id: string }>("SELECT id FROM organizations WHERE name LIKE 'Bench monitoring %' ORDER BY name");
  if (rows.length !== ORGS) throw new Error(`the saved enrollment holds ${rows.length} bench organizations, not ${ORGS}`);
  return rows.map((r) => r.id);
}

/** Prints each list of the set published (the bench's LEIE is left out) and stops at one that is not. */
function publishedOnly(set: ListSet): (ingested: SourceIngested) => void {
  return (ingested) => {
    if (ingested.outcome !== 'published')
      throw new Error(`${ingested.file}: ${ingested.outcome}${ingested.reason === undefined ? '' : ` (${ingested.reason})`}`);
    const rows = set.manifest.files.find((file) => file.path === ingested.file)?.rows;
    process.stderr.write(
      `  (published ${ingested.source}: ${ingested.entries} entries from ${rows} rows in ${ingested.seconds.toFixed(1)} s)\n`,
    );
  };
}

/**
 * Opens reviews until `count` are open: potential-match records without a review are screened
 * again (the matcher names each match's entry) and handed to the reviews' reaction, as an
 * enrollment hands them. Returns the number open.
 */
async function openReviews(pool: import('pg').Pool, matcher: MatcherClient, count: number): Promise<number> {
  const openCount = async () => Number((await pool.query("SELECT count(*) AS n FROM reviews WHERE state = 'open'")).rows[0].n);
  let after = '00000000-0000-0000-0000-000000000000';
  for (let open = await openCount(); open < count; open = await openCount()) {
    const { rows } = await pool.query<{ id: string; org_id: string; entity: Entity }>(
      `SELECT id, org_id, entity FROM monitored_records m
        WHERE status = 'potential_match' AND removed_at IS NULL AND id > $2 AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.record_id = m.id)
        ORDER BY id LIMIT $1`,
      [Math.min(250, count - open), after],
    );
    if (rows.length === 0) return open;
    after = rows[rows.length - 1].id;
    const screened = await matcher.matchManyWithHeadroom(
      rows.map((r) => r.entity),
      { requestId: 'bench-open-reviews' },
    );
    await inTransaction(pool, (client) =>
      reactToMatchChanges(
        client,
        rows.map((r, i) => ({
          kind: 'appeared' as const,
          orgId: r.org_id,
          recordId: r.id,
          entity: r.entity,
          matches: screened.results[i].matches,
          entryKeys: screened.entryKeys?.[i] ?? null,
        })),
      ),
    );
  }
  return openCount();
}

/** Resolves every open review but `keepOpen` of them not_a_match, as reviewers would have; how many it resolved. */
async function resolveAllBut(pool: import('pg').Pool, keepOpen: number): Promise<number> {
  const { rowCount } = await pool.query(
    `WITH chosen AS (
       SELECT id, org_id, entry_hash, subject_hash, list_version_id FROM reviews WHERE state = 'open' ORDER BY id OFFSET $1
     ), decided AS (
       INSERT INTO review_decisions (review_id, org_id, decision, reason_code, note, identifiers, reviewer, api_key_id,
                                     entry_hash, subject_hash, list_version_id, requires_approval)
       SELECT id, org_id, 'not_a_match', 'bench', 'Resolved by the monitoring bench.', '[]'::jsonb, 'Bench Reviewer', gen_random_uuid(),
              entry_hash, subject_hash, list_version_id, false
         FROM chosen
       RETURNING id, review_id
     ), history AS (
       INSERT INTO review_history (review_id, kind, detail)
       SELECT review_id, 'decided', jsonb_build_object('decisionId', id, 'requiresApproval', false) FROM decided
     )
     UPDATE reviews r SET state = 'resolved', decision_id = d.id, updated_at = now() FROM decided d WHERE r.id = d.review_id`,
    [keepOpen],
  );
  return rowCount ?? 0;
}

async function lastHistoryId(pool: import('pg').Pool): Promise<string> {
  return (await pool.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM review_history')).rows[0].id;
}

/** What happened to the reviews since history row `after`, by kind. */
async function historySince(pool: import('pg').Pool, after: string): Promise<string> {
  const { rows } = await pool.query<{ kind: string; n: string }>(
    'SELECT kind, count(*)::text AS n FROM review_history WHERE id > $1 GROUP BY kind ORDER BY kind',
    [after],
  );
  return rows.map((r) => `${r.kind} ${r.n}`).join(', ') || 'nothing';
}

async function currentVersion(pool: import('pg').Pool): Promise<string> {
  const { rows } = await pool.query("SELECT current_version_id FROM list_sources WHERE key = 'oig_leie'");
  return rows[0]?.current_version_id ?? '';
}

async function waitForCurrentVersionChange(pool: import('pg').Pool, previous: string): Promise<string> {
  for (;;) {
    const now = await currentVersion(pool);
    if (now && now !== previous) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitForVersion(matcherUrl: string, versionId: string): Promise<void> {
  for (;;) {
    try {
      const ready = (await (await fetch(`${matcherUrl}/readyz`)).json()) as { versions?: Array<{ listVersionId: string }> };
      if (ready.versions?.some((v) => v.listVersionId === versionId)) return;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

runScript(main);
