import { ApplicationFailure } from '@temporalio/common';
import type { ListedParty } from '../../../matcher/types';
import type { KeyGroupsOnVersion } from '../../../activities/monitoring/versionRescreen/crossingGroups';
import type { StoredRecord } from '../../../activities/monitoring/records';
import { admission } from '../../../activities/monitoring/versionRescreen/admit';
import { affectedBecause, indexOfChange, type PreCheckedChunk } from '../../../activities/monitoring/versionRescreen/preCheck';
import { LARGE_CHANGE, reachPlan } from '../../../activities/monitoring/versionRescreen/reach';
import { screenAffected, WAITING_RECORDS } from '../../../activities/monitoring/versionRescreen/screenAffected';
import { FanOutProgress, nothingDone } from '../../../activities/monitoring/versionRescreen/summary';

/** The list-version re-screen's stages that need neither the database nor the matcher, each on its own. */
const party = (entryKey: string, last: string, first: string, kind: ListedParty['kind'] = 'person'): ListedParty => ({
  entryKey,
  kind,
  name: kind === 'person' ? `${last}, ${first}` : last,
  lastName: kind === 'person' ? last : null,
  firstName: kind === 'person' ? first : null,
  middleName: null,
  suffix: null,
  aliases: [],
  npis: [],
  dateOfBirth: null,
  state: null,
  providerType: null,
});

const person = (id: string, name: string, extra: Partial<StoredRecord> = {}): StoredRecord => ({
  id,
  orgId: 'org',
  entity: { type: 'person', name },
  status: 'clear',
  recallCapped: false,
  ...extra,
});

describe('admit', () => {
  const version = { sourceKey: 'oig_leie', fannedOut: false, enabled: true, monitoringEnabled: true };
  it('screens an enabled version not fanned out while records are monitored', () => {
    expect(admission(version, true)).toBe('screen');
  });
  it('does nothing for a version fanned out already, even with records', () => {
    expect(admission({ ...version, fannedOut: true }, true)).toBe('done');
  });
  it('has nothing to screen with no record monitored, or on a list switched off and applied', () => {
    expect(admission(version, false)).toBe('nothingToScreen');
    expect(admission({ ...version, enabled: false, monitoringEnabled: false }, true)).toBe('nothingToScreen');
  });
  it('waits, by a retryable failure, for a switch the records do not stand on yet', () => {
    const pending = () => admission({ ...version, enabled: false, monitoringEnabled: true }, true);
    expect(pending).toThrow(ApplicationFailure);
    expect(pending).toThrow('switched off but the monitored records still stand on it');
  });
});

describe('the reach plan', () => {
  const people = { registry: false, newParties: [party('a', 'SMITH', 'JOHN')], oldParties: [party('b', 'JONES', 'MARY')] };
  it('reaches by keys, no organization, for a small change of people', () => {
    expect(reachPlan(people)).toMatchObject({ large: false, organizations: 'none', byKeys: true });
    expect(reachPlan(people).parties.map((p) => p.entryKey)).toEqual(['a', 'b']);
  });
  it('reaches every organization when an organization entry changed, old form or new', () => {
    expect(reachPlan({ ...people, oldParties: [party('o', 'ACME CLINIC', '', 'organization')] }).organizations).toBe('all');
  });
  it('reaches organizations with an NPI, and no keys, for a registry version', () => {
    expect(reachPlan({ ...people, registry: true })).toMatchObject({ organizations: 'with_npi', byKeys: false });
  });
  it('reaches every record past LARGE_CHANGE parties', () => {
    const many = Array.from({ length: LARGE_CHANGE + 1 }, (_, i) => party(`p${i}`, 'SMITH', 'JOHN'));
    expect(reachPlan({ registry: false, newParties: many, oldParties: [] })).toMatchObject({ large: true, byKeys: false });
  });
});

describe('the pre-check of one record', () => {
  const change = { newParties: [party('a', 'FAIRWEATHER', 'QUINTUS')], oldParties: [party('b', 'PEMBERTHY', 'ALOYSIUS')] };
  const against = indexOfChange(change, { large: false });
  it('takes every record of a large change or a registry version as a whole change', () => {
    expect(indexOfChange(change, { large: true })).toBeNull();
    expect(affectedBecause(person('1', 'Nobody Related'), null, false).reason).toBe('wholeChange');
    expect(affectedBecause(person('1', 'Nobody Related'), against, true).reason).toBe('wholeChange');
  });
  it('takes organizations, capped records and solo names before scoring', () => {
    expect(affectedBecause({ ...person('1', ''), entity: { type: 'organization', legalName: 'ACME' } }, against, false).reason).toBe(
      'organization',
    );
    expect(affectedBecause(person('1', 'Quintus Fairweather', { recallCapped: true }), against, false).reason).toBe('capped');
    expect(affectedBecause(person('1', 'Madonna'), against, false).reason).toBe('soloName');
  });
  it('takes a record a changed entry matches, in its new form or its old', () => {
    expect(affectedBecause(person('1', 'Quintus Fairweather'), against, false).reason).toBe('match');
    expect(affectedBecause(person('1', 'Aloysius Pemberthy'), against, false).reason).toBe('match');
  });
  it('leaves a record the change does not touch, with no viable candidate', () => {
    expect(affectedBecause(person('1', 'Octavia Brightwater'), against, false)).toEqual({ reason: null, viable: 0 });
  });
  it('leaves a record no changed entry matches with the count of those viable for it, for its headroom to take (narrowHeadroom)', () => {
    const near = indexOfChange(
      { newParties: [party('a', 'FAIRWEATHER', 'QUINTUS'), party('d', 'SMITH', 'JOHN')], oldParties: [] },
      { large: false },
    )!;
    // Two names of the change are viable candidates for this subject, and neither is a match.
    expect(affectedBecause(person('1', 'Quintus Fairweather Smith John Barnaby Zed'), near, false)).toEqual({ reason: null, viable: 2 });
  });
});

