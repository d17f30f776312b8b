import { join } from 'node:path';
import { requireSource } from '../../../activities/lists/sources/catalog';
import { looksLikeOrganization } from '../../../activities/lists/sources/names';
import { ParseReport, type ListEntry } from '../../../activities/lists/sources/types';
import type { Manifest } from '../../../infra/dev/synthetic/generate';
import type { WrittenParty, WrittenPerson } from '../../../infra/dev/synthetic/written';

/**
 * Compares the persons an adapter read from a generated list with the persons the generator wrote
 * into it. Writers vary a name the way clerks do (a nickname for the first name, a middle initial,
 * a maiden name, the order of the parts, accents dropped), so a parsed name agrees with a written
 * person when each of its parts is one of that person's forms: the first name a given name of
 * theirs, the last name their surname, no word that is none of their names (a credential, a
 * parenthesis, a quote). Every written person must be read back by some entry.
 */

/** Upper case, no accents, no dots or apostrophes; hyphens and commas separate words. */
export function nameWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .split(/[\s,-]+/)
    .filter(Boolean);
}

interface PersonForms {
  person: WrittenPerson;
  first: Set<string>;
  last: Set<string>;
  middle: Set<string>;
  all: Set<string>;
}

function formsOf(person: WrittenPerson): PersonForms {
  const lastWords = nameWords(person.lastName);
  const first = new Set(nameWords(person.firstName));
  const last = new Set(lastWords);
  const middle = new Set(nameWords(person.middleName));
  for (const word of [...middle]) middle.add(word[0]);
  for (const alias of person.aliases) {
    const words = nameWords(alias);
    const transposed = words.length > 0 && last.has(words[0]);
    // A nickname form `BOB SMITH` gives a first name; a maiden form `MARY J JONES` gives a surname.
    if (!transposed && words.length > 0) first.add(words[0]);
    if (!transposed && words.length > 1 && nameWords(person.firstName)[0] === words[0]) last.add(words[words.length - 1]);
  }
  for (const word of lastWords) last.add(word);
  const suffix = nameWords(person.suffix);
  const all = new Set([...first, ...last, ...middle, ...suffix, ...person.aliases.flatMap(nameWords)]);
  for (const word of first) all.add(word[0]);
  return { person, first, last, middle, all };
}

function within(words: string[], allowed: Set<string>): boolean {
  return words.every((word) => allowed.has(word));
}

/** Why the entry's name is not one of the person's forms, or null when it is. */
function disagreement(entry: ListEntry, forms: PersonForms, others: Set<string>): string | null {
  const name = nameWords(entry.name);
  const first = nameWords(entry.firstName);
  const last = nameWords(entry.lastName);
  const middle = nameWords(entry.middleName);
  if (/[()"“”]/.test(entry.name)) return 'a parenthesis or quote in the name';
  if (!within(name, forms.all)) return `words that are none of their names: ${name.filter((w) => !forms.all.has(w)).join(' ')}`;
  if (first.length === 0 || !within(first, forms.first)) return 'the first name is not a given name of theirs';
  if (last.length === 0 || !last.some((word) => forms.last.has(word))) return 'the last name is not their surname';
  if (!within(last, forms.last)) return 'the last name holds other words';
  if (!within(middle, forms.all)) return 'the middle name holds other words';
  // An alias is another name of theirs, or a business or person the row names beside them.
  const strayAlias = entry.aliases.find(
    (alias) =>
      /[()"“”]/.test(alias) ||
      (!within(nameWords(alias), forms.all) && !looksLikeOrganization(alias) && !others.has(nameWords(alias).join(' '))),
  );
  if (strayAlias !== undefined) return `the alias ${JSON.stringify(strayAlias)} is none of their names`;
  return null;
}

function describe(entry: ListEntry): string {
  const parts = `[${entry.lastName ?? ''} | ${entry.firstName ?? ''} | ${entry.middleName ?? ''}]`;
  const cells = Object.values(entry.raw)
    .filter((cell) => /[A-Za-z]/.test(cell))
    .slice(0, 3)
    .join(' / ');
  return `${entry.kind} ${JSON.stringify(entry.name)} ${parts} from ${JSON.stringify(cells)}`;
}

/** An owner written `FIRST [M] LAST`. */
function ownerAsPerson(ownerName: string): WrittenPerson {
  const words = ownerName.split(' ');
  return {
    kind: 'person',
    firstName: words[0],
    middleName: words.length > 2 ? words.slice(1, -1).join(' ') : null,
    lastName: words[words.length - 1],
    suffix: null,
    aliases: [],
  };
}

export interface NameComparison {
  /** Person entries whose name is no form of any written person. */
  misread: string[];
  /** Written persons no person entry names. */
  unread: string[];
  persons: number;
}

/** Compares the person entries read from one source with the parties written into it. */
export function compareNames(entries: ListEntry[], written: WrittenParty[]): NameComparison {
  const forms = written.filter((party): party is WrittenPerson => party.kind === 'person').map(formsOf);
  // An organization's owner may be listed on its row as a person; reading them back is not required.
  const owners = written.flatMap((party) =>
    party.kind === 'organization' && party.ownerName ? [formsOf(ownerAsPerson(party.ownerName))] : [],
  );
  // Names a row may give beside its person: an owner, or a written person's other names.
  const others = new Set(
    written.flatMap((party) =>
      party.kind === 'organization'
        ? [party.ownerName, party.legalName, ...party.dbaNames].filter((n): n is string => !!n).map((n) => nameWords(n).join(' '))
        : [],
    ),
  );
  // Candidates share a surname word and a given-name word with the entry, so a common surname stays cheap.
  const byNamePair = new Map<string, PersonForms[]>();
  for (const form of [...forms, ...owners]) {
    for (const last of form.last)
      for (const first of form.first) byNamePair.set(`${last}|${first}`, [...(byNamePair.get(`${last}|${first}`) ?? []), form]);
  }
  const read = new Set<PersonForms>();
  const misread: string[] = [];
  for (const entry of entries.filter((candidate) => candidate.kind === 'person')) {
    const words = nameWords(entry.name);
    const candidates = new Set(words.flatMap((last) => words.flatMap((first) => byNamePair.get(`${last}|${first}`) ?? [])));
    let closest: string | null = null;
    let agreed = false;
    for (const form of candidates) {
      const why = disagreement(entry, form, others);
      if (why === null) {
        read.add(form);
        agreed = true;
      } else closest ??= `${why} (${[form.person.firstName, form.person.middleName, form.person.lastName].filter(Boolean).join(' ')})`;
    }
    if (!agreed) misread.push(`${describe(entry)}: ${closest ?? 'no written person with that surname and given name'}`);
  }
  const unread = forms
    .filter((form) => !read.has(form))
    .map((form) => [form.person.firstName, form.person.middleName, form.person.lastName, form.person.suffix].filter(Boolean).join(' '));
  return { misread, unread, persons: forms.length };
}

/** Reads every generated exclusion list (not NPPES) through its adapter, grouped by source. */
export async function readGeneratedEntries(outDir: string, manifest: Manifest): Promise<Map<string, ListEntry[]>> {
  const bySource = new Map<string, ListEntry[]>();
  for (const file of manifest.files.filter((candidate) => candidate.source !== 'nppes')) {
    const entries = bySource.get(file.source) ?? [];
    bySource.set(file.source, entries);
    const adapter = requireSource(file.source).adapter;
    for await (const entry of adapter.parse({ path: join(outDir, file.path), report: new ParseReport() })) entries.push(entry as ListEntry);
  }
  return bySource;
}
