import { join } from 'node:path';
import { takeTrailingCredentials } from '../../../activities/lists/sources/states/credentials';
import { scratchDir, writeXlsx } from '../../fixtures/lists/builders';
import { parseWith } from './parse';

describe('a credential glued to a name cell', () => {
  it.each([
    ['HARRIS, MARIA L (LPN)', 'HARRIS, MARIA L', 'LPN'],
    ['WHITE, LATONIA (PA-C)', 'WHITE, LATONIA', 'PA-C'],
    ['WHITE, LATONIA (PA-C', 'WHITE, LATONIA', 'PA-C'],
    ['GIBSON, GREGORY (PhD)', 'GIBSON, GREGORY', 'PhD'],
    ['PETERS, JEAN P, EMT', 'PETERS, JEAN P', 'EMT'],
    ['LONG, ALVIN R, R.N.', 'LONG, ALVIN R', 'R.N.'],
    ['WILSON, DOROTHY, BSN, RN', 'WILSON, DOROTHY', 'BSN, RN'],
    ['KING, ROY JR, M.D.', 'KING, ROY JR', 'M.D.'],
    ['GORDON N. FITZGERALD, M.D.', 'GORDON N. FITZGERALD', 'M.D.'],
    ['KRYSTAL ELLIOTT aka KRYSTAL RINKER, CNA', 'KRYSTAL ELLIOTT aka KRYSTAL RINKER', 'CNA'],
    ['DAVID MALCOLM WYANT, PharmD', 'DAVID MALCOLM WYANT', 'PharmD'],
  ])('%s is the name %s with the credential %s', (cell, name, credential) => {
    expect(takeTrailingCredentials(cell)).toEqual({ name, credential });
  });

  it.each([
    ['a practice named after its clinician', 'DONALD CARTER DDS, PA'],
    ['a partnership', 'SMITH & JONES, PA'],
    ['a business', 'SUNRISE HOME HEALTH (PT)'],
    ['a given name only', 'NGUYEN, DO'],
    ['a surname that is also a credential word', 'DO, KENNETH'],
    ['a suffix', 'SMITH, JOHN JR'],
    ['an alias note', 'SMITH, JOHN (aka JJ)'],
  ])('leaves %s whole: %s', (_shape, cell) => {
    expect(takeTrailingCredentials(cell)).toEqual({ name: cell, credential: null });
  });
});

describe('full-name lists read a glued credential as the provider type', () => {
  const dir = scratchDir();

  it('NY: `LAST, FIRST M (CRED)` and `LAST, FIRST M, CRED` are inverted persons without the credential', async () => {
    const path = await writeXlsx(join(dir, 'ny.xlsx'), [
      {
        name: 'Exclusions',
        rows: [
          ['Provider Name', 'NPI Num', 'Provider Type', 'License Num', 'Exclusion Effective Date'],
          ['HARRIS, MARIA L (LPN)', '-', 'LICENSED PRACTICAL NURSE', '123456', '08/15/2023'],
          ['WHITE, LATONIA (PA-C)', '-', '', '-', '08/15/2023'],
          ['PETERS, JEAN P, BSN, RN', '-', 'REGISTERED NURSE', '-', '08/15/2023'],
          ['DONALD CARTER DDS, PA', '-', 'DENTAL PRACTICE', '-', '08/15/2023'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_ny', path);
    expect(report.badRowCount).toBe(0);
    expect(
      entries.map(({ kind, name, lastName, firstName, middleName, providerType }) => ({
        kind,
        name,
        lastName,
        firstName,
        middleName,
        providerType,
      })),
    ).toEqual([
      {
        kind: 'person',
        name: 'MARIA L HARRIS',
        lastName: 'HARRIS',
        firstName: 'MARIA',
        middleName: 'L',
        providerType: 'LICENSED PRACTICAL NURSE',
      },
      { kind: 'person', name: 'LATONIA WHITE', lastName: 'WHITE', firstName: 'LATONIA', middleName: null, providerType: 'PA-C' },
      { kind: 'person', name: 'JEAN P PETERS', lastName: 'PETERS', firstName: 'JEAN', middleName: 'P', providerType: 'REGISTERED NURSE' },
      {
        kind: 'organization',
        name: 'DONALD CARTER DDS, PA',
        lastName: null,
        firstName: null,
        middleName: null,
        providerType: 'DENTAL PRACTICE',
      },
    ]);
  });

  it('SC: a natural-order name with an alias and a credential keeps the alias and drops the credential', async () => {
    const path = await writeXlsx(join(dir, 'sc.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['SCDHHS Excluded Providers'],
          ['Fictional'],
          ['Individual/Entity', 'NPI', 'Last Known Profession/Provider Type', 'City', 'State', 'Zip', 'Date Excluded'],
          ['KRYSTAL ELLIOTT aka KRYSTAL RINKER, M.D.', 'Not Found', 'Internist', 'COLUMBIA', 'SC', '29201', '04/20/2025'],
          ['RALPH MAJIC, NP', 'Not Found', '', 'COLUMBIA', 'SC', '29201', '04/20/2025'],
        ],
      },
    ]);
    const { entries } = await parseWith('state_sc', path);
    expect(
      entries.map(({ name, lastName, firstName, aliases, providerType }) => ({ name, lastName, firstName, aliases, providerType })),
    ).toEqual([
      { name: 'KRYSTAL ELLIOTT', lastName: 'ELLIOTT', firstName: 'KRYSTAL', aliases: ['KRYSTAL RINKER'], providerType: 'Internist' },
      { name: 'RALPH MAJIC', lastName: 'MAJIC', firstName: 'RALPH', aliases: [], providerType: 'NP' },
    ]);
  });
});
