import { screenEntity, type IndexedEntry, type MatcherIndex } from '../../../../matcher/engine';
import type { Entity, Match } from '../../../../matcher/types';
import type { SyntheticPerson } from '../../../../infra/dev/synthetic/parties';

export type PersonSubject = Omit<Extract<Entity, { type: 'person' }>, 'type'>;

const leieEntry: Omit<IndexedEntry, 'entryKey' | 'name' | 'firstName' | 'middleName' | 'lastName'> = {
  sourceKey: 'oig_leie',
  sourceName: 'HHS-OIG List of Excluded Individuals/Entities',
  listVersionId: '44444444-4444-4444-8444-444444444444',
  retrievedAt: '2026-11-01T00:00:00.000Z',
  kind: 'person',
  aliases: [],
  npis: [],
  dateOfBirth: null,
  state: null,
  providerType: null,
  suffix: null,
};

/** A listed person as an LEIE row names them; `extra` overrides any field (another list, a date of birth...). */
export function listedPerson(
  entryKey: string,
  first: string | null,
  middle: string | null,
  last: string,
  extra: Partial<IndexedEntry> = {},
): IndexedEntry {
  const name = [first, middle, last].filter(Boolean).join(' ');
  return { ...leieEntry, entryKey, name, firstName: first, middleName: middle, lastName: last, ...extra };
}

/** A generated person as a list writes them (LAST, FIRST MIDDLE), with their suffix; `extra` overrides any field. */
export function listedSyntheticPerson(p: SyntheticPerson, entryKey: string, extra: Partial<IndexedEntry> = {}): IndexedEntry {
  const name = `${p.lastName}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`;
  return listedPerson(entryKey, p.firstName, p.middleName, p.lastName, { name, suffix: p.suffix, ...extra });
}

/** Screens a person and names each match by the entry key of the listed name it cites. */
export function screenPerson(list: MatcherIndex, subject: PersonSubject): { keys: string[]; matches: Match[] } {
  const { matches } = screenEntity(list, { type: 'person', ...subject });
  const keys = matches.map((match) => list.entries.find((entry) => entry.name === match.fields[0].listValue)!.entryKey);
  return { keys, matches };
}
