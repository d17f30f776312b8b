import type { PoolClient } from 'pg';
import { call, createOrgWithKey, type InProcessGateway } from '../gateway/support/stack';
import type { TestWorker } from '../support/worker';
import { startLeieMonitoringStack, type LeieMonitoringStack } from '../monitoring/support';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { loadAndRescreenAll } from '../../../activities/monitoring/screeningPipeline';
import type { MatchChange } from '../../../activities/monitoring';
import { reactToMatchChanges } from '../../../activities/reviews';

/**
 * What the reviews cost a re-screen: a chunk of records whose matches moved to a new list version
 * (an unrelated edit elsewhere in the list) is handled in the same number of statements whatever
 * its size, and only the resolved reviews record a carried-forward decision.
 */
const PEOPLE: LeiePerson[] = [
  { last: 'QUILLFEATHER', first: 'ROSALIND', dob: '19610203' },
  { last: 'MARROWDALE', first: 'THADDEUS', dob: '19620304' },
  { last: 'ELDERBROOK', first: 'OPHELIA', dob: '19630405' },
  { last: 'WINTERHALT', first: 'CORNELIUS', dob: '19640506' },
  { last: 'SABLECROFT', first: 'GWENDOLYN', dob: '19650607' },
  { last: 'THORNWICK', first: 'BARNABY', dob: '19660708' },
];
const UNRELATED: LeiePerson = { last: 'PYLEMOUTH', first: 'ZEBEDEE', dob: '19991231' };

let stack: LeieMonitoringStack;
let gw: InProcessGateway;
let worker: TestWorker;
let apiKey: string;
const recordIds: string[] = [];
const reviewIds: string[] = [];

async function publish(people: LeiePerson[]) {
  writeLeieArtifact(stack.artifact, people);
  const version = await runLeieIngestion(worker.client, worker.taskQueue, { force: true });
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', version.versionId!);
  return version;
}

/** The reviews' reaction with its statements counted, and the kinds of change it was handed. */
function countedReaction() {
  const seen = { statements: 0, calls: 0, kinds: [] as string[] };
  const listener = async (client: PoolClient, changes: readonly MatchChange[]) => {
    seen.calls++;
    seen.kinds.push(...changes.map((c) => c.kind));
    const counting = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'query') {
          return (...args: unknown[]) => {
            seen.statements++;
            return (target.query as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    return reactToMatchChanges(counting, changes);
  };
  return { seen, listener };
}

const review = async (id: string) => (await call(gw.url, 'GET', `/v1/reviews/${id}`, { apiKey })).body;

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  ({ gw, worker } = stack);
  await publish(PEOPLE);
  ({ apiKey } = await createOrgWithKey(gw.pool, 'medium'));
  for (const p of PEOPLE) {
    const name = `${p.first[0]}${p.first.slice(1).toLowerCase()} ${p.last[0]}${p.last.slice(1).toLowerCase()}`;
    const dateOfBirth = `${p.dob.slice(0, 4)}-${p.dob.slice(4, 6)}-${p.dob.slice(6)}`;
    const enrolled = await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name, dateOfBirth } });
    expect(enrolled.body.status).toBe('potential_match');
    recordIds.push(enrolled.body.id);
    const page = await call(gw.url, 'GET', `/v1/reviews?recordId=${enrolled.body.id}`, { apiKey });
    expect(page.body.reviews).toHaveLength(1);
    reviewIds.push(page.body.reviews[0].id);
  }
  // Every other review resolved not_a_match: the rest stay open.
  for (const id of reviewIds.filter((_, i) => i % 2 === 0)) {
    const decided = await call(gw.url, 'POST', `/v1/reviews/${id}/decisions`, {
      apiKey,
      body: {
        decision: 'not_a_match',
        reviewer: 'Ana Reviewer',
        reasonCode: 'dob_differs',
        note: 'Checked by SSN.',
        identifiers: [{ field: 'ssn', checkedIn: 'LEIE online verification by SSN', outcome: 'different' }],
      },
    });
    expect(decided.body.state).toBe('resolved');
  }
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe('a chunk of matches on a new list version', () => {
  it('costs the reviews as many statements for five records as for one; resolved reviews carry forward, open ones follow the version', async () => {
    const v2 = await publish([...PEOPLE, UNRELATED]);
    const deps = { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue };
    const one = countedReaction();
    await loadAndRescreenAll({ ...deps, matchChanges: one.listener }, recordIds.slice(0, 1), `test-chunk-one-${v2.versionId}`, {});
    const five = countedReaction();
    await loadAndRescreenAll({ ...deps, matchChanges: five.listener }, recordIds.slice(1), `test-chunk-five-${v2.versionId}`, {});

    expect(one.seen).toMatchObject({ calls: 1, kinds: ['relisted'] });
    expect(five.seen).toMatchObject({ calls: 1, kinds: Array(5).fill('relisted') });
    expect(five.seen.statements).toBe(one.seen.statements);

    for (const [i, id] of reviewIds.entries()) {
      const after = await review(id);
      expect(after).toMatchObject({ state: i % 2 === 0 ? 'resolved' : 'open', listVersionId: v2.versionId, matchPresent: true });
      const kinds = after.history.map((h: { kind: string }) => h.kind);
      expect(kinds.filter((k: string) => k === 'carried_forward')).toHaveLength(i % 2 === 0 ? 1 : 0);
      expect(kinds).not.toContain('reopened');
      expect(kinds).not.toContain('changed_while_open');
    }
  }, 120_000);

  it('a re-screen that finds the same matches on the same version hands the reviews nothing', async () => {
    const again = countedReaction();
    await loadAndRescreenAll(
      { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue, matchChanges: again.listener },
      recordIds,
      'test-chunk-same',
      {},
    );
    expect(again.seen).toMatchObject({ calls: 0, statements: 0 });
  }, 120_000);

  it('a review that already holds the match seen is not written again: its updatedAt stays', async () => {
    const [recordId] = recordIds;
    const {
      rows: [record],
    } = await gw.pool.query('SELECT org_id, entity FROM monitored_records WHERE id = $1', [recordId]);
    const screened = await gw.matcher.matchManyWithHeadroom([record.entity], { requestId: 'test-same-match', timeoutMs: 30_000 });
    const before = await review(reviewIds[0]);
    const writes: string[] = [];
    const client = await gw.pool.connect();
    try {
      const counting = new Proxy(client, {
        get(target, prop, receiver) {
          if (prop === 'query')
            return (text: string, ...rest: unknown[]) => {
              if (/^\s*(UPDATE|INSERT)/i.test(text)) writes.push(text.trim().split(/\s+/).slice(0, 3).join(' '));
              return (target.query as (...a: unknown[]) => unknown).call(target, text, ...rest);
            };
          return Reflect.get(target, prop, receiver);
        },
      });
      await client.query('BEGIN');
      const change: MatchChange = {
        kind: 'changed',
        orgId: record.org_id,
        recordId,
        entity: record.entity,
        matches: screened.results[0].matches,
        entryKeys: screened.entryKeys![0],
      };
      expect(await reactToMatchChanges(counting, [change])).toEqual([]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(writes).toEqual([]);
    expect((await review(reviewIds[0])).updatedAt).toBe(before.updatedAt);
  }, 120_000);
});
