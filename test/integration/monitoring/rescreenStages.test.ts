import type { ScreeningResult } from '../../../matcher/types';
import { call, createOrgWithKey } from '../gateway/support/stack';
import { matcherOnNewVersion, runLeieIngestion, writeLeieArtifact } from '../support/ingestion';
import type { LeiePerson } from '../support/lists';
import { ingestArtifact, versionForMonitoring } from '../../../activities/lists';
import { versionChange, type VersionChange } from '../../../activities/monitoring/changes';
import { screeningPipeline, type RescreenDeps } from '../../../activities/monitoring/screening';
import { isStaleResult } from '../../../activities/monitoring/staleResults';
import { admit } from '../../../activities/monitoring/versionRescreen/admit';
import { screenCrossingGroups } from '../../../activities/monitoring/versionRescreen/crossing';
import { finishFanOut } from '../../../activities/monitoring/versionRescreen/finish';
import { startMatcherWait } from '../../../activities/monitoring/versionRescreen/matcherGate';
import { preCheck, type PreCheckedChunk } from '../../../activities/monitoring/versionRescreen/preCheck';
import { onThisVersion, reach, reachScope, type ReachScope } from '../../../activities/monitoring/versionRescreen/reach';
import { screenAffected } from '../../../activities/monitoring/versionRescreen/screen';
import { startLeieMonitoringStack, type LeieMonitoringStack } from './support';

/**
 * The list-version re-screen's stages that need PostgreSQL (and the matcher), each on its own, on
 * a real stack: a first LEIE version fanned out by its workflow, three records enrolled through
 * the API, then a second version published by the version store alone (no fan-out started), which
 * the stages below apply one by one, in the pipeline's order.
 */
const LISTED: LeiePerson = { last: 'FAIRWEATHER', first: 'QUINTUS', dob: '19610203' };
const NEWLY_LISTED: LeiePerson = { last: 'BRIGHTWATER', first: 'OCTAVIA', dob: '19700707' };

let stack: LeieMonitoringStack;
let deps: RescreenDeps;
let firstVersion: string;
let secondVersion: string;
let change: VersionChange;
const ids: Record<'listed' | 'newlyListed' | 'unrelated', string> = { listed: '', newlyListed: '', unrelated: '' };

beforeAll(async () => {
  stack = await startLeieMonitoringStack();
  const { gw, worker } = stack;
  deps = { pool: gw.pool, matcher: gw.matcher, temporal: worker.client, taskQueue: worker.taskQueue };
  writeLeieArtifact(stack.artifact, [LISTED]);
  firstVersion = (await runLeieIngestion(worker.client, worker.taskQueue)).versionId!;
  await matcherOnNewVersion(gw.matcherServer!.url, 'oig_leie', firstVersion);
  const { apiKey } = await createOrgWithKey(gw.pool, 'medium');
  const enroll = async (name: string, dateOfBirth: string) =>
    (await call(gw.url, 'PUT', '/v1/monitor', { apiKey, body: { type: 'person', name, dateOfBirth } })).body.id as string;
  ids.listed = await enroll('Quintus Fairweather', '1961-02-03');
  ids.newlyListed = await enroll('Octavia Brightwater', '1970-07-07');
  ids.unrelated = await enroll('Zebediah Thistlewood', '1980-08-08');
  writeLeieArtifact(stack.artifact, [LISTED, NEWLY_LISTED]);
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

async function collect(chunks: AsyncIterable<PreCheckedChunk>): Promise<PreCheckedChunk[]> {
  const all: PreCheckedChunk[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('the stages of a list-version re-screen, one by one', () => {
  let scope: ReachScope;
  let reached: string[];

  it('admit: the new version is screened, the first (fanned out by its workflow) is done', async () => {
    expect(change).toMatchObject({ sourceKey: 'oig_leie', previousVersionId: firstVersion, added: 1, fannedOut: false });
    expect(change.newParties.map((p) => p.lastName)).toEqual(['BRIGHTWATER']);
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

  it('screen, crossing groups and finish: the newly listed record changes status, and the version is marked fanned out', async () => {
    const onVersion = onThisVersion(change, scope.superseded);
    const screening = screeningPipeline(deps, secondVersion, { isStale: (r) => isStaleResult(r, [onVersion]) });
    const gate = startMatcherWait(deps, change, scope, () => undefined);
    try {
      const checked: number[] = [];
      const screened = await screenAffected(screening, preCheck(stack.gw.pool, change, scope, reached), gate, {
        checkedUpTo: (n) => checked.push(n),
      });
      expect(checked.at(-1)).toBe(reached.length);
      expect(screened.taken.has(ids.newlyListed)).toBe(true);
      expect(screened.because.match).toBeGreaterThanOrEqual(1);

      // One added name carries no key group across a threshold here: nothing more is taken.
      const crossing = await screenCrossingGroups(stack.gw.pool, stack.gw.matcher, screening, screened.measured, screened.taken);
      expect(crossing).toMatchObject({ rescreened: [], groups: 0 });

      const finished = await finishFanOut(deps, secondVersion, screening);
      expect(finished.statusChanges).toBe(1);
    } finally {
      gate.stop();
    }
    expect(await storedStatus(ids.newlyListed)).toBe('potential_match');
    expect(await storedStatus(ids.listed)).toBe('potential_match');
    expect(await storedStatus(ids.unrelated)).toBe('clear');
    expect((await versionForMonitoring(stack.gw.pool, secondVersion))!.fannedOut).toBe(true);
    expect(await admit(stack.gw.pool, await versionChange(stack.gw.pool, secondVersion))).toBe('done');
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
