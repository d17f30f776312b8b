import { buildMatcherIndex, screenEntity, type IndexedEntry } from '../../../matcher/engine';
import { changeReach, reaches, subjectBlockingKeys } from '../../../matcher/blockingKeys';
import type { Entity, ListedParty } from '../../../matcher/types';
import { createRng, generatePersons } from '../../../infra/dev/synthetic/parties';
import { loadNicknameTable } from '../../bench/eval/nicknames';
import { listedSyntheticPerson } from '../matcher/support/listedPersons';
import * as personVariants from '../../bench/eval/personVariants';
import type { PersonParts, PersonVariant, PersonVariantContext } from '../../bench/eval/personVariants';

/**
 * The monitoring fan-out looks only at subjects a changed entry can be a viable candidate for,
 * as their blocking keys tell (`changeReach`). That is exact only if every listed party the
 * matcher finds viable for a subject (and so every one it can report) reaches it. Checked here
 * for every person variant class the matcher evaluation generates (typos, OCR, nicknames, order,
 * merged and split words, compound surnames, diacritics…), and on random pairs. Organizations
 * are reached by NPI only: every monitored organization is looked at when an organization entry
 * changes (the monitoring equality test's organization-weight case).
 */
function indexed(party: ListedParty): IndexedEntry {
  return { ...party, sourceKey: 'oig_leie', sourceName: 'LEIE', listVersionId: 'v1', retrievedAt: '2026-01-01T00:00:00.000Z' };
}

function reachedBy(subject: Entity, party: ListedParty): boolean {
  return reaches(changeReach([party]), subjectBlockingKeys(subject));
}

/** Screens `subject` against `party` alone; when the matcher finds the party viable, asserts a change of it reaches the subject. */
function screenAndCheckReach(subject: Entity, party: ListedParty): { viable: boolean; matched: boolean } {
  const screened = screenEntity(buildMatcherIndex([indexed(party)]), subject);
  const matched = screened.status === 'potential_match';
  if (!matched && screened.maxViableCandidates === 0) return { viable: false, matched };
  const roster = subject.type === 'person' ? subject.name : subject.legalName;
  expect({ roster, listed: party.name, reached: reachedBy(subject, party) }).toEqual({ roster, listed: party.name, reached: true });
  return { viable: true, matched };
}

const reachedWhenViable = (subject: Entity, party: ListedParty): boolean => screenAndCheckReach(subject, party).viable;
const reachedWhenMatched = (subject: Entity, party: ListedParty): boolean => screenAndCheckReach(subject, party).matched;

const personParty = (i: number, last: string, first: string | null, middle: string | null = null, aliases: string[] = []): ListedParty => ({
  entryKey: `p${i}`,
  kind: 'person',
  name: `${last}${first ? `, ${first}` : ''}${middle ? ` ${middle}` : ''}`,
  lastName: last,
  firstName: first,
  middleName: middle,
  suffix: null,
  aliases,
  npis: [],
  dateOfBirth: null,
  state: null,
  providerType: null,
});

const rng = createRng(11);
const persons = generatePersons(rng, 150);
const nicknames = loadNicknameTable();
const firstNames = [...new Set(persons.map((p) => p.firstName.toUpperCase()))];
const context = (seed: number): PersonVariantContext => ({
  rng: createRng(seed),
  nicknames,
  firstNames,
  firstNameSet: new Set(firstNames),
  surnameSet: new Set(persons.map((p) => p.lastName.toUpperCase())),
});

const PERSON_CLASSES: Array<[string, PersonVariant]> = [
  ['one typo', personVariants.typoOneEdit],
  ['two typos', personVariants.typoTwoEdits],
  ['OCR confusion', personVariants.ocrConfusion],
  ['nickname', personVariants.nickname],
  ['order swap', personVariants.orderSwap],
  ['middle missing', personVariants.middleMissing],
  ['initials', personVariants.initials],
  ['suffix or credential', personVariants.suffixOrCredential],
  ['compound format', personVariants.compoundFormat],
  ['compound half', personVariants.compoundHalf],
  ['diacritics', personVariants.diacritics],
  ['merge or split', personVariants.mergeSplit],
  ['different middle', personVariants.differentMiddle],
];

