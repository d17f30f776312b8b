import { join } from 'node:path';
import { takeOtherNames } from '../../../activities/lists/sources/states/nameNotes';
import { scratchDir, writeXlsx } from '../../fixtures/lists/builders';
import { parseWith } from './parse';

describe('other names written into a name cell without a marker', () => {
  it.each([
    ['a maiden name after the surname', 'SMITH (JONES), MARY', { text: 'SMITH, MARY', surnames: ['JONES'], givenNames: [] }],
    ['a maiden name at the end', 'MARY SMITH (JONES)', { text: 'MARY SMITH', surnames: ['JONES'], givenNames: [] }],
    ['a quoted nickname', 'ROBERT "BOB" SMITH', { text: 'ROBERT SMITH', surnames: [], givenNames: ['BOB'] }],
    ['a quoted nickname after the given name', 'SMITH, ROBERT “BOB” J', { text: 'SMITH, ROBERT J', surnames: [], givenNames: ['BOB'] }],
    ['a nickname in parentheses after the given name', 'SMITH, ROBERT (BOB)', { text: 'SMITH, ROBERT', surnames: [], givenNames: ['BOB'] }],
  ])('%s: %s', (_shape, cell, expected) => {
    expect(takeOtherNames(cell)).toEqual(expected);
  });

  it.each([
    ['a marked alias', 'SMITH, ROBERT (aka BOBBY SMITH)'],
    ['a quoted alias after a marker', 'Jordan Exampleson: aka "Jordy Exampleson"'],
    ['an owner note', 'ACME CARE (Jane Doe, Owner)'],
    ['a plain name', 'SMITH, ROBERT J'],
  ])('leaves %s to the alias reader: %s', (_shape, cell) => {
    expect(takeOtherNames(cell)).toEqual({ text: cell, surnames: [], givenNames: [] });
  });
});

describe('a full-name list reads unmarked other names as aliases, not as name parts', () => {
  it('NY: maiden names, quoted nicknames and a whole name after aka', async () => {
    const path = await writeXlsx(join(scratchDir(), 'ny.xlsx'), [
      {
        name: 'Exclusions',
        rows: [
          ['Provider Name', 'NPI Num', 'Provider Type', 'License Num', 'Exclusion Effective Date'],
          ['SMITH (JONES), MARY', '-', '', '-', '08/15/2023'],
          ['ROBERT "BOB" SMITH', '-', '', '-', '08/15/2023'],
          ['SMITH, ROBERT "BOB" J', '-', '', '-', '08/15/2023'],
          ['SMITH, ROBERT J (aka BOBBY SMITH)', '-', '', '-', '08/15/2023'],
        ],
      },
    ]);
    const { entries } = await parseWith('state_ny', path);
    expect(
      entries.map(({ name, lastName, firstName, middleName, aliases }) => ({ name, lastName, firstName, middleName, aliases })),
    ).toEqual([
      { name: 'MARY SMITH', lastName: 'SMITH', firstName: 'MARY', middleName: null, aliases: ['MARY JONES'] },
      { name: 'ROBERT SMITH', lastName: 'SMITH', firstName: 'ROBERT', middleName: null, aliases: ['BOB SMITH'] },
      { name: 'ROBERT J SMITH', lastName: 'SMITH', firstName: 'ROBERT', middleName: 'J', aliases: ['BOB SMITH'] },
      { name: 'ROBERT J SMITH', lastName: 'SMITH', firstName: 'ROBERT', middleName: 'J', aliases: ['BOBBY SMITH'] },
    ]);
  });
});
