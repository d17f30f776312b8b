import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { Pool } from 'pg';
import { writeFileSync } from 'node:fs';
import { createPool } from '../../infra/base/db/pool';
import { createEndpoint } from '../../activities/webhooks';
import { createOrganization } from '../../gateway/orgs/organizations';
import { createMatcherClient } from '../../matcher/client';
import type { ListIngestionResult } from '../../workflows/contracts';
import { listIngestion } from '../../workflows/listIngestion';
import type { listVersionFanOut } from '../../workflows/listVersionFanOut';
import { createRng, type Rng } from '../../infra/dev/synthetic/parties';
import { enrollInBulk } from '../bench/support/bulkEnroll';
import { scratchDir } from '../fixtures/lists/builders';
import { LEIE_HEADER, leieRow } from '../integration/lists/support';
import { matcherOnNewVersion } from '../integration/support/ingestion';
import { RESCREEN_CHUNK } from '../../activities/monitoring/screeningPipeline';
import type { LeiePerson } from '../integration/support/lists';
import { startWebhookReceiver, type WebhookReceiver } from '../integration/support/webhookReceiver';
import { restartPostgres, until } from './support/faults';
import { startMatcherHop, type MatcherHop } from './support/matcherHop';
import { startMatcherProcess, startWorkerProcess, type ServiceProcess } from './support/services';

/**
 * A monitoring fan-out with a fault in its middle: one screening committed, the next held on its
 * way to the matcher. Each new LEIE version moves every BASE entry (a listed, monitored person)
 * to another city and lists NEWCOMERS monitored people: the fan-out screens more records than
 * one matcher call holds, and NEWCOMERS of them change status. The faults: PostgreSQL restarted;
 * the matcher holding the screening killed beside a second replica (MATCHER_URL names both); the
 * only matcher killed and started again. Every record ends on its status; each status change is
 * delivered once, none is lost, none is sent for a record whose status stayed; the version's
 * list_update is delivered once; nothing is metered.
 */
const BASE = RESCREEN_CHUNK;
const NEWCOMERS = 30;
let version = 0;
let pool: Pool;
let receiver: WebhookReceiver;
let connection: Connection;
let client: Client;
const matchers: ServiceProcess[] = [];
const hops: MatcherHop[] = [];
let twoReplicaWorker: ServiceProcess;
let oneReplicaWorker: ServiceProcess;
const queues = { two: `faults-fanout-two-${randomBytes(3).toString('hex')}`, one: `faults-fanout-one-${randomBytes(3).toString('hex')}` };
const artifact = `${scratchDir()}/faults-leie-${randomBytes(3).toString('hex')}.csv`;
let base: LeiePerson[] = [];
const newcomersListed: LeiePerson[] = [];
let baseIds: string[] = [];
const rng = createRng(36);
let orgId: string;

/** Made-up people whose names no other one of them resembles: a status change is theirs alone. */
function newPeople(count: number, rand: Rng): LeiePerson[] {
  const syllable = () => 'BCDFGKLMNPRSTVZ'[rand.int(15)] + 'AEIOU'[rand.int(5)];
  return Array.from({ length: count }, () => ({
    last: Array.from({ length: 4 }, syllable).join(''),
    first: Array.from({ length: 3 }, syllable).join(''),
    dob: `19${40 + rand.int(60)}${String(1 + rand.int(12)).padStart(2, '0')}${String(1 + rand.int(28)).padStart(2, '0')}`,
  }));
}

const entityOf = (p: LeiePerson) => ({
  type: 'person' as const,
  name: `${p.first} ${p.last}`,
  dateOfBirth: `${p.dob.slice(0, 4)}-${p.dob.slice(4, 6)}-${p.dob.slice(6, 8)}`,
});

