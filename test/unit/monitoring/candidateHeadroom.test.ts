import { buildMatcherIndex, screenEntity, type IndexedEntry } from '../../../matcher/engine';
import { screenAgainstParties } from '../../../matcher/blockingKeys';
import type { Entity, ListedParty } from '../../../matcher/types';
import { createRng } from '../../../infra/dev/synthetic/parties';

/**
 * Monitoring keeps, per record, the candidate headroom of its last screening: how many more
 * viable candidates its fullest query name could take before the candidate limit caps it. A list
 * change is checked against a throwaway index of its parties; when they are no more viable
 * candidates than the headroom, the full index cannot have capped the record. Checked here on
 * crowded populations of sound-alikes, typos and shared words, where viable candidates abound.
 */
const SURNAMES = [
  'MASKARAFT',
  'MISKORIFT',
  'MESKERUFT',
  'MUSKORIFT',
  'MOSKIRUFT',
  'GARCIA',
  'GARCIAS',
  'GARSIA',
  'NGUYEN',
  'NGUYN',
  'SMITH',
  'SMYTH',
  'SMITHE',
];
const GIVEN = [
  'ZEBULON',
  'ZIBALAN',
  'ZOBELIN',
  'ZUBALEN',
  'MARIA',
  'MARIE',
  'MARIAH',
  'JOHN',
  'JON',
  'JOHNNY',
  'ANH',
  'ANNE',
  'LUIS',
  'LOUIS',
];

function party(i: number, last: string, first: string): IndexedEntry {
  const p: ListedParty = {
    entryKey: `e${i}`,
    kind: 'person',
    name: `${last}, ${first}`,
    lastName: last,
    firstName: first,
    middleName: null,
    suffix: null,
    aliases: [],
    npis: [],
    state: null,
    dateOfBirth: null,
    providerType: null,
  };
  return { ...p, sourceKey: 'oig_leie', sourceName: 'LEIE', listVersionId: 'v', retrievedAt: '2026-01-01T00:00:00.000Z' };
}

function population(seed: number, size: number, offset: number): IndexedEntry[] {
  const rng = createRng(seed);
  const pick = (xs: string[]) => xs[rng.int(xs.length)];
  return Array.from({ length: size }, (_, i) => party(offset + i, pick(SURNAMES), pick(GIVEN)));
}

describe('candidate headroom of a monitored record', () => {
  const subjects: Entity[] = [
    { type: 'person', name: 'Zebulon Maskaraft' },
    { type: 'person', name: 'Maria Garcia' },
    { type: 'person', name: 'John Smith' },
    { type: 'person', name: 'Anh Nguyen' },
    { type: 'person', name: 'Garcia, Maria', aliases: ['Marie Garsia'] },
  ];

  it.each([1, 2, 3, 4, 5])(
    'added parties no more viable than the headroom never cap the record; the bound on viable candidates holds (seed %d)',
    (seed) => {
      const base = population(seed, 120, 0);
      const added = population(seed + 100, 1 + ((seed * 7) % 40), 1000);
      const against = screenAgainstParties(added);
      for (const subject of subjects) {
        const before = screenEntity(buildMatcherIndex(base, { candidateLimit: 10_000 }), subject);
        const after = screenEntity(buildMatcherIndex([...base, ...added], { candidateLimit: 10_000 }), subject);
        const { viable } = against(subject);
        expect(after.maxViableCandidates).toBeLessThanOrEqual(before.maxViableCandidates + viable);
        // Any limit: room for what the change adds means the full index is not capped after it.
        for (const limit of [before.maxViableCandidates, before.maxViableCandidates + 1, before.maxViableCandidates + viable]) {
          const headroom = limit - screenEntity(buildMatcherIndex(base, { candidateLimit: limit }), subject).maxViableCandidates;
          const capped = screenEntity(buildMatcherIndex([...base, ...added], { candidateLimit: limit }), subject).recallCapped;
          if (viable <= headroom) expect(capped).toBe(false);
        }
      }
    },
  );

  it('reports viable candidates that are not matches', () => {
    const added = [party(1, 'MISKORIFT', 'ZIBALAN'), party(2, 'MESKERUFT', 'ZOBELIN')];
    expect(screenAgainstParties(added)({ type: 'person', name: 'Zebulon Maskaraft' })).toEqual({ matches: false, viable: 2 });
  });
});
