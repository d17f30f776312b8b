import type { EvalListEntry } from '../../bench/eval/evalList';
import { OrganizationFlagCheck, PersonFlagCheck } from '../../bench/eval/expectedFlag';
import { parseNicknameCsv } from '../../bench/eval/nicknames';

function entry(kind: 'person' | 'organization', name: string, parts: Partial<EvalListEntry> = {}, aliases: string[] = []): EvalListEntry {
  return {
    sourceKey: 'oig_leie',
    sourceName: 'LEIE',
    listVersionId: 'v1',
    retrievedAt: '2026-11-01T00:00:00.000Z',
    entryKey: name,
    kind,
    name,
    lastName: null,
    firstName: null,
    middleName: null,
    suffix: null,
    aliases,
    npis: [],
    dateOfBirth: null,
    state: null,
    providerType: null,
    ...parts,
  };
}

const nicknames = parseNicknameCsv('name1,relationship,name2\nrobert,has_nickname,bob\n');

describe('expected-flag check for clean queries and hard negatives', () => {
  const persons = new PersonFlagCheck(
    [
      entry('person', 'ROBERT A SMITH', { firstName: 'ROBERT', middleName: 'A', lastName: 'SMITH' }),
      entry('person', 'MARIA GARCIA-LOPEZ', { firstName: 'MARIA', lastName: 'GARCIA-LOPEZ' }, ['MARIA TORRES']),
    ],
    nicknames,
  );

  it('flags names a screening user would expect reported', () => {
    expect(persons.expectedFlagged('ROBERT B SMITH')).toBe(true); // different middle
    expect(persons.expectedFlagged('BOB SMITH')).toBe(true); // nickname
    expect(persons.expectedFlagged('ROBBERT SMYTH')).toBe(true); // one edit each
    expect(persons.expectedFlagged('SMITH ROBERT')).toBe(true); // order swap
    expect(persons.expectedFlagged('MARIA LOPEZ')).toBe(true); // compound half
    expect(persons.expectedFlagged('MARIA TORES')).toBe(true); // alias within one edit
  });

  it('passes names that are someone else', () => {
    expect(persons.expectedFlagged('MICHAEL SMITH')).toBe(false);
    expect(persons.expectedFlagged('ROBERT JOHNSON')).toBe(false);
    expect(persons.expectedFlagged('MARIA HERNANDEZ')).toBe(false);
  });

  it('compares organizations on their canonical core', () => {
    const orgs = new OrganizationFlagCheck([entry('organization', 'SAINT MARY HEALTH CENTER, INC', {}, ['MARY CARE'])]);
    expect(orgs.expectedFlagged('ST MARY HLTH CTR LLC')).toBe(true);
    expect(orgs.expectedFlagged('HEALTH CENTER SAINT MARY')).toBe(true);
    expect(orgs.expectedFlagged('MARY CARE INC')).toBe(true);
    expect(orgs.expectedFlagged('SUNRISE DENTAL, INC')).toBe(false);
  });
});
