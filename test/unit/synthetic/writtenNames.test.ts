import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEntry } from '../../../activities/lists/sources/entry';
import type { ListEntry } from '../../../activities/lists/sources/types';
import { generateLists } from '../../../infra/dev/synthetic/generate';
import { STATE_CODES_GENERATED } from '../../../infra/dev/synthetic/scales';
import { WrittenParties, type WrittenPerson } from '../../../infra/dev/synthetic/written';
import { compareNames, readGeneratedEntries } from './writtenNames';

jest.setTimeout(240_000);

const person = (first: string, middle: string | null, last: string, aliases: string[] = []): WrittenPerson => ({
  kind: 'person',
  firstName: first,
  middleName: middle,
  lastName: last,
  suffix: null,
  aliases,
});
const entry = (name: string, lastName: string | null, firstName: string | null, middleName: string | null = null): ListEntry =>
  makeEntry(name, { kind: 'person', name, lastName, firstName, middleName, raw: {} });

describe('comparing parsed names with the written persons', () => {
  const maria = person('MARIA', 'LOUISE', 'HARRIS', ['MARIA LOUISE JONES', 'MIA HARRIS']);

  it('accepts the forms a writer uses: middle initial, nickname, maiden name, accents dropped', () => {
    const written = [maria, person('JOSÉ', null, 'GARCÍA')];
    const read = [
      entry('MARIA L HARRIS', 'HARRIS', 'MARIA', 'L'),
      entry('Mia Harris', 'Harris', 'Mia'),
      entry('MARIA JONES', 'JONES', 'MARIA'),
    ];
    expect(compareNames([...read, entry('JOSE GARCIA', 'GARCIA', 'JOSE')], written)).toEqual({ misread: [], unread: [], persons: 2 });
  });

  it('flags a credential left in the name, a name not inverted, and a person not read back', () => {
    const written = [maria, person('LATONIA', null, 'WHITE'), person('JEAN', 'P', 'PETERS')];
    const { misread, unread } = compareNames(
      [
        entry('MARIA L (LPN HARRIS', 'HARRIS', 'MARIA', 'L (LPN'),
        entry('WHITE LATONIA', 'LATONIA', 'WHITE'),
        entry('JEAN P EMT PETERS', 'PETERS', 'JEAN', 'P EMT'),
      ],
      written,
    );
    expect(misread).toHaveLength(3);
    expect(misread[0]).toContain('a parenthesis or quote in the name');
    expect(misread[1]).toContain('the first name is not a given name of theirs');
    expect(misread[2]).toContain('none of their names: EMT');
    expect(unread).toEqual(['MARIA LOUISE HARRIS', 'LATONIA WHITE', 'JEAN P PETERS']);
  });
});

describe('every generated list read back name by name (demo scale)', () => {
  let root: string;
  const written = new WrittenParties();
  let entries: Map<string, ListEntry[]>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'written-names-'));
    const manifest = await generateLists({ scale: 'demo', seed: 1, outDir: root, written, withoutNppes: true });
    entries = await readGeneratedEntries(root, manifest);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(['oig_leie', 'sam_exclusions', ...STATE_CODES_GENERATED.map((state) => `state_${state}`)])(
    '%s: each parsed person is a written person by every name part, and each written person is read',
    (source) => {
      const comparison = compareNames(entries.get(source) ?? [], written.of(source));
      expect(comparison.persons).toBeGreaterThan(0);
      expect({ misread: comparison.misread, unread: comparison.unread }).toEqual({ misread: [], unread: [] });
    },
  );
});