describe('screening the pre-checked records', () => {
  const measured: KeyGroupsOnVersion = { groups: [], sizes: [], versions: [], exact: true };
  async function* chunksOf(...chunks: PreCheckedChunk[]): AsyncGenerator<PreCheckedChunk> {
    for (const chunk of chunks) yield chunk;
  }
  const chunk = (checked: number, ...taken: Array<[string, PreCheckedChunk['taken'][number]['reason']]>): PreCheckedChunk => ({
    taken: taken.map(([id, reason]) => ({ record: person(id, `Person ${id}`), reason })),
    checked,
    checkMs: 2,
    readMs: 1,
    narrowMs: 3,
  });
  const sink = () => {
    const batches: string[][] = [];
    return { batches, add: async (records: readonly StoredRecord[]) => void batches.push(records.map((r) => r.id)) };
  };

  it('holds the records while the matcher does not serve the version, then hands them over at once', async () => {
    const screening = sink();
    const reports: number[] = [];
    let waits = 0;
    const gate = { ended: () => false, served: async () => (waits++, { measured, waitedMs: 5 }) };
    const done = await screenAffected(screening, chunksOf(chunk(2, ['a', 'match'], ['b', 'capped']), chunk(4, ['c', 'headroom'])), gate, {
      checkedUpTo: (n) => reports.push(n),
    });
    expect(screening.batches).toEqual([['a', 'b', 'c']]);
    expect(waits).toBe(1);
    expect(reports).toEqual([2, 4]);
    expect([...done.taken]).toEqual(['a', 'b', 'c']);
    expect(done.because).toMatchObject({ match: 1, capped: 1, headroom: 1, keyGroup: 0 });
    expect(done).toMatchObject({ measured, checkMs: 4, readMs: 2, narrowMs: 6, matcherWaitMs: 5 });
  });

  it('hands each chunk over as it is checked once the matcher serves the version', async () => {
    const screening = sink();
    const gate = { ended: () => true, served: async () => ({ measured, waitedMs: 0 }) };
    await screenAffected(screening, chunksOf(chunk(1, ['a', 'match']), chunk(2, ['b', 'soloName'])), gate, {
      checkedUpTo: () => undefined,
    });
    expect(screening.batches).toEqual([['a'], ['b'], []]);
  });

  it('waits for the matcher once WAITING_RECORDS records are held', async () => {
    const screening = sink();
    const held = Array.from({ length: WAITING_RECORDS }, (_, i): [string, 'match'] => [`r${i}`, 'match']);
    const gate = { ended: () => false, served: async () => ({ measured, waitedMs: 1 }) };
    const done = await screenAffected(
      screening,
      chunksOf(chunk(WAITING_RECORDS, ...held), chunk(WAITING_RECORDS + 1, ['last', 'match'])),
      gate,
      {
        checkedUpTo: () => undefined,
      },
    );
    expect(screening.batches.map((b) => b.length)).toEqual([WAITING_RECORDS, 1]);
    expect(done.matcherWaitMs).toBe(2);
  });

  it('fails as the matcher wait fails, handing nothing held over', async () => {
    const screening = sink();
    const gate = { ended: () => true, served: () => Promise.reject(new Error('the matcher does not serve the version yet')) };
    await expect(screenAffected(screening, chunksOf(chunk(1, ['a', 'match'])), gate, { checkedUpTo: () => undefined })).rejects.toThrow(
      'does not serve',
    );
    expect(screening.batches).toEqual([]);
  });
});

describe('the summary and the progress', () => {
  it('summarizes a version that screened nothing with its changed entries', () => {
    expect(nothingDone({ versionId: 'v', sourceKey: 'sam', added: 2, removed: 1, changed: 3 })).toMatchObject({
      versionId: 'v',
      sourceKey: 'sam',
      changedEntries: 6,
      recordsRescreened: 0,
      keyGroups: { crossed: 0, exact: true },
    });
  });
  it('repeats the last report while the matcher is waited for', () => {
    const reports: Array<[number, number]> = [];
    const progress = new FanOutProgress((done, total) => reports.push([done, total]));
    progress.stillWaiting();
    progress.reached(10);
    progress.checkedUpTo(4);
    progress.stillWaiting();
    expect(reports).toEqual([
      [0, 0],
      [4, 10],
      [4, 10],
    ]);
  });
});
