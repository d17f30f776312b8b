import { buildMatcherIndex, screenEntity, type IndexedEntry } from '../../../matcher/engine';
import { entryBlockingKeys, subjectBlockingKeys } from '../../../matcher/blockingKeys';
import type { Entity, ListedParty } from '../../../matcher/types';
import { createRng, generateOrganizations, generatePersons } from '../../../infra/dev/synthetic/parties';
import { loadNicknameTable } from '../../bench/eval/nicknames';
import * as personVariants from '../../bench/eval/personVariants';
import * as orgVariants from '../../bench/eval/orgVariants';
import type { PersonParts, PersonVariant, PersonVariantContext } from '../../bench/eval/personVariants';
import type { OrganizationVariant } from '../../bench/eval/orgVariants';

/**
 * The monitoring fan-out re-screens only subjects that share a blocking key with a changed
 * entry. That is exact only if every listed party the matcher reports for a subject shares a
 * key with it. Checked here for every variant class the matcher evaluation generates (typos,
 * OCR, nicknames, order, merged and split words, compound surnames, diacritics, legal forms…).
 */
function indexed(party: ListedParty): IndexedEntry {
  return { ...party, sourceKey: 'oig_leie', sourceName: 'LEIE', listVersionId: 'v1', retrievedAt: '2026-01-01T00:00:00.000Z' };
}

function shares(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return b.some((k) => set.has(k));
}

/** When the matcher reports `party` for `subject`, the two must share a key. True if it reported it. */
function sharesKeyWhenMatched(subject: Entity, party: ListedParty): boolean {
  if (screenEntity(buildMatcherIndex([indexed(party)]), subject).status !== 'potential_match') return false;
  const roster = subject.type === 'person' ? subject.name : subject.legalName;
  expect({ roster, listed: party.name, shares: shares(subjectBlockingKeys(subject), entryBlockingKeys(party)) })
    .toEqual({ roster, listed: party.name, shares: true });
  return true;
}

const rng = createRng(11);
const persons = generatePersons(rng, 150);
const nicknames = loadNicknameTable();
const firstNames = [...new Set(persons.map((p) => p.firstName.toUpperCase()))];
const context = (seed: number): PersonVariantContext => ({
  rng: createRng(seed), nicknames, firstNames, firstNameSet: new Set(firstNames), surnameSet: new Set(persons.map((p) => p.lastName.toUpperCase())),
});

const PERSON_CLASSES: Array<[string, PersonVariant]> = [
  ['one typo', personVariants.typoOneEdit], ['two typos', personVariants.typoTwoEdits], ['OCR confusion', personVariants.ocrConfusion],
  ['nickname', personVariants.nickname], ['order swap', personVariants.orderSwap], ['middle missing', personVariants.middleMissing],
  ['initials', personVariants.initials], ['suffix or credential', personVariants.suffixOrCredential], ['compound format', personVariants.compoundFormat],
  ['compound half', personVariants.compoundHalf], ['diacritics', personVariants.diacritics], ['merge or split', personVariants.mergeSplit],
  ['different middle', personVariants.differentMiddle],
];

describe('blocking keys', () => {
  it.each(PERSON_CLASSES)('a listed person matched through a %s variant shares a key with the subject', (_, generate) => {
    let matched = 0;
    persons.forEach((p, i) => {
      const parts: PersonParts = { first: p.firstName, middle: p.middleName, last: p.lastName, suffix: p.suffix, credential: p.credential };
      const variant = generate(parts, context(i + 1));
      if (!variant) return;
      const party: ListedParty = {
        entryKey: `p${i}`, kind: 'person', name: `${p.lastName}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`,
        lastName: p.lastName, firstName: p.firstName, middleName: p.middleName, suffix: p.suffix, aliases: [], npis: [],
        dateOfBirth: p.dateOfBirth, state: p.state, providerType: null,
      };
      if (sharesKeyWhenMatched({ type: 'person', name: variant }, party)) matched++;
    });
    expect(matched).toBeGreaterThan(0);
  });

  it('a listed person matched with no token of the subject written as on the list still shares a key', () => {
    // The hard case for blocking: every token differs (a nickname or a typo for the given name, a
    // typo for the surname), so only the variant keys (nickname, typo, sound, OCR) can link them.
    const substitute = (w: string, at: number): string => {
      const i = 1 + (at % Math.max(1, w.length - 2));
      return w.slice(0, i) + (w[i] === 'A' ? 'E' : 'A') + w.slice(i + 1);
    };
    let matched = 0;
    let viaNickname = 0;
    persons.forEach((p, i) => {
      const first = p.firstName.toUpperCase();
      const nick = nicknames.nicknamesOf(first).find((m) => m.length > 2 && m[0] !== first[0]);
      const subject: Entity = { type: 'person', name: `${nick ?? substitute(first, i)} ${substitute(p.lastName.toUpperCase(), i + 1)}` };
      const party: ListedParty = {
        entryKey: `p${i}`, kind: 'person', name: `${p.lastName}, ${p.firstName}`, lastName: p.lastName, firstName: p.firstName,
        middleName: null, suffix: null, aliases: [], npis: [], dateOfBirth: null, state: null, providerType: null,
      };
      if (!sharesKeyWhenMatched(subject, party)) return;
      matched++;
      if (nick) viaNickname++;
    });
    expect(matched).toBeGreaterThan(20);
    expect(viaNickname).toBeGreaterThan(0);
  });

  const organizations = generateOrganizations(createRng(12), 120);
  const ORG_CLASSES: Array<[string, OrganizationVariant]> = [
    ['legal form', orgVariants.legalForm], ['doing business as', orgVariants.doingBusinessAs], ['abbreviation', orgVariants.abbreviation],
    ['word order', orgVariants.wordOrder], ['typo', orgVariants.organizationTypo],
  ];
  it.each(ORG_CLASSES)('a listed organization matched through a %s variant shares a key with the subject', (_, generate) => {
    let matched = 0;
    organizations.forEach((o, i) => {
      const variant = generate({ name: o.legalName, dbaNames: o.dbaNames }, createRng(i + 1));
      if (!variant) return;
      const party: ListedParty = {
        entryKey: `o${i}`, kind: 'organization', name: o.legalName, lastName: null, firstName: null, middleName: null, suffix: null,
        aliases: o.dbaNames, npis: [], dateOfBirth: null, state: o.state, providerType: null,
      };
      if (sharesKeyWhenMatched({ type: 'organization', legalName: variant }, party)) matched++;
    });
    expect(matched).toBeGreaterThan(0);
  });

  it('an NPI on both sides is a key even when the names differ', () => {
    const party: ListedParty = {
      entryKey: 'n1', kind: 'organization', name: 'SUNRISE HOME HEALTH LLC', lastName: null, firstName: null, middleName: null, suffix: null,
      aliases: [], npis: ['1234567893'], dateOfBirth: null, state: 'TX', providerType: null,
    };
    const subject: Entity = { type: 'person', name: 'Entirely Different', npi: '1234567893' };
    expect(shares(subjectBlockingKeys(subject), entryBlockingKeys(party))).toBe(true);
  });

  it('are the same for the same subject whatever the key order of its fields', () => {
    expect(subjectBlockingKeys({ type: 'person', name: 'Ann Lee', state: 'TX' })).toEqual(subjectBlockingKeys({ state: 'TX', name: 'Ann Lee', type: 'person' } as Entity));
  });
});