beforeAll(async () => {
  pool = createPool({ max: 4 });
  receiver = await startWebhookReceiver();
  connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS as string });
  client = new Client({ connection });
  matchers.push(...(await Promise.all(['fanout-matcher-a', 'fanout-matcher-b'].map((name) => startMatcherProcess(name)))));
  for (const matcher of matchers) hops.push(await startMatcherHop(matcher.url));
  const workerEnv = { LIST_ARTIFACT_OIG_LEIE: artifact, WEBHOOK_ORG_CONCURRENCY: '32' };
  twoReplicaWorker = startWorkerProcess('fanout-worker-two', queues.two, { ...workerEnv, MATCHER_URL: hops.map((h) => h.url).join(',') });
  oneReplicaWorker = startWorkerProcess('fanout-worker-one', queues.one, { ...workerEnv, MATCHER_URL: hops[0].url });
  const org = await createOrganization(pool, { name: 'faults fan-out', plan: 'enterprise' });
  orgId = org.id;
  receiver.secret = (await createEndpoint(pool, orgId, receiver.url, ['match_status_change', 'list_update']))!.secret;
  // The first version lists the base people; enrolled after it, they are potential matches from the start.
  base = newPeople(BASE, rng);
  const { versionId } = await publish(queues.two);
  await until('the first list_update', 60_000, () => receiver.received.length === 1);
  expect(JSON.parse(receiver.received[0].rawBody.toString('utf8')).data.listVersionId).toBe(versionId);
  // The list_update does not wait for the matchers: the enrolling one must serve the version first.
  for (const matcher of matchers) await matcherOnNewVersion(matcher.url, 'oig_leie', versionId, 60_000);
  baseIds = await enroll(base, 'potential_match');
}, 180_000);

afterAll(async () => {
  await twoReplicaWorker?.stop();
  await oneReplicaWorker?.stop();
  for (const hop of hops) await hop.close();
  for (const matcher of matchers) await matcher.stop();
  await receiver?.close();
  await connection?.close();
  await pool?.end();
});

/** The listIngestion workflow on a new artifact: the base people in the version's city, and the newcomers listed so far. */
async function publish(taskQueue: string): Promise<{ versionId: string; fanOutId: string }> {
  const city = `CITY ${'ABCDEFGH'[version++]}`;
  const rows = [
    ...base.map((p) => leieRow(p.last, p.first, p.dob, '20230101', city)),
    ...newcomersListed.map((p) => leieRow(p.last, p.first, p.dob, '20230101')),
  ];
  writeFileSync(artifact, [LEIE_HEADER, ...rows].join('\r\n') + '\r\n');
  const result = (await client.workflow.execute(listIngestion, {
    taskQueue,
    workflowId: `list-ingestion/oig_leie/faults-${randomBytes(4).toString('hex')}`,
    args: [{ sourceKey: 'oig_leie' }],
  })) as Extract<ListIngestionResult, { outcome: 'published' }>;
  if (result.outcome !== 'published' || !result.fanOut) throw new Error(`LEIE not published: ${JSON.stringify(result)}`);
  return { versionId: result.versionId, fanOutId: result.fanOut.workflowId };
}

async function enroll(people: LeiePerson[], status: 'clear' | 'potential_match'): Promise<string[]> {
  const matcher = createMatcherClient(matchers[1].url);
  try {
    const batch = people.map((p) => ({ entity: entityOf(p), orgId }));
    let handed = false;
    await enrollInBulk({ pool, matchers: [matcher], lanes: 1, next: () => (handed ? null : ((handed = true), batch)) });
  } finally {
    matcher.close();
  }
  const { rows } = await pool.query<{ id: string; status: string }>(
    "SELECT id, status FROM monitored_records WHERE org_id = $1 AND entity->>'name' = ANY ($2)",
    [orgId, people.map((p) => entityOf(p).name)],
  );
  expect(rows).toHaveLength(people.length);
  expect(rows.filter((r) => r.status !== status)).toEqual([]);
  return rows.map((r) => r.id);
}

async function potentialMatches(ids: string[]): Promise<number> {
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM monitored_records WHERE id = ANY ($1) AND status = 'potential_match'", [
    ids,
  ]);
  return rows[0].n;
}

