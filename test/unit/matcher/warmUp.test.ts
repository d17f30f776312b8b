import { buildMatcherIndex, screenEntity, type IndexedEntry } from '../../../matcher/engine';
import { warmUp, warmUpScreenings } from '../../../matcher/warmUp';
import { listedPerson } from './support/listedPersons';

const organization = (entryKey: string, name: string, npi: string | null, aliases: string[] = []): IndexedEntry => ({
  ...listedPerson(entryKey, null, null, name),
  kind: 'organization',
  name,
  firstName: null,
  lastName: null,
  aliases,
  npis: npi ? [npi] : [],
  state: 'TX',
});

const entries: IndexedEntry[] = [
  ...['SMITH', 'JOHNSON', 'WILLIAMS', 'GARCIA', 'NGUYEN', 'OKAFOR'].flatMap((last, i) => [
    listedPerson(`p${i}a`, 'MARY', 'ANN', last, { dateOfBirth: '1970-01-0' + (i + 1), state: 'CA', aliases: [`MARY ${last}-LEE`] }),
    listedPerson(`p${i}b`, 'JOHN', null, last, {
      npis: [`123456789${i}`],
      aliases: [`JOHNNY ${last}`],
      dateOfBirth: '1960-02-0' + (i + 1),
      state: 'NY',
    }),
  ]),
  organization('o1', 'SUNRISE HOME HEALTH LLC', '1234567893', ['SUNRISE HOME CARE']),
  organization('o2', 'GREEN LEAF LABORATORY INC', null),
  organization('o3', 'ST. MARY HOSPITAL', '1234567894'),
];

describe('warmUp: the screenings a matcher runs over its first index before it serves', () => {
  const index = buildMatcherIndex(entries);

  it('writes them from the listed parties, the same ones for the same index', () => {
    const screenings = warmUpScreenings(index, 12);
    expect(screenings).toEqual(warmUpScreenings(buildMatcherIndex(entries), 12));
    expect(screenings).toHaveLength(12);
    expect(screenings.some((s) => s.type === 'person')).toBe(true);
    expect(screenings.some((s) => s.type === 'organization')).toBe(true);
  });

  it('screens listed names, most of them potential matches, with and without the fields that corroborate', () => {
    const screenings = warmUpScreenings(index, entries.length);
    const results = screenings.map((s) => screenEntity(index, s));
    expect(results.filter((r) => r.status === 'potential_match').length).toBeGreaterThan(entries.length / 2);
    expect(screenings.some((s) => s.type === 'person' && s.dateOfBirth && s.state)).toBe(true);
    expect(screenings.some((s) => s.npi)).toBe(true);
    expect(screenings.some((s) => s.aliases?.length)).toBe(true);
  });

  it('never asks for more screenings than the index has entries', () => {
    expect(warmUpScreenings(index)).toHaveLength(entries.length);
    expect(warmUp(index).screenings).toBe(entries.length);
  });
});
