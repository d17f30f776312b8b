import type { IndexedEntry } from '../../../matcher/engine';
import type { SyntheticOrganization, SyntheticPerson, Rng } from '../../../infra/dev/synthetic/parties';
import { foldToAscii, titleCase } from '../../../infra/dev/synthetic/text';
import type { CulturalPerson, NameRoots } from './cultureNames';
import { foldName } from './text';

/**
 * The synthetic exclusion list the eval screens against: generated parties turned into list
 * entries the way each source spells them. One party can sit on two lists (LEIE and a state list),
 * so a query's target is a party, and every entry of that party is a correct hit.
 */
export type EvalListEntry = IndexedEntry;

/** How a source writes names: federal lists are plain ASCII uppercase; states keep accents, mix case, add credentials. */
type NameStyle = 'federal' | 'title' | 'upperWithCredential';

interface SourceSpec {
  key: string;
  name: string;
  style: NameStyle;
  share: number;
}

export const EVAL_SOURCES: readonly SourceSpec[] = [
  { key: 'oig_leie', name: 'HHS-OIG List of Excluded Individuals/Entities', style: 'federal', share: 0.55 },
  { key: 'sam_exclusions', name: 'SAM.gov Exclusions', style: 'federal', share: 0.25 },
  { key: 'state_ca', name: 'California Medi-Cal Suspended and Ineligible Provider List', style: 'title', share: 0.12 },
  { key: 'state_ny', name: 'New York OMIG Exclusion List', style: 'upperWithCredential', share: 0.08 },
];

/** Share of parties listed by a second source as well (federal + state overlap is common). */
const SECOND_LISTING_SHARE = 0.06;
const RETRIEVED_AT = '2026-11-01T00:00:00.000Z';

/** One synthetic party of the evaluation list and its entries (not matcher/types.ts ListedParty, a list entry's party fields). */
export interface EvalParty {
  partyId: number;
  party: SyntheticPerson | SyntheticOrganization;
  entries: EvalListEntry[];
  /** For a person of the naming-customs supplement (cultureNames.ts): the parts the name was written from. */
  roots?: NameRoots;
}

export interface EvalList {
  entries: EvalListEntry[];
  parties: EvalParty[];
}

function styleText(text: string, style: NameStyle): string {
  if (style === 'federal') return foldToAscii(text).toUpperCase();
  if (style === 'title') return titleCase(text);
  return text.toUpperCase();
}

function styleOptional(text: string | null, style: NameStyle): string | null {
  return text === null ? null : styleText(text, style);
}

function provenance(
  source: SourceSpec,
  entryKey: string,
): Pick<EvalListEntry, 'sourceKey' | 'sourceName' | 'listVersionId' | 'retrievedAt' | 'entryKey'> {
  return { sourceKey: source.key, sourceName: source.name, listVersionId: `eval-${source.key}-v1`, retrievedAt: RETRIEVED_AT, entryKey };
}

function personEntry(person: SyntheticPerson, source: SourceSpec, entryKey: string): EvalListEntry {
  const first = styleText(person.firstName, source.style);
  const middle = styleOptional(person.middleName, source.style);
  const last = styleText(person.lastName, source.style);
  const suffix = styleOptional(person.suffix, source.style);
  let name = [first, middle, last, suffix].filter(Boolean).join(' ');
  // State PDFs carry the credential inside the name cell ("Ruth Diane Jones, DO"), data-sources.md §5.1.
  if (source.style === 'upperWithCredential' && person.credential) name += `, ${person.credential.toUpperCase()}`;
  return {
    ...provenance(source, entryKey),
    kind: 'person',
    name,
    lastName: last,
    firstName: first,
    middleName: middle,
    suffix,
    aliases: person.aliases.map((alias) => styleText(alias, source.style)),
    npis: person.npi ? [person.npi] : [],
    dateOfBirth: person.dateOfBirth,
    state: person.state,
    providerType: person.providerType,
  };
}

function organizationEntry(organization: SyntheticOrganization, source: SourceSpec, entryKey: string): EvalListEntry {
  return {
    ...provenance(source, entryKey),
    kind: 'organization',
    name: styleText(organization.legalName, source.style),
    lastName: null,
    firstName: null,
    middleName: null,
    suffix: null,
    aliases: organization.dbaNames.map((dba) => styleText(dba, source.style)),
    npis: organization.npi ? [organization.npi] : [],
    dateOfBirth: null,
    state: organization.state,
    providerType: null,
  };
}

function pickSource(rng: Rng, exclude: SourceSpec | null): SourceSpec {
  const candidates = EVAL_SOURCES.filter((source) => source !== exclude);
  const total = candidates.reduce((sum, source) => sum + source.share, 0);
  let roll = rng.next() * total;
  for (const source of candidates) {
    roll -= source.share;
    if (roll < 0) return source;
  }
  return candidates[candidates.length - 1];
}

/**
 * The list: census-based persons, organizations, then the naming-customs supplement. The
 * supplement comes last so the parties before it, and the sources drawn for them, are the same
 * with or without it.
 */
export function buildEvalList(
  rng: Rng,
  persons: SyntheticPerson[],
  organizations: SyntheticOrganization[],
  cultural: readonly CulturalPerson[] = [],
): EvalList {
  const entries: EvalListEntry[] = [];
  const parties: EvalParty[] = [];
  const sequenceBySource = new Map<string, number>();
  const nextKey = (source: SourceSpec): string => {
    const sequence = (sequenceBySource.get(source.key) ?? 0) + 1;
    sequenceBySource.set(source.key, sequence);
    return `${source.key}:${sequence}`;
  };
  const list = (party: SyntheticPerson | SyntheticOrganization, roots?: NameRoots): void => {
    const partyId = parties.length;
    const first = pickSource(rng, null);
    const sources = rng.chance(SECOND_LISTING_SHARE) ? [first, pickSource(rng, first)] : [first];
    const partyEntries = sources.map((source) => {
      const key = nextKey(source);
      return party.kind === 'person' ? personEntry(party, source, key) : organizationEntry(party, source, key);
    });
    entries.push(...partyEntries);
    parties.push(roots ? { partyId, party, entries: partyEntries, roots } : { partyId, party, entries: partyEntries });
  };
  persons.forEach((person) => list(person));
  organizations.forEach((organization) => list(organization));
  cultural.forEach(({ person, roots }) => list(person, roots));
  return { entries, parties };
}

/** Entries grouped by folded name, so a query whose target has a namesake on the list accepts either. */
export function entriesByFoldedName(entries: readonly EvalListEntry[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const entry of entries) {
    const key = `${entry.kind}|${foldName(entry.name)}`;
    const keys = byName.get(key);
    if (keys) keys.push(entry.entryKey);
    else byName.set(key, [entry.entryKey]);
  }
  return byName;
}
