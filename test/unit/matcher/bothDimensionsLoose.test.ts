import { buildMatcherIndex, lookupName } from '../../../matcher/engine';
import type { Match } from '../../../matcher/types';
import { listedPerson as person, screenPerson, type PersonSubject } from './support/listedPersons';

/**
 * A given name that meets the listed one only as a variant (a nickname, a truncation, a sound-alike
 * or a looser likeness of letters) beside a surname that is not the listed one: both dimensions
 * loose at once is a potential match only when the date of birth, the NPI or the state agrees, or
 * a middle name or initial does (docs/matching.md). Each loose dimension alone still
 * finds the listed person.
 */
const list = buildMatcherIndex([
  person('hollins', 'ROBERT', null, 'HOLLINS', { dateOfBirth: '1961-05-02', state: 'OH' }),
  person('fischer', 'DARLENE', null, 'FISCHER', { dateOfBirth: '1975-09-14', state: 'NY' }),
  person('smythe', 'WILLIAM', 'JAMES', 'SMYTHE', { dateOfBirth: '1958-01-30', state: 'PA', npis: ['1234567893'] }),
  person('rucker', 'JOAN', null, 'RUCKER'),
]);
const screen = (subject: PersonSubject) => screenPerson(list, subject);

function fieldState(match: Match, field: string): string | undefined {
  return match.fields.find((f) => f.field === field)?.state;
}

describe('a given-name variant beside a surname that is not the listed one', () => {
  it('Albert Hollis ~ ROBERT HOLLINS (two different names, a surname one edit away): no potential match on the name alone', () => {
    expect(screen({ name: 'Albert Hollis' }).keys).toEqual([]);
    expect(lookupName(list, { name: 'Albert Hollis', type: 'person' })).toEqual([]);
  });
  it('Albert Hollis ~ ROBERT HOLLINS with the date of birth agreeing: a potential match, the date shown as the field that carries it', () => {
    const { keys, matches } = screen({ name: 'Albert Hollis', dateOfBirth: '1961-05-02' });
    expect(keys).toEqual(['hollins']);
    expect(fieldState(matches[0], 'name')).toBe('matched');
    expect(fieldState(matches[0], 'dateOfBirth')).toBe('matched');
  });
  it('a date of birth that conflicts, or the state alone, does not corroborate a likeness that is not even close', () => {
    expect(screen({ name: 'Albert Hollis', dateOfBirth: '1961-05-03' }).keys).toEqual([]);
    expect(screen({ name: 'Albert Hollis', state: 'OH' }).keys).toEqual([]);
  });
  it('Darrell Fisher ~ DARLENE FISCHER (a male name against a female one, a surname one edit away): no potential match on the name alone', () => {
    expect(screen({ name: 'Darrell Fisher' }).keys).toEqual([]);
    expect(screen({ name: 'Darrell Fisher', state: 'NY' }).keys).toEqual([]);
  });
  it('Bill Smyth ~ WILLIAM JAMES SMYTHE (a nickname, a surname one edit away): a potential match only when something else agrees', () => {
    expect(screen({ name: 'Bill Smyth' }).keys).toEqual([]);
    expect(screen({ name: 'Bill Smyth', state: 'NJ' }).keys).toEqual([]);
    const byState = screen({ name: 'Bill Smyth', state: 'pa' });
    expect(byState.keys).toEqual(['smythe']);
    expect(fieldState(byState.matches[0], 'state')).toBe('matched');
    const byNpi = screen({ name: 'Bill Smyth', npi: '1234567893' });
    expect(byNpi.keys).toEqual(['smythe']);
    expect(fieldState(byNpi.matches[0], 'npi')).toBe('matched');
    expect(screen({ name: 'Bill Smyth', dateOfBirth: '1958-01-30' }).keys).toEqual(['smythe']);
  });
  it('Jean Buckner ~ JOAN RUCKER (another given name one letter away, a surname two away): no potential match on the name alone', () => {
    expect(screen({ name: 'Jean Buckner' }).keys).toEqual([]);
  });
  it('a middle name or initial that agrees corroborates the name by itself', () => {
    expect(screen({ name: 'Bill J Smyth' }).keys).toEqual(['smythe']);
    expect(screen({ name: 'Bill James Smyth' }).keys).toEqual(['smythe']);
  });
});

describe('one loose dimension alone still finds the listed person', () => {
  it('a nickname beside the surname as listed', () => {
    expect(screen({ name: 'Bob Hollins' }).keys).toEqual(['hollins']);
    expect(screen({ name: 'Bill Smythe' }).keys).toEqual(['smythe']);
  });
  it('the given name as listed beside a surname typo', () => {
    expect(screen({ name: 'Robert Hollis' }).keys).toEqual(['hollins']);
    expect(screen({ name: 'Darlene Fisher' }).keys).toEqual(['fischer']);
    expect(screen({ name: 'Joan Ruckner' }).keys).toEqual(['rucker']);
  });
  it('a typo in each of the given name and the surname (a misspelt name, not another one)', () => {
    expect(screen({ name: 'Rpbert Hollis' }).keys).toEqual(['hollins']);
    expect(screen({ name: 'Darlne Fisher' }).keys).toEqual(['fischer']);
  });
});

