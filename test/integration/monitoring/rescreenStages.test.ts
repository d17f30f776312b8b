import type { ScreeningResult } from '../../../matcher/types';
import { call, createOrgWithKey } from '../gateway/support/stack';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { ingestArtifact, versionForMonitoring } from '../../../activities/lists';
import { versionChange, type VersionChange } from '../../../activities/monitoring/changes';
import { screeningPipeline, type RescreenDeps } from '../../../activities/monitoring/screeningPipeline';
import { isStaleResult } from '../../../activities/monitoring/staleResults';
import { admit } from '../../../activities/monitoring/versionRescreen/admit';
import { screenCrossingGroups } from '../../../activities/monitoring/versionRescreen/crossing';
import { finishFanOut } from '../../../activities/monitoring/versionRescreen/finish';
import { startMatcherWait } from '../../../activities/monitoring/versionRescreen/matcherGate';
import { preCheck, type PreCheckedChunk } from '../../../activities/monitoring/versionRescreen/preCheck';
import { onThisVersion, reach, reachScope, type ReachScope } from '../../../activities/monitoring/versionRescreen/reach';
import { screenAffected } from '../../../activities/monitoring/versionRescreen/screenAffected';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';

/**
 * The list-version re-screen's stages that need PostgreSQL (and the matcher), each on its own, on
 * a real stack: a first LEIE version fanned out by its workflow, three records enrolled through
 * the API, then a second version published by the version store alone (no fan-out started), which
 * the stages below apply one by one, in the pipeline's order.
 */
const LISTED: LeiePerson = { last: 'FAIRWEATHER', first: 'QUINTUS', dob: '19610203' };
const NEWLY_LISTED: LeiePerson = { last: 'BRIGHTWATER', first: 'OCTAVIA', dob: '19700707' };
const KOWALSKI: LeiePerson = { last: 'KOWALSKI', first: 'JOHN', dob: '19600101' };
/** Shares nothing with JOHN ZEBKOWALSKI but the word ZEB, which the index then reads as a split half: ZEB KOWALSKI. */
const ZEB: LeiePerson = { last: 'QUUX', first: 'ZEB', dob: '19700101' };

let stack: LeieMonitoringStack;
let deps: RescreenDeps;
let firstVersion: string;
let secondVersion: string;
let change: VersionChange;
const ids: Record<'listed' | 'newlyListed' | 'unrelated' | 'splitWord', string> = {
  listed: '',
  newlyListed: '',
  unrelated: '',
  splitWord: '',
};

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  const { gw, worker } = stack;
  deps = { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue };
  writeLeieArtifact(stack.artifact, [LISTED, KOWALSKI]);
  firstVersion = (await runLeieIngestion(worker.client, worker.taskQueue)).versionId!;
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', firstVersion);
  const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
  const enroll = async (name: string, dateOfBirth: string) =>
    (await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name, dateOfBirth } })).body.id as string;
  ids.listed = await enroll('Quintus Fairweather', '1961-02-03');
  ids.newlyListed = await enroll('Octavia Brightwater', '1970-07-07');
  ids.unrelated = await enroll('Zebediah Thistlewood', '1980-08-08');
  ids.splitWord = await enroll('John Zebkowalski', '1960-01-01');
  writeLeieArtifact(stack.artifact, [LISTED, KOWALSKI, NEWLY_LISTED, ZEB]);
  const published = await ingestArtifact({ pool: gw.pool, sourceKey: 'oig_leie', artifactPath: stack.artifact });
  expect(published.outcome).toBe('published');
  secondVersion = (published as { versionId: string }).versionId;
  change = await versionChange(gw.pool, secondVersion);
}, 240_000);

afterAll(async () => {
  await stack?.close();
});

async function storedStatus(id: string): Promise<string> {
  const { rows } = await stack.gw.pool.query<{ result: ScreeningResult }>('SELECT result FROM monitored_records WHERE id = $1', [id]);
  return rows[0].result.status;
}

