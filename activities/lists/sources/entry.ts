import { createHash } from 'node:crypto';
import { clean } from './placeholders';
import { personDisplayName, splitAliasMarkers, splitTrailingSuffix, type PersonName } from './names';
import type { EndDateKind, EntryKind, ListEntry } from './types';

interface EntryFields {
  kind: EntryKind;
  name: string;
  lastName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  suffix?: string | null;
  aliases?: string[];
  npis?: string[];
  dateOfBirth?: string | null;
  state?: string | null;
  providerType?: string | null;
  action?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  endDateKind?: EndDateKind | null;
  raw: Record<string, string>;
}

/** A stable natural key from its parts: upper-cased, whitespace collapsed, joined by `|`. */
export function naturalKey(parts: Array<string | null | undefined>): string {
  return parts.map((p) => (p ?? '').replace(/\s+/g, ' ').trim().toUpperCase()).join('|');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function distinct(values: string[], exclude: string): string[] {
  const seen = new Set<string>([exclude.toUpperCase()]);
  const out: string[] = [];
  for (const v of values) {
    const key = v.toUpperCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out;
}

/** Completes an entry: drops duplicate aliases and computes the content hash over every listed field. */
export function makeEntry(entryKey: string, fields: EntryFields): ListEntry {
  const entry: Omit<ListEntry, 'contentHash'> = {
    entryKey,
    kind: fields.kind,
    name: fields.name,
    lastName: fields.lastName ?? null,
    firstName: fields.firstName ?? null,
    middleName: fields.middleName ?? null,
    suffix: fields.suffix ?? null,
    aliases: distinct(fields.aliases ?? [], fields.name),
    npis: fields.npis ?? [],
    dateOfBirth: fields.dateOfBirth ?? null,
    state: fields.state ?? null,
    providerType: fields.providerType ?? null,
    action: fields.action ?? null,
    startDate: fields.startDate ?? null,
    endDate: fields.endDate ?? null,
    endDateKind: fields.endDateKind ?? null,
    raw: fields.raw,
  };
  return { ...entry, contentHash: sha256Hex(JSON.stringify(entry)) };
}

export interface PersonParts {
  name: PersonName;
  display: string;
  aliases: string[];
  owners: string[];
}

/**
 * A person's name from separate last/first/middle/suffix cells, any of which may carry alias
 * markers (`SAMPLEFIELD aka SAMPLES`, `CASEY (aka KC)`, GA's middle name `AKA Johnny`). Each
 * alternate becomes an alias with that part replaced; a middle-name alternate is a first-name alias.
 */
export function personFromCells(cells: {
  lastName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  suffix?: string | null;
}): PersonParts {
  const last = splitAliasMarkers(cells.lastName);
  const first = splitAliasMarkers(cells.firstName);
  const middle = splitAliasMarkers(cells.middleName);
  let suffix = clean(cells.suffix);
  let lastName = last.primary;
  let firstName = first.primary;
  // With no suffix cell of its own, a suffix rides on the last or the first name (LEIE).
  if (!suffix && lastName) ({ rest: lastName, suffix } = splitTrailingSuffix(lastName));
  if (!suffix && firstName) ({ rest: firstName, suffix } = splitTrailingSuffix(firstName));
  const name: PersonName = { lastName, firstName, middleName: middle.primary, suffix };
  const display = personDisplayName(name);
  const aliases: string[] = [];
  for (const alt of last.alternates) aliases.push(personDisplayName({ ...name, lastName: alt, suffix: null }));
  for (const alt of first.alternates) aliases.push(personDisplayName({ ...name, firstName: alt, middleName: null, suffix: null }));
  for (const alt of middle.alternates) aliases.push(personDisplayName({ ...name, firstName: alt, middleName: null, suffix: null }));
  return { name, display, aliases, owners: [...last.owners, ...first.owners, ...middle.owners] };
}
