import { buildMatcherIndex, screenEntity, type IndexedEntry, type MatcherIndex } from '../../../matcher/engine';
import { createRng } from '../../../infra/dev/synthetic/parties';
import { generateEntries, generateQueries } from '../../bench/support/matcherData';

/**
 * A reload builds the new index over the one it replaces (matcher/loader.ts): the unchanged
 * entries' names and the expansions of every word the change does not touch are taken over.
 * The index must be the one a build from nothing gives: the same words, the same expansions in
 * the same order, the same screenings.
 */
function expansionsOf(index: MatcherIndex, kind: 'person' | 'organization'): string[] {
  const tokens = index[kind].tokens;
  return tokens.words.map((w) => {
    const { tokens: ids, ranks } = tokens.expand(w);
    return `${w}: ${Array.from(ids, (id, k) => `${tokens.words[id]}/${ranks[k]}`).join(' ')}`;
  });
}

function person(entryKey: string, name: string, lastName: string, firstName: string): IndexedEntry {
  return {
    sourceKey: 'leie',
    sourceName: 'LEIE',
    listVersionId: '00000000-0000-4000-8000-0000000000ff',
    retrievedAt: '2026-11-02T00:00:00.000Z',
    entryKey,
    kind: 'person',
    name,
    lastName,
    firstName,
    middleName: null,
    suffix: null,
    aliases: [],
    npis: [],
    dateOfBirth: null,
    state: null,
    providerType: null,
  };
}

describe('an index built over the one it replaces', () => {
  const before = generateEntries(createRng(11), 6000);
  // A new LEIE version: 60 of its entries removed, 60 added from elsewhere, 20 with a new date of
  // birth; the added ones include a typo, a nickname and a glued particle of words already listed,
  // and a word that cuts a listed word in two, so that words the change did not add get new variants.
  const leie = before.filter((e) => e.sourceKey === 'leie');
  const removed = new Set(leie.slice(0, 60));
  const redated = new Set(leie.slice(60, 80));
  const persons = leie.filter((e) => e.kind === 'person' && !removed.has(e));
  const listed = persons[0].lastName!;
  const added: IndexedEntry[] = [
    ...generateEntries(createRng(12), 300)
      .filter((e) => e.sourceKey === 'leie')
      .slice(0, 56)
      .map((e, i) => ({ ...e, entryKey: `new-${i}` })),
    person('typo', `${listed.slice(0, 2)}${listed[3]}${listed[2]}${listed.slice(4)}, ZENOBIA`, listed, 'ZENOBIA'),
    person('nickname', 'QUIXWORTH, BOBBIE', 'QUIXWORTH', 'BOBBIE'),
    person('particle', `DELA${persons[1].lastName!}, MARISOL`, `DELA${persons[1].lastName!}`, 'MARISOL'),
    person('split', `${persons[2].lastName!.slice(0, 3)}, ORLANDO`, persons[2].lastName!.slice(0, 3), 'ORLANDO'),
  ];
  const after = [...before.filter((e) => !removed.has(e)).map((e) => (redated.has(e) ? { ...e, dateOfBirth: '1950-01-02' } : e)), ...added];
  const previous = buildMatcherIndex(before);
  const overPrevious = buildMatcherIndex(after, { previous });
  const fromNothing = buildMatcherIndex(after);

  it('holds the same words with the same expansions, in the same order', () => {
    for (const kind of ['person', 'organization'] as const) {
      expect(overPrevious[kind].tokens.words).toEqual(fromNothing[kind].tokens.words);
      expect(expansionsOf(overPrevious, kind)).toEqual(expansionsOf(fromNothing, kind));
    }
    // Words the change added are variants of words it did not add.
    expect(expansionsOf(fromNothing, 'person')).not.toEqual(expansionsOf(previous, 'person'));
  });

  it('screens every subject as the index built from nothing does', () => {
    const subjects = [
      ...generateQueries(13, after, 400, 1000),
      ...added.map((e) => ({ type: 'person' as const, name: e.name })),
      ...[...removed].map((e) =>
        e.kind === 'person' ? { type: 'person' as const, name: e.name } : { type: 'organization' as const, legalName: e.name },
      ),
    ];
    const screen = (index: MatcherIndex) => subjects.map((s) => JSON.stringify(screenEntity(index, s)));
    const expected = screen(fromNothing);
    expect(screen(overPrevious)).toEqual(expected);
    expect(expected.filter((r) => r.includes('"potential_match"')).length).toBeGreaterThan(50);
  });

  it('builds the same index over a previous one of other lists altogether', () => {
    const other = buildMatcherIndex(generateEntries(createRng(14), 500));
    const rebuilt = buildMatcherIndex(after, { previous: other });
    expect(expansionsOf(rebuilt, 'person')).toEqual(expansionsOf(fromNothing, 'person'));
  });
});
