import { personFromCells } from '../../../activities/lists/sources/entry';
import { looksLikeOrganization } from '../../../activities/lists/sources/names';

describe('a generational suffix in a name cell of its own list', () => {
  it.each([
    ['the last name (LEIE `ALLEN SR`)', { lastName: 'ALLEN SR', firstName: 'TERRANCE' }, 'ALLEN', 'TERRANCE', 'SR'],
    ['the first name (LEIE `BENJAMIN SR`)', { lastName: 'BADILLA', firstName: 'BENJAMIN SR' }, 'BADILLA', 'BENJAMIN', 'SR'],
    ['the first name with a dot', { lastName: 'LEWIS', firstName: 'DOUGLAS JR.' }, 'LEWIS', 'DOUGLAS', 'JR'],
  ])('is taken out of %s', (_shape, cells, lastName, firstName, suffix) => {
    const { name, display } = personFromCells(cells);
    expect(name).toEqual({ lastName, firstName, middleName: null, suffix });
    expect(display).toBe(`${firstName} ${lastName} ${suffix}`);
  });

  it('stays when the list has a suffix cell, and a lone word is a name', () => {
    expect(personFromCells({ lastName: 'SMITH', firstName: 'JOHN', suffix: 'III' }).name.suffix).toBe('III');
    expect(personFromCells({ lastName: 'V', firstName: 'JOHN' }).name).toMatchObject({ lastName: 'V', suffix: null });
    expect(personFromCells({ lastName: 'SMITH', firstName: 'JR' }).name).toMatchObject({ firstName: 'JR', suffix: null });
  });
});

describe('an organization named without a legal form', () => {
  it.each([
    'PINNACLE PEDIATRICS',
    'TRI-COUNTY PEDIATRICS',
    'ATLANTIC CHIROPRACTIC',
    'SUNRISE HOSPICE',
    'VALLEY IMAGING',
    'Cook Consulting',
  ])('%s reads as an organization', (name) => expect(looksLikeOrganization(name)).toBe(true));

  it('a person does not', () => expect(looksLikeOrganization('MARIA L HARRIS')).toBe(false));
});
