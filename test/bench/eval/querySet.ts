import type { Entity } from '../../../matcher/types';
import { loadNameData } from '../../../infra/dev/synthetic/nameData';
import {
  generateOrganizations,
  generatePersons,
  rngFor,
  type Rng,
  type SyntheticOrganization,
  type SyntheticPerson,
} from '../../../infra/dev/synthetic/parties';
import { foldToAscii } from '../../../infra/dev/synthetic/text';
import { QUERY_CLASSES, type QueryClass } from './classes';
import type { EvalList, EvalListEntry, EvalParty } from './evalList';
import { OrganizationFlagCheck, PersonFlagCheck, organizationCore } from './expectedFlag';
import * as culture from './cultureVariants';
import { LISTED_MIDDLE_CULTURE } from './cultureNames';
import { loadCuratedNicknameTable, type NicknameTable } from './nicknames';
import * as org from './orgVariants';
import * as person from './personVariants';
import { titleCase } from '../../../infra/dev/synthetic/text';
import { foldName, osaDistance } from './text';

/** One labelled query: the entity to screen and, for `found` classes, the listed party it must find. */
export interface LabelledQuery {
  id: string;
  className: string;
  entity: Entity;
  targetPartyId: number | null;
  /** The list name the query was derived from (for failure examples). */
  listedName: string | null;
}

export interface QuerySetOptions {
  seed: number;
  perClass: number;
  cleanPersons: number;
  cleanOrganizations: number;
}

const PERSON_VARIANTS: Readonly<Record<string, person.PersonVariant>> = {
  typo_1edit: person.typoOneEdit,
  typo_2edits: person.typoTwoEdits,
  ocr: person.ocrConfusion,
  nickname: person.nickname,
  order_swap: person.orderSwap,
  middle_missing: person.middleMissing,
  initials: person.initials,
  suffix_credential: person.suffixOrCredential,
  compound_format: person.compoundFormat,
  compound_half: person.compoundHalf,
  diacritics: person.diacritics,
  merge_split: person.mergeSplit,
  different_middle: person.differentMiddle,
};

/** Classes of the naming-customs supplement: generated from the parts each name was written from. */
const CULTURE_VARIANTS: Readonly<Record<string, culture.CultureVariant>> = {
  compound_spanish: culture.spanishCompound,
  compound_particle: culture.particleSurname,
  compound_portuguese: culture.portugueseCompound,
  vietnamese: culture.vietnameseOrder,
  cjk_given: culture.eastAsianGiven,
  filipino: culture.filipinoOrder,
  indian: culture.indianOrder,
  compound_listed_middle: culture.compoundListedMiddle,
};

const ORGANIZATION_VARIANTS: Readonly<Record<string, org.OrganizationVariant>> = {
  org_legal_form: org.legalForm,
  org_dba: org.doingBusinessAs,
  org_abbreviation: org.abbreviation,
  org_word_order: org.wordOrder,
  org_typo_1edit: org.organizationTypo,
};

/** Parts of a person entry; the credential is kept only where the source prints it in the name. */
export function entryParts(entry: EvalListEntry, party: SyntheticPerson): person.PersonParts {
  const credential = party.credential && entry.name.endsWith(`, ${party.credential.toUpperCase()}`) ? party.credential.toUpperCase() : null;
  return { first: entry.firstName ?? '', middle: entry.middleName, last: entry.lastName ?? '', suffix: entry.suffix, credential };
}

function roster(rng: Rng, text: string): string {
  return rng.chance(0.6) ? text.toUpperCase() : titleCase(text);
}

