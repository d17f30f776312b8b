import { buildMatcherIndex, lookupName, screenEntity, type IndexedEntry } from '../../../matcher/engine';
import { listedPerson } from './support/listedPersons';
import type { Entity } from '../../../matcher/types';

/**
 * One shared word is not a potential match (docs/matching.md): a one-word listed name
 * needs something else about the same party to agree with a longer roster name, and two names of
 * several words need two words that agree closely. What the precision evaluation measures
 * (`npm run eval:matcher`, an ordinary roster against the demo lists), form by form.
 */
const person = (entryKey: string, first: string | null, middle: string | null, last: string, extra: Partial<IndexedEntry> = {}) =>
  listedPerson(entryKey, first, middle, last, { sourceKey: 'sam_exclusions', sourceName: 'SAM.gov Exclusions', ...extra });

const list = buildMatcherIndex([
  // SAM's cross-reference `(also MICHAEL SMITH, WAGNER, MICHAEL)` as read before: a bare given-name fragment.
  person('wagner', 'MICHAEL', 'J.', 'WAGNER', { aliases: ['MICHAEL SMITH', 'MICHAEL'], dateOfBirth: '1970-03-04' }),
  person('hernandez', 'NICOLE', null, 'HERNANDEZ', { aliases: ['HERNANDEZ'], npis: ['1234567893'] }),
  person('smith-jones', 'JOHN', null, 'SMITH', { aliases: ['JONES'] }),
  person('cherry', 'SUSAN', null, 'CHERRY'),
  person('anderson', 'ERIN', null, 'ANDERSON'),
  person('rowe', 'CRISTA', null, 'ROWE'),
  person('martin', 'JORGE', 'DOUGLAS', 'MARTIN'),
  person('farias-nieves', 'SANCHO', 'ANGELA', 'FARIAS-NIEVES', { sourceKey: 'oig_leie', name: 'FARIAS-NIEVES, SANCHO ANGELA' }),
  person('garcia-y-lopez', 'JOSE', 'A.', 'GARCIA Y LOPEZ', { sourceKey: 'oig_leie' }),
  person('de-la-cruz-nieves', 'ANA', 'MARIA', 'DE LA CRUZ-NIEVES', { sourceKey: 'oig_leie' }),
  person('silva', 'JOAO', 'PEDRO', 'SOUZA DA SILVA', { sourceKey: 'oig_leie' }),
]);

function matchedKeys(entity: Entity): string[] {
  const result = screenEntity(list, entity);
  return result.matches.map((match) => {
    const listed = match.fields[0].listValue ?? '';
    const name = /\(listed as (.*)\)$/.exec(listed)?.[1] ?? listed;
    return list.entries.find((entry) => entry.name === name && entry.sourceKey === match.provenance.sourceList)!.entryKey;
  });
}

describe('a bare given-name fragment (a one-word listed name)', () => {
  it('is no potential match of a two-word roster name that shares only that word', () => {
    expect(matchedKeys({ type: 'person', name: 'Michael Thompson' })).toEqual([]);
  });
  it('still matches a one-word roster name', () => {
    expect(matchedKeys({ type: 'person', name: 'MICHAEL' })).toContain('wagner');
  });
  it('matches when the date of birth agrees', () => {
    const result = screenEntity(list, { type: 'person', name: 'Michael Thompson', dateOfBirth: '1970-03-04' });
    expect(result.status).toBe('potential_match');
    expect(result.matches[0].fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'dateOfBirth', state: 'matched' })]));
  });
  it('is the same in the public lookup', () => {
    expect(lookupName(list, { name: 'Michael Thompson', type: 'person' })).toEqual([]);
  });
});

describe('a bare surname (a one-word listed name)', () => {
  it('without a corroborating field: no potential match', () => {
    expect(matchedKeys({ type: 'person', name: 'Maria Hernandez' })).toEqual([]);
    expect(matchedKeys({ type: 'person', name: 'Maria Hernandez', dateOfBirth: '1980-01-01', npi: '1999999992' })).toEqual([]);
  });
  it('with the NPI agreeing: a potential match, and an exact NPI is always reported', () => {
    expect(matchedKeys({ type: 'person', name: 'Maria Hernandez', npi: '1234567893' })).toEqual(['hernandez']);
    expect(matchedKeys({ type: 'person', name: 'Quentin Blake', npi: '1234567893' })).toEqual(['hernandez']);
  });
  it('with one more name word the party is listed under: JOHN SMITH aka JONES is John Jones, not Mary Jones', () => {
    expect(matchedKeys({ type: 'person', name: 'John Jones' })).toEqual(['smith-jones']);
    expect(matchedKeys({ type: 'person', name: 'Mary Jones' })).toEqual([]);
  });
});

describe('two names of several words', () => {
  it('need two words that agree closely: one shared word and a likeness is noise', () => {
    for (const name of ['Susan Curry', 'Brian Anderson', 'Kristi Bower', 'Jorge Martinez']) {
      expect({ name, keys: matchedKeys({ type: 'person', name }) }).toEqual({ name, keys: [] });
    }
  });
  it('a typo, a nickname, a misreading or an initial is close enough', () => {
    expect(matchedKeys({ type: 'person', name: 'Susan Cherri' })).toEqual(['cherry']);
    expect(matchedKeys({ type: 'person', name: 'Sue Cherry' })).toEqual(['cherry']);
    expect(matchedKeys({ type: 'person', name: 'Erin Andersen' })).toEqual(['anderson']);
    expect(matchedKeys({ type: 'person', name: 'S Cherry' })).toEqual(['cherry']);
    expect(matchedKeys({ type: 'person', name: 'Jorge D Martin' })).toEqual(['martin']);
  });
});

describe('a compound surname given in part, the list carrying a middle name', () => {
  it('FARIAS-NIEVES, SANCHO ANGELA ~ Sancho Farias ~ Sancho Nieves ~ Sancho A Farias', () => {
    for (const name of ['Sancho Farias', 'Sancho Nieves', 'Sancho A Farias', 'Sancho Nieves Farias']) {
      expect({ name, keys: matchedKeys({ type: 'person', name }) }).toEqual({ name, keys: ['farias-nieves'] });
    }
  });
  it('GARCIA Y LOPEZ, JOSE A. (a middle initial) ~ Jose Garcia ~ Jose Lopez', () => {
    for (const name of ['Jose Garcia', 'Jose Lopez']) expect(matchedKeys({ type: 'person', name })).toEqual(['garcia-y-lopez']);
  });
  it('DE LA CRUZ-NIEVES, ANA MARIA (particles) ~ Ana Cruz ~ Ana de la Cruz ~ Ana Delacruz ~ Ana Nieves', () => {
    for (const name of ['Ana Cruz', 'Ana de la Cruz', 'Ana Delacruz', 'Ana Nieves'])
      expect(matchedKeys({ type: 'person', name })).toEqual(['de-la-cruz-nieves']);
  });
  it('SOUZA DA SILVA, JOAO PEDRO (Portuguese order) ~ Joao Silva ~ Joao Souza', () => {
    for (const name of ['Joao Silva', 'Joao Souza']) expect(matchedKeys({ type: 'person', name })).toEqual(['silva']);
  });
  it('ranks a one-part match below the full name', () => {
    const part = screenEntity(list, { type: 'person', name: 'Sancho Farias' }).matches[0].score;
    const full = screenEntity(list, { type: 'person', name: 'Sancho Angela Farias-Nieves' }).matches[0].score;
    expect(part).toBeLessThan(full);
  });
});
