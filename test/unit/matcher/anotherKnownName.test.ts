import { buildMatcherIndex, lookupName } from '../../../matcher/engine';
import { isKnownName, parseCensusNames } from '../../../matcher/normalize/knownNames';
import type { Match } from '../../../matcher/types';
import { listedPerson as person, screenPerson, type PersonSubject } from './support/listedPersons';

/**
 * A roster word that is another real name, a typo's distance from the listed word (one letter off
 * a listed name of three or four letters, two off one of seven or more), is another person more
 * often than a typo: beside the other name word as listed, it is a potential match only when a
 * middle name or initial, the date of birth, the NPI or the state agrees. A typo that is no name
 * (JENKNIS) still finds the listed person on the name alone.
 */
const list = buildMatcherIndex([
  person('jenkins', 'JOHN', 'T', 'JENKINS', { dateOfBirth: '1966-04-09', state: 'TX', npis: ['1234567893'] }),
  person('webster', 'CHARLES', null, 'WEBSTER'),
  person('garner', 'ROY', null, 'GARNER', { state: 'OK' }),
  person('park', 'JUNE', 'A', 'PARK'),
  person('kwon', 'LINDA', null, 'KWON'),
  person('rucker', 'JOAN', null, 'RUCKER'),
  person('kane', 'JON', null, 'KANE'),
  person('diaz', 'JOAN', null, 'DIAZ'),
  person('gardiner', 'TINA', 'CLAUDIA', 'GARDINER'),
]);
const screen = (subject: PersonSubject) => screenPerson(list, subject);

function fieldState(match: Match, field: string): string | undefined {
  return match.fields.find((f) => f.field === field)?.state;
}

describe('a roster word that is another known name a typo away from the listed one needs corroboration', () => {
  it('John Elkins ~ JOHN T JENKINS (a surname two letters off a listed one of seven): no potential match on the name alone', () => {
    expect(screen({ name: 'John Elkins' }).keys).toEqual([]);
    expect(lookupName(list, { name: 'John Elkins', type: 'person' })).toEqual([]);
  });
  it('Carlos Webster ~ CHARLES WEBSTER, Rey Garner ~ ROY GARNER, Jun Park ~ JUNE A PARK: no potential match on the name alone', () => {
    expect(screen({ name: 'Carlos Webster' }).keys).toEqual([]);
    expect(screen({ name: 'Rey Garner' }).keys).toEqual([]);
    expect(screen({ name: 'Jun Park' }).keys).toEqual([]);
  });
  it('Jean Rucker ~ JOAN RUCKER (another given name a letter off), Jon Kang ~ JON KANE (another surname a letter off): no potential match on the name alone', () => {
    expect(screen({ name: 'Jean Rucker' }).keys).toEqual([]);
    expect(screen({ name: 'Jon Kang' }).keys).toEqual([]);
    expect(screen({ name: 'Joan Rucker' }).keys).toEqual(['rucker']);
  });
  it('the date of birth, the NPI or the state agreeing makes it a potential match, shown as the field that carries it', () => {
    const byDate = screen({ name: 'John Elkins', dateOfBirth: '1966-04-09' });
    expect(byDate.keys).toEqual(['jenkins']);
    expect(fieldState(byDate.matches[0], 'name')).toBe('matched');
    expect(fieldState(byDate.matches[0], 'dateOfBirth')).toBe('matched');
    const byNpi = screen({ name: 'John Elkins', npi: '1234567893' });
    expect(byNpi.keys).toEqual(['jenkins']);
    expect(fieldState(byNpi.matches[0], 'npi')).toBe('matched');
    const byState = screen({ name: 'Rey Garner', state: 'ok' });
    expect(byState.keys).toEqual(['garner']);
    expect(fieldState(byState.matches[0], 'state')).toBe('matched');
  });
  it('a field that conflicts corroborates nothing', () => {
    expect(screen({ name: 'John Elkins', dateOfBirth: '1966-04-10' }).keys).toEqual([]);
    expect(screen({ name: 'Rey Garner', state: 'TX' }).keys).toEqual([]);
  });
  it('a middle name or initial that agrees corroborates the name by itself', () => {
    expect(screen({ name: 'John T Elkins' }).keys).toEqual(['jenkins']);
    expect(screen({ name: 'Jun A Park' }).keys).toEqual(['park']);
  });
  it('a typo that makes no name still finds the listed person on the name alone', () => {
    expect(screen({ name: 'John Jenknis' }).keys).toEqual(['jenkins']);
    expect(screen({ name: 'Ryo Garner' }).keys).toEqual(['garner']);
    expect(screen({ name: 'Jnue Park' }).keys).toEqual(['park']);
    expect(screen({ name: 'Charels Webster' }).keys).toEqual(['webster']);
  });
  it('a slip beside it that makes no name shows a name typed with slips: Jona Iaz ~ JOAN DIAZ still finds the listed person', () => {
    expect(screen({ name: 'Jona Iaz' }).keys).toEqual(['diaz']);
    expect(screen({ name: 'Jona Diaz' }).keys).toEqual([]);
  });
  it('a middle name that agrees corroborates it beside a surname typo: Mina Claudia Gardienr ~ TINA CLAUDIA GARDINER', () => {
    expect(screen({ name: 'Mina Claudia Gardienr' }).keys).toEqual(['gardiner']);
    expect(screen({ name: 'Mina Gardiner' }).keys).toEqual([]);
  });
  it('a nickname of the listed name is no other name, and a surname the census prints below 0.001% is no known name', () => {
    expect(screen({ name: 'Jon Jenkins' }).keys).toEqual(['jenkins']);
    expect(isKnownName('KOWN')).toBe(false);
    expect(screen({ name: 'Linda Kown' }).keys).toEqual(['kwon']);
  });
  it('the known names are the census given names, its surnames printed at 0.001% or more, and the nickname data set', () => {
    expect(parseCensusNames('SMITH          1.006  1.006      1\nKOWN           0.000 90.000  80000\n', 0.001)).toEqual(['SMITH']);
    expect(['ELKINS', 'CARLOS', 'REY', 'JUN', 'TIA'].every(isKnownName)).toBe(true);
    expect(['JENKNIS', 'RYO', 'JNUE'].some(isKnownName)).toBe(false);
  });
});