/** Deterministic Fisher–Yates over indices, so each class walks the list in its own fixed order. */
function shuffledIndices(rng: Rng, length: number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  for (let i = length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

interface Pools {
  firstNames: string[];
  firstNameSet: Set<string>;
  surnames: string[];
  surnameSet: Set<string>;
  orgWords: string[];
  femaleFirstNames: ReadonlySet<string>;
}

function buildPools(list: EvalList): Pools {
  const firsts = new Set<string>();
  const surnames = new Set<string>();
  const words = new Set<string>();
  for (const { party } of list.parties) {
    if (party.kind === 'person') {
      const first = foldToAscii(party.firstName).toUpperCase();
      if (/^[A-Z]{2,}$/.test(first)) firsts.add(first);
      if (party.middleName && /^[A-Z]{2,}$/.test(foldToAscii(party.middleName))) firsts.add(foldToAscii(party.middleName));
      const last = foldToAscii(party.lastName).toUpperCase();
      if (/^[A-Z]{2,}$/.test(last)) surnames.add(last);
    } else {
      for (const word of organizationCore(party.legalName)) if (/^[A-Z]{3,}$/.test(word)) words.add(word);
    }
  }
  for (const surname of surnames) words.add(surname);
  const firstNames = [...firsts].sort();
  const femaleFirstNames = loadNameData().femaleFirstNames;
  return {
    firstNames,
    // Census female names too, so splits and merges (ROSE MARY, MARYANN) recognise rarer given names.
    firstNameSet: new Set([...firsts, ...femaleFirstNames]),
    surnames: [...surnames].sort(),
    surnameSet: surnames,
    orgWords: [...words].sort(),
    femaleFirstNames,
  };
}

/** ALEXANDER→ALEXANDRA, ROBERT→ROBERTA, ANTONIO→ANTONIA… derived from census first names, not typed in. */
function genderCounterparts(name: string, pools: Pools, nicknames: NicknameTable): string[] {
  const female = pools.femaleFirstNames;
  const feminine = (male: string): string[] =>
    [
      male + 'A',
      male + 'E',
      male + 'INE',
      male + 'ETTE',
      male.replace(/ER$/, 'RA'),
      male.replace(/O$/, 'A'),
      male.replace(/US$/, 'A'),
    ].filter((candidate) => candidate !== male && female.has(candidate));
  const found = female.has(name) ? pools.firstNames.filter((male) => !female.has(male) && feminine(male).includes(name)) : feminine(name);
  return found.filter((other) => !nicknames.related(other, name));
}

export function buildQuerySet(list: EvalList, nicknames: NicknameTable, options: QuerySetOptions): LabelledQuery[] {
  const pools = buildPools(list);
  const personCheck = new PersonFlagCheck(list.entries, nicknames);
  const organizationCheck = new OrganizationFlagCheck(list.entries);
  const listedFoldedNames = new Set(list.entries.map((entry) => foldName(entry.name)));
  const queries: LabelledQuery[] = [];

  // The census-based persons; the naming-customs supplement serves its own classes only.
  const personParties = list.parties.filter((listed) => listed.party.kind === 'person' && !listed.roots);
  // The listed-middle persons serve their own class only, so the other classes draw from the same parties as before.
  const culturalParties = list.parties.filter((listed) => listed.roots !== undefined && listed.roots.culture !== LISTED_MIDDLE_CULTURE);
  const listedMiddleParties = list.parties.filter((listed) => listed.roots?.culture === LISTED_MIDDLE_CULTURE);
  const cultureVariants: Record<string, culture.CultureVariant> = {
    ...CULTURE_VARIANTS,
    nickname_spanish: culture.spanishHypocorism(loadCuratedNicknameTable('hypocorisms.csv')),
  };
  const censusOnly: Record<string, person.PersonVariant> = {
    nickname_short_form: person.englishShortForm(loadCuratedNicknameTable('shortForms.csv')),
    compound_reverse: person.compoundReverse(pools.surnames),
  };
  const organizationParties = list.parties.filter((listed) => listed.party.kind === 'organization');

  const fill = (
    queryClass: QueryClass,
    parties: EvalParty[],
    make: (rng: Rng, listed: EvalParty, entry: EvalListEntry) => string | null,
  ): void => {
    const rng = rngFor(options.seed, queryClass.name);
    let made = 0;
    for (const index of shuffledIndices(rng, parties.length)) {
      if (made >= options.perClass) break;
      const listed = parties[index];
      const entry = rng.pick(listed.entries);
      const name = make(rng, listed, entry);
      if (name === null) continue;
      const entity: Entity = queryClass.kind === 'person' ? { type: 'person', name } : { type: 'organization', legalName: name };
      queries.push({
        id: `${queryClass.name}:${made}`,
        className: queryClass.name,
        entity,
        targetPartyId: queryClass.expectation === 'found' ? listed.partyId : null,
        listedName: entry.name,
      });
      made++;
    }
  };

  for (const queryClass of QUERY_CLASSES) {
    if (queryClass.clean) continue;
    // Classes whose variants need the census pools are built here; the rest are the module's.
    const personVariant = PERSON_VARIANTS[queryClass.name] ?? censusOnly[queryClass.name];
    const organizationVariant = ORGANIZATION_VARIANTS[queryClass.name];
    const context = (rng: Rng): person.PersonVariantContext => ({ rng, nicknames, ...pools });
    const cultureVariant = cultureVariants[queryClass.name];
    if (cultureVariant) {
      fill(queryClass, queryClass.name === 'compound_listed_middle' ? listedMiddleParties : culturalParties, (rng, listed, entry) => {
        const variant = listed.roots ? cultureVariant(listed.roots, rng, entry) : null;
        return variant !== null && foldName(variant) !== foldName(entry.name) ? variant : null;
      });
      continue;
    }
    switch (queryClass.name) {
      case 'exact':
      case 'org_exact':
        fill(queryClass, queryClass.kind === 'person' ? personParties : organizationParties, (_rng, _listed, entry) => entry.name);
        break;
      case 'alias':
        fill(queryClass, personParties, (rng, _listed, entry) => (entry.aliases.length > 0 ? roster(rng, rng.pick(entry.aliases)) : null));
        break;
      case 'diacritics':
        fill(queryClass, personParties, (rng, listed, entry) => {
          const party = listed.party as SyntheticPerson;
          const parts = entryParts(entry, party);
          // A federal list folds JOSÉ to JOSE; the roster keeps the accents the person writes.
          const original = {
            first: party.firstName,
            middle: party.middleName,
            last: party.lastName,
            suffix: party.suffix,
            credential: null,
          };
          const accented = person.renderPerson(original, 'upper');
          const plainEntry = person.renderPerson({ ...parts, credential: null }, 'upper');
          if (accented !== foldToAscii(accented) && plainEntry === foldToAscii(plainEntry)) return roster(rng, accented);
          const variant = person.diacritics(parts, context(rng));
          return variant !== null && person.differsFrom(variant, parts) ? variant : null;
        });
        break;
      case 'neg_first_name':
        fill(queryClass, personParties, (rng, _listed, entry) => {
          const parts = person.asciiParts(entryParts(entry, _listed.party as SyntheticPerson));
          const first = rng.pick(pools.firstNames);
          if (osaDistance(first, parts.first, 3) < 3 || nicknames.related(first, parts.first)) return null;
          const name = person.renderPerson({ ...parts, first }, 'upper');
          return personCheck.expectedFlagged(name) ? null : roster(rng, name);
        });
        break;
      case 'neg_surname':
        fill(queryClass, personParties, (rng, _listed, entry) => {
          const parts = person.asciiParts(entryParts(entry, _listed.party as SyntheticPerson));
          const last = rng.pick(pools.surnames);
          if (osaDistance(last, foldName(parts.last).replace(/ /g, ''), 3) < 3) return null;
          const name = person.renderPerson({ ...parts, last }, 'upper');
          return personCheck.expectedFlagged(name) ? null : roster(rng, name);
        });
        break;
      case 'gender_pair':
        fill(queryClass, personParties, (rng, listed, entry) => {
          const parts = person.asciiParts(entryParts(entry, listed.party as SyntheticPerson));
          const counterparts = genderCounterparts(parts.first, pools, nicknames);
          if (counterparts.length === 0) return null;
          const name = person.renderPerson({ ...parts, first: rng.pick(counterparts) }, 'upper');
          return listedFoldedNames.has(foldName(name)) ? null : roster(rng, name);
        });
        break;
      case 'neg_org_name':
        fill(queryClass, organizationParties, (rng, _listed, entry) => {
          const { core, form } = org.splitLegalForm(foldToAscii(entry.name).toUpperCase());
          const tokens = core.split(' ');
          const at = tokens.findIndex((token) => /^[A-Z]{3,}$/.test(token));
          if (at < 0) return null;
          const word = rng.pick(pools.orgWords);
          if (osaDistance(word, tokens[at], 3) < 3) return null;
          tokens[at] = word;
          const name = form ? `${tokens.join(' ')} ${form}` : tokens.join(' ');
          return organizationCheck.expectedFlagged(name) ? null : name;
        });
        break;
      default:
        if (personVariant) {
          fill(queryClass, personParties, (rng, listed, entry) => {
            const parts = entryParts(entry, listed.party as SyntheticPerson);
            const variant = personVariant(parts, context(rng));
            return variant !== null && person.differsFrom(variant, parts) ? variant : null;
          });
        } else if (organizationVariant) {
          fill(queryClass, organizationParties, (rng, listed, entry) => {
            const dbaNames = entry.aliases;
            const variant = organizationVariant({ name: entry.name, dbaNames }, rng);
            return variant !== null && variant.toUpperCase() !== entry.name.toUpperCase() ? variant : null;
          });
        } else {
          throw new Error(`no generator for query class ${queryClass.name}`);
        }
    }
  }

  queries.push(...cleanPersons(options, personCheck, listedFoldedNames));
  queries.push(...cleanOrganizations(options, organizationCheck, listedFoldedNames));
  return queries;
}

/** Names on no list, in generation order, each kept unless listed or expected to be flagged, until `wanted` are kept. */
function cleanQueries(
  className: 'clean_person' | 'clean_org',
  wanted: number,
  names: string[],
  excluded: (name: string) => boolean,
  entity: (name: string) => Entity,
): LabelledQuery[] {
  const queries: LabelledQuery[] = [];
  for (const name of names) {
    if (queries.length >= wanted) break;
    if (excluded(name)) continue;
    queries.push({ id: `${className}:${queries.length}`, className, entity: entity(name), targetPartyId: null, listedName: null });
  }
  return queries;
}

function cleanPersons(options: QuerySetOptions, check: PersonFlagCheck, listed: ReadonlySet<string>): LabelledQuery[] {
  const rng = rngFor(options.seed, 'clean_person');
  // Fresh persons come from their own seed; most survive the near-duplicate filter.
  const names = generatePersons(rng, options.cleanPersons * 3).map((p: SyntheticPerson) =>
    person.renderPerson({ first: p.firstName, middle: p.middleName, last: p.lastName, suffix: p.suffix, credential: null }),
  );
  return cleanQueries(
    'clean_person',
    options.cleanPersons,
    names,
    (name) => listed.has(foldName(name)) || check.expectedFlagged(name),
    (name) => ({ type: 'person', name: roster(rng, name) }),
  );
}

function cleanOrganizations(options: QuerySetOptions, check: OrganizationFlagCheck, listed: ReadonlySet<string>): LabelledQuery[] {
  const rng = rngFor(options.seed, 'clean_org');
  const names = generateOrganizations(rng, options.cleanOrganizations * 6).map((o: SyntheticOrganization) => o.legalName);
  return cleanQueries(
    'clean_org',
    options.cleanOrganizations,
    names,
    (name) => listed.has(foldName(name)) || check.expectedFlagged(name),
    (legalName) => ({ type: 'organization', legalName }),
  );
}
