/**
 * Monitoring benchmark: monitored records against a new LEIE version with 500 changed entries
 * (200 added, 200 removed, 100 changed) by default, timed from the start of the listIngestion workflow
 * until every resulting match_status_change has been delivered to, and verified by, a loopback
 * receiver. Records are enrolled in growing steps (10k, 30k, 100k by default) and a new version
 * is published at each step, so the figures show how the time scales with the number of
 * records; `--changes 5,50,500` publishes one version per change size at each step, so they
 * also show how it scales with the size of the change (2 in 5 added, 2 in 5 removed, 1 in 5
 * with a new date of birth). Everything real: a matcher process on the database (reloading on publication), the
 * workflows on a Temporal dev server, a worker with infra/worker.ts's settings.
 *
 * Records are enrolled in bulk, with the enrollment's own pieces (a matchMany screening, the
 * blocking keys, the monitored_records row), not one PUT /v1/monitor each; their
 * monitor/{recordId} workflows (which meter record-months) are not started, as they are not on
 * the re-screen path.
 *
 *   npm run bench:monitor -- [--scales 10000,30000,100000] [--changes 500] [--listed 60000] [--seed 5]
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createEndpoint, verifyWebhook } from '../../activities/webhooks';
import { requestHash } from '../../gateway/billing/screenOnce';
import { createOrganization } from '../../gateway/orgs/organizations';
import { BLOCKING_KEYS_VERSION, subjectBlockingKeys } from '../../matcher/blockingKeys';
import { createMatcherClient } from '../../matcher/client';
import { withMatcherNodeOptions } from '../../matcher/nodeOptions';
import type { Entity } from '../../matcher/types';
import { freePort } from '../../infra/base/freePort';
import { LEIE_HEADER } from '../../infra/dev/synthetic/leie';
import { createPersonFactory, createRng, type SyntheticPerson } from '../../infra/dev/synthetic/parties';
import { scratchDir } from '../fixtures/lists/builders';
import { numberArg, numberListArg } from './support/args';
import { startBenchStack } from './support/benchStack';
import { describeCpuTimes, readCpuTimes } from './support/cpuTimes';
import { runScript } from '../../infra/dev/runScript';
import { runIngestion } from '../integration/support/ingestion';

const SCALES = numberListArg('scales', [10_000, 30_000, 100_000], 5);
const CHANGES = numberListArg('changes', [500], 5);
const LISTED = numberArg('listed', 60_000);
const SEED = numberArg('seed', 5);
const ORGS = 4;
const ROOT = path.resolve(__dirname, '..', '..');

interface Listed {
  last: string;
  first: string;
  middle: string;
  dob: string;
  npi: string;
}

const q = (v: string) => `"${v}"`;
function leieLine(p: Listed): string {
  return [
    p.last,
    p.first,
    p.middle,
    '',
    'IND- LIC HC SERV PRO',
    'NURSE/NURSES AIDE',
    '',
    p.npi,
    p.dob,
    '1 MAIN ST',
    'SPRINGFIELD',
    'IL',
    '62701',
    '1128b4',
    '20230101',
    '00000000',
    '00000000',
    '',
  ]
    .map(q)
    .join(',');
}
const toListed = (p: SyntheticPerson): Listed => ({
  last: p.lastName.toUpperCase(),
  first: p.firstName.toUpperCase(),
  middle: (p.middleName ?? '').toUpperCase(),
  dob: p.dateOfBirth.replace(/-/g, ''),
  npi: '0000000000',
});
const subjectOf = (p: Listed): Entity => ({
  type: 'person',
  name: `${p.first} ${p.last}`,
  dateOfBirth: `${p.dob.slice(0, 4)}-${p.dob.slice(4, 6)}-${p.dob.slice(6)}`,
});

async function main(): Promise<void> {
  console.log(
    `monitor bench: scales ${SCALES.join(', ')} records, LEIE of ${LISTED} entries, ${CHANGES.join(', ')} changed entries per version, cores=${os.cpus().length}`,
  );
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true';
  const artifact = path.join(scratchDir(), 'leie-bench.csv');
  const bench = await startBenchStack();
  const matcherPort = await freePort();
  const matcherProcess = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'matcher/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: withMatcherNodeOptions({
      ...process.env,
      DATABASE_URL: bench.stack.databaseUrl,
      MATCHER_PORT: String(matcherPort),
      LOG_LEVEL: 'warn',
    }),
  });
  const matcherUrl = `http://127.0.0.1:${matcherPort}`;
  const matcher = createMatcherClient(matcherUrl);
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
    await bench.startWorker({ taskQueue, matcherUrl, env: { ...process.env, LIST_ARTIFACT_OIG_LEIE: artifact } });
    const orgIds: string[] = [];
    for (let i = 0; i < ORGS; i++) {
      const org = await createOrganization(bench.pool, { name: `Bench monitoring ${i}`, plan: 'enterprise' });
      orgIds.push(org.id);
      secrets.push(
        (await createEndpoint(bench.pool, org.id, `http://127.0.0.1:${receiverPort}/hooks/${i}`, ['match_status_change']))!.secret,
      );
    }

    const people = createPersonFactory(createRng(SEED));
    const rng = createRng(SEED + 1);
    let listed: Listed[] = Array.from({ length: LISTED }, () => toListed(people.next()));
    const publish = async () => {
      writeFileSync(artifact, [LEIE_HEADER.join(','), ...listed.map(leieLine)].join('\r\n') + '\r\n');
      // The ingestion workflow, then the version's fan-out workflow it started.
      return runIngestion(bench.client, taskQueue, 'oig_leie');
    };
    const first = await publish();
    await waitForVersion(matcherUrl, first.versionId);
    console.log(`  base LEIE published: ${LISTED} entries`);

    let enrolled = 0;
    const fresh: Listed[] = []; // enrolled subjects on no list: the next version lists near-variants of some
    async function timeVersion(changeSize: number): Promise<void> {
      const expectedBefore = delivered;
      const previous = await currentVersion(bench.pool);
      const cpuBefore = readCpuTimes();
      const t0 = Date.now();
      const published = publish();
      await waitForCurrentVersionChange(bench.pool, previous);
      const tPublished = Date.now();
      const result = await published;
      const tFanOut = result.fanOutDoneAt;
      const changes = result.monitoring?.statusChanges ?? 0;
      while (delivered - expectedBefore < changes) await new Promise((r) => setTimeout(r, 20));
      const tDelivered = Date.now();
      const cpu = describeCpuTimes(cpuBefore, readCpuTimes());
      console.log(
        `  ${String(enrolled).padStart(7)} | ${String(changeSize).padStart(15)} | ${String(result.monitoring?.recordsReached).padStart(15)} | ${String(result.monitoring?.recordsRescreened).padStart(11)} | ${String(changes).padStart(14)} | ` +
          `${((tPublished - t0) / 1000).toFixed(1).padStart(18)} | ${((tFanOut - tPublished) / 1000).toFixed(1).padStart(9)} | ${((tDelivered - tFanOut) / 1000).toFixed(1).padStart(12)} | ` +
          `${((tDelivered - t0) / 1000).toFixed(1).padStart(7)} | ${cpu ?? 'n/a'}`,
      );
      const t = result.monitoring?.timings;
      if (t) {
        console.log(
          `          fan-out: reach by key ${(t.reachMs / 1000).toFixed(1)} s, pre-check ${(t.checkMs / 1000).toFixed(1)} s (reading overlaps it), ` +
            `waiting for the matcher to serve the version ${(t.matcherWaitMs / 1000).toFixed(1)} s more, screen + store ${(t.screenMs / 1000).toFixed(1)} s more`,
        );
      }
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

    console.log(
      '  records | changed entries | reached by keys | re-screened | status changes | ingest + publish s | fan-out s | deliveries s | total s | CPU',
    );
    for (const scale of SCALES) {
      // Enroll up to `scale`: one in ten a listed person (a potential match), the rest people on no list.
      const started = Date.now();
      while (enrolled < scale) {
        const batch: Array<{ entity: Entity; orgId: string }> = [];
        for (let i = 0; i < Math.min(1000, scale - enrolled); i++) {
          const n = enrolled + i;
          let subject: Listed;
          if (n % 10 === 0) subject = listed[rng.int(listed.length)];
          else {
            subject = toListed(people.next());
            fresh.push(subject);
          }
          batch.push({ entity: subjectOf(subject), orgId: orgIds[n % ORGS] });
        }
        await enrollBulk(bench.pool, matcher, batch);
        enrolled += batch.length;
      }
      // What autovacuum does over a steady enrollment, done here for a bulk one: else the first
      // fan-out after it merges the key index's pending list and analyzes the table, a one-off
      // cost of the enrollment that would be charged to one version.
      const vacuumStarted = Date.now();
      await bench.pool.query('VACUUM (ANALYZE) monitored_records');
      process.stderr.write(
        `  (enrolled ${enrolled} records in ${((vacuumStarted - started) / 1000).toFixed(0)} s, vacuumed in ${((Date.now() - vacuumStarted) / 1000).toFixed(1)} s)\n`,
      );

      for (const changeSize of CHANGES) {
        // The next version: 2 in 5 added (enrolled people, so their records turn potential_match), 2 in 5 removed, the rest changed.
        const addedCount = Math.round(changeSize * 0.4);
        const removedCount = Math.round(changeSize * 0.4);
        const removed = new Set<number>();
        while (removed.size < removedCount) removed.add(rng.int(listed.length));
        const changed = new Set<number>();
        while (changed.size < changeSize - addedCount - removedCount) {
          const i = rng.int(listed.length);
          if (!removed.has(i)) changed.add(i);
        }
        const added = fresh.splice(0, addedCount);
        listed = [
          ...listed
            .map((p, i) => (changed.has(i) ? { ...p, dob: `${Number(p.dob.slice(0, 4)) - 1}${p.dob.slice(4)}` } : p))
            .filter((_, i) => !removed.has(i)),
          ...added,
        ];
        await timeVersion(changeSize);
      }
    }
    if (refused > 0) console.log(`  WARNING: ${refused} deliveries failed signature verification`);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    matcher.close();
    matcherProcess.kill('SIGTERM');
    await bench.close();
  }
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

/** The enrollment's pieces, in bulk: screen, blocking keys, the monitored_records rows. */
async function enrollBulk(
  pool: import('pg').Pool,
  matcher: ReturnType<typeof createMatcherClient>,
  batch: Array<{ entity: Entity; orgId: string }>,
): Promise<void> {
  const results: import('../../matcher/types').ScreeningResult[] = [];
  const headroom: number[] = [];
  let rulesVersion: number | null = null;
  for (let i = 0; i < batch.length; i += 250) {
    const screened = await matcher.matchManyWithHeadroom(
      batch.slice(i, i + 250).map((b) => b.entity),
      { requestId: 'bench-enroll', timeoutMs: 120_000 },
    );
    results.push(...screened.results);
    headroom.push(...screened.headroom);
    rulesVersion = screened.rulesVersion;
  }
  const rows = batch.map((b, i) => ({
    org: b.orgId,
    entity: b.entity,
    hash: requestHash(b.entity),
    status: results[i].status,
    result: results[i],
    headroom: headroom[i],
    keys: subjectBlockingKeys(b.entity),
  }));
  await pool.query(
    `INSERT INTO monitored_records (org_id, entity, entity_hash, kind, has_npi, status, result, blocking_keys, checked_at, recall_capped, candidate_headroom, blocking_keys_version, rules_version)
     SELECT (e->>'org')::uuid, e->'entity', e->>'hash', 'person', false, e->>'status', e->'result',
            ARRAY(SELECT jsonb_array_elements_text(e->'keys')::int), (e->'result'->>'checkedAt')::timestamptz,
            coalesce((e->'result'->>'recallCapped')::boolean, false), (e->>'headroom')::int, $2, $3
       FROM jsonb_array_elements($1::jsonb) e
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows), BLOCKING_KEYS_VERSION, rulesVersion],
  );
}

runScript(main);