/** Records of the organization screened since `since` (a committed screening of the fan-out). */
async function screenedSince(since: Date): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM monitored_records WHERE org_id = $1 AND checked_at > $2', [
    orgId,
    since,
  ]);
  return rows[0].n;
}

async function usageEvents(): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM usage_events WHERE org_id = $1', [orgId]);
  return rows[0].n;
}

/**
 * Enrolls NEWCOMERS people (clear), publishes a version listing them (and moving the base) on
 * `taskQueue`'s worker, and runs `fault` once a screening of the fan-out has committed and
 * another is held at a hop (its index given).
 */
async function fanOutThroughFault(taskQueue: string, fault: (holding: number) => Promise<void>): Promise<void> {
  const newcomers = newPeople(NEWCOMERS, rng);
  const ids = await enroll(newcomers, 'clear');
  const usageBefore = await usageEvents();
  const receivedBefore = receiver.received.length;
  // The first screening passes at once, on whichever replica; the ones after it are held 3 s.
  let screenings = 0;
  for (const hop of hops) hop.delayBy(() => (screenings++ === 0 ? 0 : 3000));
  newcomersListed.push(...newcomers);
  const publishedAt = new Date();
  const { versionId, fanOutId } = await publish(taskQueue);

  await until(
    'a screening committed and another held',
    60_000,
    async () => (await screenedSince(publishedAt)) > 0 && hops.some((h) => h.inFlight() > 0),
  );
  expect(await screenedSince(publishedAt)).toBeLessThan(BASE + NEWCOMERS);
  await fault(hops.findIndex((h) => h.inFlight() > 0));
  for (const hop of hops) hop.delayBy(() => 0);

  await client.workflow.getHandle<typeof listVersionFanOut>(fanOutId).result();
  expect(await screenedSince(publishedAt)).toBe(BASE + NEWCOMERS);
  expect(await potentialMatches(ids)).toBe(NEWCOMERS);
  expect(await potentialMatches(baseIds)).toBe(BASE);
  await receiver.waitFor(receivedBefore + NEWCOMERS + 1, 60_000);
  // A moment for a second delivery of any event, were there one.
  await new Promise((r) => setTimeout(r, 1500));
  const events = receiver.received.slice(receivedBefore).map((r) => {
    expect(r.verification.ok).toBe(true);
    return JSON.parse(r.rawBody.toString('utf8'));
  });
  const changes = events.filter((e) => e.type === 'match_status_change');
  expect(changes.map((e) => e.data.recordId).sort()).toEqual([...ids].sort());
  expect(changes.every((e) => e.data.previousStatus === 'clear' && e.data.status === 'potential_match')).toBe(true);
  const listUpdates = events.filter((e) => e.type === 'list_update');
  expect(listUpdates.map((e) => e.data.listVersionId)).toEqual([versionId]);
  expect(events).toHaveLength(NEWCOMERS + 1);
  expect(await usageEvents()).toBe(usageBefore);
}

describe('a monitoring fan-out through infrastructure faults', () => {
  it('delivers each status change once when PostgreSQL restarts mid-fan-out', async () => {
    // Down for longer than the held screening: its results are stored after the restart.
    await fanOutThroughFault(queues.two, () => restartPostgres(3000));
  });

  it('delivers each status change once when the matcher holding a screening is killed beside a second replica', async () => {
    let killed = -1;
    await fanOutThroughFault(queues.two, async (holding) => {
      killed = holding;
      await matchers[holding].kill();
    });
    // Its supervisor starts it again, on its port, for what follows.
    matchers[killed] = await startMatcherProcess(matchers[killed].name, Number(new URL(matchers[killed].url).port));
  });

  it('delivers each status change once when the only matcher is killed and started again', async () => {
    await fanOutThroughFault(queues.one, async () => {
      await matchers[0].kill();
      await new Promise((r) => setTimeout(r, 2000));
      matchers[0] = await startMatcherProcess(matchers[0].name, Number(new URL(matchers[0].url).port));
    });
  });
});