describe('blocking keys and the reach of a list change', () => {
  it.each(PERSON_CLASSES)('a listed person matched through a %s variant reaches the subject', (_, generate) => {
    let matched = 0;
    persons.forEach((p, i) => {
      const parts: PersonParts = { first: p.firstName, middle: p.middleName, last: p.lastName, suffix: p.suffix, credential: p.credential };
      const variant = generate(parts, context(i + 1));
      if (!variant) return;
      const party = listedSyntheticPerson(p, `p${i}`, { dateOfBirth: p.dateOfBirth, state: p.state });
      if (reachedWhenMatched({ type: 'person', name: variant }, party)) matched++;
    });
    expect(matched).toBeGreaterThan(0);
  });

  it('a listed person matched with no token of the subject written as on the list still reaches it', () => {
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
      const party = listedSyntheticPerson(p, `p${i}`, { name: `${p.lastName}, ${p.firstName}`, middleName: null, suffix: null });
      if (!reachedWhenMatched(subject, party)) return;
      matched++;
      if (nick) viaNickname++;
    });
    expect(matched).toBeGreaterThan(20);
    expect(viaNickname).toBeGreaterThan(0);
  });

  it('an NPI on both sides reaches the subject even when the names differ', () => {
    const party: ListedParty = {
      entryKey: 'n1',
      kind: 'organization',
      name: 'SUNRISE HOME HEALTH LLC',
      lastName: null,
      firstName: null,
      middleName: null,
      suffix: null,
      aliases: [],
      npis: ['1234567893'],
      dateOfBirth: null,
      state: 'TX',
      providerType: null,
    };
    const subject: Entity = { type: 'person', name: 'Entirely Different', npi: '1234567893' };
    expect(reachedBy(subject, party)).toBe(true);
  });

  it('a listed person the matcher finds viable for a random subject reaches it (random pairs over shared name pools)', () => {
    // Small pools of given names, surnames and their variants, so that many pairs are viable
    // candidates without matching: the reach must hold for viability, not only for matches.
    const pool = createRng(21);
    const given = [
      'JOHN',
      'JON',
      'JOHNNY',
      'MARIA',
      'MARIE',
      'MARY',
      'ANN',
      'ANNA',
      'LI',
      'NA',
      'LINA',
      'JIWOO',
      'JI',
      'WOO',
      'THI',
      'ANH',
    ];
    const surnames = [
      'SMITH',
      'SMYTH',
      'GARCIA',
      'GARCIALOPEZ',
      'LOPEZ',
      'NGUYEN',
      'NGUYN',
      'DELACRUZ',
      'CRUZ',
      'KOWALSKI',
      'KOVALSKI',
      'LEE',
    ];
    const pick = (xs: string[]) => xs[pool.int(xs.length)];
    const parties = Array.from({ length: 30 }, (_, i) =>
      personParty(i, pick(surnames), pick(given), pool.int(3) === 0 ? pick(given) : null, pool.int(6) === 0 ? [pick(given)] : []),
    );
    const subjects: Entity[] = Array.from({ length: 40 }, () => {
      const form = pool.int(5);
      const name =
        form === 0
          ? pick(given)
          : form === 1
            ? `${pick(given)}${pick(surnames)}`
            : form === 2
              ? `${pick(surnames)}, ${pick(given)} ${pick(given)}`
              : `${pick(given)} ${pick(surnames)}`;
      return { type: 'person', name };
    });
    let viable = 0;
    for (const subject of subjects) for (const party of parties) if (reachedWhenViable(subject, party)) viable++;
    expect(viable).toBeGreaterThan(50);
  });

  it('a listed person sharing a single word with the subject does not reach it; one sharing two does', () => {
    expect(reachedBy({ type: 'person', name: 'John Zylstra' }, personParty(1, 'MCALLISTER', 'JOHN'))).toBe(false);
    expect(reachedBy({ type: 'person', name: 'John Zylstra' }, personParty(2, 'ZYLSTRA', 'JON'))).toBe(true);
  });

  it('a subject of one usable word, a listed word answering two subject words, and a one-word alias reach as the matcher finds them', () => {
    expect(reachedWhenViable({ type: 'person', name: 'Madonna' }, personParty(1, 'MADONNA', 'LOUISE'))).toBe(true);
    expect(reachedWhenViable({ type: 'person', name: 'Mary Ann Smith' }, personParty(2, 'SMITH', 'MARYANN'))).toBe(true);
    expect(reachedWhenViable({ type: 'person', name: 'Bubba Jones' }, personParty(3, 'SMITH', 'WILLIAM', null, ['BUBBA']))).toBe(true);
  });

  it('are the same for the same subject whatever the key order of its fields', () => {
    expect(subjectBlockingKeys({ type: 'person', name: 'Ann Lee', state: 'TX' })).toEqual(
      subjectBlockingKeys({ state: 'TX', name: 'Ann Lee', type: 'person' } as Entity),
    );
  });
});