async function storedStatuses(): Promise<Map<string, string>> {
  const { rows } = await stack.gw.pool.query<{ id: string; status: string }>(
    'SELECT id, status FROM monitored_records WHERE removed_at IS NULL',
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

async function collect(chunks: AsyncIterable<PreCheckedChunk>): Promise<PreCheckedChunk[]> {
  const all: PreCheckedChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('the stages of a list-version re-screen, one by one', () => {
  let scope: ReachScope;
  let reached: string[];

  it('admit: the new version is screened, the first (fanned out by its workflow) is done', async () => {
    expect(change).toMatchObject({ sourceKey: 'oig_leie', previousVersionId: firstVersion, added: 2, fannedOut: false });
    expect(change.newParties.map((p) => p.lastName).sort()).toEqual(['BRIGHTWATER', 'QUUX']);
    expect(await admit(stack.gw.pool, change)).toBe('screen');
    expect(await admit(stack.gw.pool, await versionChange(stack.gw.pool, firstVersion))).toBe('done');
  });

  it('scope the reach: records keyed under older rules are re-keyed first, and the first version is superseded', async () => {
    await stack.gw.pool.query('UPDATE monitored_records SET blocking_keys_version = 0 WHERE id = $1', [ids.unrelated]);
    scope = await reachScope(stack.gw.pool, change);
    expect(scope).toMatchObject({ rekeyed: 1, large: false, organizations: 'none', byKeys: true });
    expect([...scope.superseded]).toEqual([firstVersion]);
    expect(await reachScope(stack.gw.pool, change)).toMatchObject({ rekeyed: 0 });
  });

  it('reach: the record sharing blocking keys with the added entry, not the unrelated one', async () => {
    reached = await reach(stack.gw.pool, change, scope);
    expect(reached).toContain(ids.newlyListed);
    expect(reached).not.toContain(ids.unrelated);
  });

  it('pre-check: the reached record the added entry matches is taken for it', async () => {
    const chunks = await collect(preCheck(stack.gw.pool, change, scope, reached));
    expect(chunks.at(-1)!.checked).toBe(reached.length);
    const taken = chunks.flatMap((c) => c.taken.map((t) => ({ id: t.record.id, reason: t.reason })));
    expect(taken).toContainEqual({ id: ids.newlyListed, reason: 'match' });
    expect(taken.map((t) => t.id)).not.toContain(ids.listed);
    expect(taken.map((t) => t.id)).not.toContain(ids.splitWord);
  });

  it('wait for the matcher: served once the matcher holds the version; stopped, a wait for a version it never serves ends', async () => {
    await matcherOnNewVersion(stack.gw.matcherServer!.url, 'oig_leie', secondVersion);
    const gate = startMatcherWait(deps, change, scope, () => undefined);
    try {
      const { measured } = await gate.served();
      expect(measured.versions).toContainEqual(expect.objectContaining({ source: 'oig_leie', listVersionId: secondVersion }));
      expect(gate.ended()).toBe(true);
    } finally {
      gate.stop();
    }
    const never = startMatcherWait(deps, change, { large: false, superseded: new Set([firstVersion, secondVersion]) }, () => undefined);
    const waiting = never.served();
    never.stop();
    await expect(waiting).rejects.toThrow('no longer waiting for the matcher');
    expect(never.ended()).toBe(true);
  });

  it('screen, crossing groups and finish: the records taken are screened again, the version is marked fanned out', async () => {
    const before = await storedStatuses();
    const onVersion = onThisVersion(change, scope.superseded);
    const screening = screeningPipeline(deps, secondVersion, { isStale: (r) => isStaleResult(r, [onVersion]) });
    const gate = startMatcherWait(deps, change, scope, () => undefined);
    let statusChanges: number;
    try {
      const checked: number[] = [];
      const screened = await screenAffected(screening, preCheck(stack.gw.pool, change, scope, reached), gate, {
        checkedUpTo: (n) => checked.push(n),
      });
      expect(checked.at(-1)).toBe(reached.length);
      expect(screened.taken.has(ids.newlyListed)).toBe(true);
      expect(screened.taken.has(ids.splitWord)).toBe(false);
      expect(screened.because.match).toBeGreaterThanOrEqual(1);
      expect(screened.measured.exact).toBe(true);

      // ZEB, a word no listed name held before, now splits ZEBKOWALSKI: its holder is screened again.
      const crossing = await screenCrossingGroups(stack.gw.pool, stack.gw.matcher, screening, screened.measured, screened.taken);
      expect(crossing.rescreened).toEqual([ids.splitWord]);
      expect(crossing.groups).toBeGreaterThan(0);

      ({ statusChanges } = await finishFanOut(deps, secondVersion, screening));
    } finally {
      gate.stop();
    }
    const after = await storedStatuses();
    expect(after.get(ids.newlyListed)).toBe('potential_match');
    expect(after.get(ids.unrelated)).toBe('clear');
    expect(statusChanges).toBe([...after].filter(([id, status]) => before.get(id) !== status).length);
    expect((await versionForMonitoring(stack.gw.pool, secondVersion))!.fannedOut).toBe(true);
    expect(await admit(stack.gw.pool, await versionChange(stack.gw.pool, secondVersion))).toBe('done');
  });

  it('crossing groups: a holder of a crossed group is screened again unless the pre-check took it already', async () => {
    const gate = startMatcherWait(deps, change, scope, () => undefined);
    try {
      const { measured } = await gate.served();
      const handed: string[] = [];
      const sink = { add: async (records: ReadonlyArray<{ id: string }>) => void handed.push(...records.map((r) => r.id)) };
      expect(await screenCrossingGroups(stack.gw.pool, stack.gw.matcher, sink, measured, new Set())).toMatchObject({
        rescreened: [ids.splitWord],
      });
      expect(handed).toEqual([ids.splitWord]);
      expect(await screenCrossingGroups(stack.gw.pool, stack.gw.matcher, sink, measured, new Set([ids.splitWord]))).toMatchObject({
        rescreened: [],
      });
      expect(handed).toEqual([ids.splitWord]);
    } finally {
      gate.stop();
    }
  });

  it('run again, the stages find the status stored and record no change', async () => {
    const screening = screeningPipeline(deps, secondVersion, {});
    const gate = startMatcherWait(deps, change, scope, () => undefined);
    try {
      const again = await screenAffected(screening, preCheck(stack.gw.pool, change, scope, [ids.newlyListed]), gate, {
        checkedUpTo: () => undefined,
      });
      expect([...again.taken]).toEqual([ids.newlyListed]);
      expect(await finishFanOut(deps, secondVersion, screening)).toMatchObject({ statusChanges: 0 });
    } finally {
      gate.stop();
    }
    expect(await storedStatus(ids.newlyListed)).toBe('potential_match');
  });
});

describe('the pre-check and a record’s candidate headroom', () => {
  /** Two words of each added entry answer two of its words, but it is no match of either: six words against two. */
  const CROWDED = 'Octavia Brightwater Zeb Quux Barnaby Thistlewood';
  let recordId: string;

  beforeAll(async () => {
    const { apiKey } = await createOrgWithKey(stack.gw.pool, 'medium');
    const reply = await call(stack.gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name: CROWDED } });
    expect(reply.status).toBe(200);
    recordId = reply.body.id as string;
  });

  async function preCheckedWithHeadroom(headroom: number) {
    await stack.gw.pool.query(
      `INSERT INTO monitored_record_headroom (record_id, headroom) VALUES ($1, $2)
       ON CONFLICT (record_id) DO UPDATE SET headroom = EXCLUDED.headroom`,
      [recordId, headroom],
    );
    await stack.gw.pool.query('UPDATE monitored_records SET candidate_headroom = NULL WHERE id = $1', [recordId]);
    const chunks = await collect(preCheck(stack.gw.pool, change, { large: false }, [recordId]));
    const { rows } = await stack.gw.pool.query<{ headroom: number }>(
      'SELECT headroom FROM monitored_record_headroom WHERE record_id = $1',
      [recordId],
    );
    return { taken: chunks.flatMap((c) => c.taken.map((t) => t.reason)), headroomAfter: rows[0].headroom };
  }

  it('takes a record the change gives more viable candidates than its headroom, and leaves its headroom as it was', async () => {
    expect(await preCheckedWithHeadroom(1)).toEqual({ taken: ['headroom'], headroomAfter: 1 });
  });

  it('leaves a record they fit, its headroom narrowed by their count', async () => {
    expect(await preCheckedWithHeadroom(5)).toEqual({ taken: [], headroomAfter: 3 });
  });
});