const more = buildMatcherIndex([
  person('castro', 'AMANDA', null, 'CASTRO'),
  person('parker', 'KAREN', null, 'PARKER'),
  person('jenkins', 'MARY', null, 'JENKINS'),
  person('zimmerman', 'KATHRYN', 'M', 'ZIMMERMAN', { dateOfBirth: '1970-03-12', state: 'WA' }),
  person('kane', 'JON', null, 'KANE'),
  person('daniel', 'SHANNON', 'M', 'DANIEL', { dateOfBirth: '1982-07-19' }),
  person('oakley', 'OSCAR', 'J', 'OAKLEY'),
  person('delarosa', 'JOAQUIN', 'DE LEON', 'DE LA ROSA'),
  person('delafuente', 'CONSUELO', null, 'DE LA FUENTE Y DE LA FUENTE'),
]);

const screenMore = (subject: PersonSubject): string[] => screenPerson(more, subject).keys;

describe('two letters off a listed word of fewer than seven letters make another name, not a typo', () => {
  it('Armando Castro ~ AMANDA CASTRO and Karen Pariser ~ KAREN PARKER: no potential match', () => {
    expect(screenMore({ name: 'Armando Castro' })).toEqual([]);
    expect(screenMore({ name: 'Karen Pariser' })).toEqual([]);
    expect(lookupName(more, { name: 'Armando Castro', type: 'person' })).toEqual([]);
  });
  it('one letter off them is still a typo, and so are two letters off a listed word of seven or more', () => {
    expect(screenMore({ name: 'Amenda Castro' })).toEqual(['castro']);
    expect(screenMore({ name: 'Karen Parkes' })).toEqual(['parker']);
    expect(screenMore({ name: 'Mary Jinkens' })).toEqual(['jenkins']);
  });
});

describe('a given name and a surname both misspelt, one of them by more than a letter, need corroboration', () => {
  it('Katrin Zimmermann ~ KATHRYN M ZIMMERMAN (two letters off the given name, one off the surname): no potential match on the name alone', () => {
    expect(screenMore({ name: 'Katrin Zimmermann' })).toEqual([]);
    expect(lookupName(more, { name: 'Katrin Zimmermann', type: 'person' })).toEqual([]);
  });
  it('Jun Kang ~ JON KANE (a letter off a given name of three letters, a letter off the surname): no potential match on the name alone', () => {
    expect(screenMore({ name: 'Jun Kang' })).toEqual([]);
  });
  it('the date of birth, the state or a middle initial agreeing makes it a potential match', () => {
    expect(screenMore({ name: 'Katrin Zimmermann', dateOfBirth: '1970-03-12' })).toEqual(['zimmerman']);
    expect(screenMore({ name: 'Katrin Zimmermann', state: 'WA' })).toEqual(['zimmerman']);
    expect(screenMore({ name: 'Katrin Zimmermann', state: 'OR' })).toEqual([]);
    expect(screenMore({ name: 'Katrin M Zimmermann' })).toEqual(['zimmerman']);
  });
  it('one letter off each of a given name and a surname of four letters or more is the same name misspelt', () => {
    expect(screenMore({ name: 'Kathryn Zimmermann' })).toEqual(['zimmerman']);
    expect(screenMore({ name: 'Kathrin Zimmermann' })).toEqual(['zimmerman']);
    expect(screenMore({ name: 'Jon Kanr' })).toEqual(['kane']);
  });
});

describe('a name whose words meet the listed ones only in another order needs them written as listed', () => {
  it('Daniel Cannon ~ SHANNON M DANIEL (the surname read as the given name, the other word two letters off): no potential match on the name alone', () => {
    expect(screenMore({ name: 'Daniel Cannon' })).toEqual([]);
    expect(screenMore({ name: 'Daniel Cannon', dateOfBirth: '1982-07-19' })).toEqual(['daniel']);
  });
  it('Jacob Oscar Daley ~ OSCAR J OAKLEY (given and middle names swapped, the surname a likeness): no potential match on the name alone', () => {
    expect(screenMore({ name: 'Jacob Oscar Daley' })).toEqual([]);
  });
  it('every word as listed, in another order, still finds the listed person', () => {
    expect(screenMore({ name: 'Daniel Shannon' })).toEqual(['daniel']);
    expect(screenMore({ name: 'Jacob Oscar Oakley' })).toEqual(['oakley']);
    expect(screenMore({ name: 'Daniel, Shannon M' })).toEqual(['daniel']);
  });
  it('a particle or a compound surname part paired with its twin elsewhere in the listed name is no other order', () => {
    expect(screenMore({ name: 'Joaquin Deleon De La Rosa' })).toEqual(['delarosa']);
    expect(screenMore({ name: 'Consuelo Delafuente Y De La Fuente' })).toEqual(['delafuente']);
  });
});
