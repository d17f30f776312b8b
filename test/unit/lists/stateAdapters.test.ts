import { join } from 'node:path';
import { writeXlsx, scratchDir } from '../../fixtures/lists/builders';
import { ArtifactFormatError } from '../../../activities/lists/sources/types';
import { byName, FIXTURES, parseWith } from './parse';

const STATES = join(FIXTURES, 'states');

describe('state list engine: CSV layouts', () => {
  it('CA: N/A nulls, businesses with first name N/A, `;` aliases, NPIs mixed with legacy numbers', async () => {
    const { entries, report } = await parseWith('state_ca', join(STATES, 'ca.csv'));
    expect(report.badRowCount).toBe(0);
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      aliases: ['JORDY EXAMPLESON', 'J.Q. EXAMPLESON'],
      npis: ['1000000012'],
      startDate: '2023-08-15',
      endDateKind: 'indefinite',
    });
    expect(byName(entries, 'FICTIONAL CARE PHARMACY INC')).toMatchObject({ kind: 'organization', aliases: ['FCP RX', 'FICTIONAL CARE'] });
    expect(byName(entries, 'DANA SAMPLEFIELD-RUIZ')).toMatchObject({ middleName: null, aliases: [], npis: [], startDate: null });
  });

  it('PA: a person and their business on one row become two entries', async () => {
    const { entries } = await parseWith('state_pa', join(STATES, 'pa.csv'));
    expect(entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'person:MARCUS A TESTWORTH JR',
      'organization:MOCKRIDGE MEDICAL SUPPLY LLC',
      'person:ROBIN R PLACEHOLDT',
      'organization:PLACEHOLDT CHIROPRACTIC PC',
    ]);
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC').aliases).toEqual(['MOCKRIDGE DME']);
  });

  it('LA: date line above the header, leading-space headers, NRF, 9999 sentinel, aka and dba', async () => {
    const { entries, report } = await parseWith('state_la', join(STATES, 'la.csv'));
    expect(report.badRowCount).toBe(0);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      npis: [],
      dateOfBirth: '1978-02-14',
      state: 'LA',
      endDateKind: 'indefinite',
    });
    expect(byName(entries, 'FAKEWELL HOME HEALTH LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['FAKEWELL CARE'],
      npis: ['1777888995'],
    });
    expect(byName(entries, 'CASEY FAKEWELL')).toMatchObject({ aliases: ['KC FAKEWELL'], state: 'TX', action: 'OIG' });
  });

  it('AR: LAST, FIRST with aka in the surname, facility with glued d/b/a', async () => {
    const { entries } = await parseWith('state_ar', join(STATES, 'ar.csv'));
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({ lastName: 'EXAMPLESON', firstName: 'JORDAN', middleName: 'Q' });
    expect(byName(entries, 'DANA SAMPLEFIELD').aliases).toEqual(['DANA SAMPLES']);
    expect(byName(entries, 'Dana Samplefield').aliases).toEqual(['Sunny Day Fictional Daycare']);
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC').kind).toBe('organization');
  });

  it('refuses a file without the expected header keys', async () => {
    await expect(parseWith('state_pa', join(STATES, 'ca.csv'))).rejects.toBeInstanceOf(ArtifactFormatError);
  });
});

describe('state list engine: XLSX layouts', () => {
  const dir = scratchDir();

  it('WA: 3 title rows, names and NPIs stacked on lines in one cell', async () => {
    const path = await writeXlsx(join(dir, 'wa.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['Washington State Health Care Authority'],
          ['Provider Termination and Exclusion List'],
          ['Updated 03/31/2025'],
          ['Name', 'NPI or P1', 'License', 'Date of Exclusion', 'Action'],
          ['EXAMPLESON, JORDAN\nEXAMPLESON, JORDY', '1000000012\nP1000123456', 'RN00012345', new Date(Date.UTC(2023, 7, 15)), 'Terminated'],
          ['FICTIONAL CARE PHARMACY INC', 'N/A', '', '03/11/2024', 'Excluded'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_wa', path);
    expect(report.badRowCount).toBe(0);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      aliases: ['JORDY EXAMPLESON'],
      npis: ['1000000012'],
      startDate: '2023-08-15',
      action: 'Terminated',
    });
    expect(byName(entries, 'FICTIONAL CARE PHARMACY INC')).toMatchObject({ kind: 'organization', npis: [], startDate: '2024-03-11' });
  });

  it('NC: 6 junk rows, NPI/atypical id column, owner column kept as alias', async () => {
    const path = await writeXlsx(join(dir, 'nc.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['NC Medicaid'],
          ['State Excluded Provider List'],
          [''],
          ['Notice: fictional'],
          ['As of 2025-03-31'],
          [''],
          [
            'Excluded Entity',
            'NPI/Atypical ID (Excluded)',
            'Ownership',
            'City',
            'State',
            'Zip Code',
            'Effective Date',
            'Reason for Exclusion',
          ],
          ['MOCKRIDGE MEDICAL SUPPLY LLC', '1700000056', 'JOHN DOE', 'RALEIGH', 'NC', '27601', '03/26/2025', 'Fraud'],
          ['SAMPLEFIELD, DANA', 'A123456', '', 'DURHAM', 'NC', '27701', '01/02/2024', 'License'],
        ],
      },
    ]);
    const { entries } = await parseWith('state_nc', path);
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['JOHN DOE'],
      npis: ['1700000056'],
    });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ kind: 'person', npis: [], state: 'NC' });
  });

  it('OH: Instructions, Individuals and Organizations sheets; Owner: and several NPIs in one cell', async () => {
    const path = await writeXlsx(join(dir, 'oh.xlsx'), [
      { name: 'Instructions', rows: [['How to use this list'], ['Fictional fixture']] },
      {
        name: 'Individuals',
        rows: [
          ['Last Name', 'First Name', 'DOB', 'NPI', 'Provider Type', 'Provider ID', 'Action Date', 'Status', 'Date Added'],
          [
            'TESTWORTH (a.k.a. TESTER)',
            'MARCUS',
            '09/30/1965',
            '1000000012 / 1200000036',
            'Physician',
            '0012345',
            '01/20/2022',
            'Excluded',
            '01/25/2022',
          ],
        ],
      },
      {
        name: 'Organizations',
        rows: [
          [
            'Organization Name',
            'Address 1',
            'Address 2',
            'City',
            'State',
            'Zip Code',
            'NPI',
            'Provider Type',
            'Provider ID',
            'Action Date',
            'Status',
            'Date Added',
          ],
          [
            'BEST CARE dba BEST HOME CARE Owner: JANE ROE',
            '1 MAIN ST',
            '',
            'DAYTON',
            'OH',
            '45402',
            'N/A',
            'Home Health',
            '0099',
            '05/05/2024',
            'Suspended',
            '05/06/2024',
          ],
        ],
      },
    ]);
    const { entries } = await parseWith('state_oh', path);
    expect(entries).toHaveLength(2);
    expect(byName(entries, 'MARCUS TESTWORTH')).toMatchObject({
      aliases: ['MARCUS TESTER'],
      npis: ['1000000012', '1200000036'],
      dateOfBirth: '1965-09-30',
    });
    expect(byName(entries, 'BEST CARE')).toMatchObject({
      kind: 'organization',
      aliases: ['BEST HOME CARE', 'JANE ROE'],
      action: 'Suspended',
      state: 'OH',
    });
  });

  it('GA: 2 title rows, AKA in the middle name', async () => {
    const path = await writeXlsx(join(dir, 'ga.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['Georgia Medicaid OIG Exclusions'],
          ['Fictional'],
          ['Last Name', 'First Name', 'Middle Name', 'Business Name', 'General', 'State', 'NPI', 'Sancdate'],
          ['EXAMPLESON', 'JONATHAN', 'AKA Johnny', '', 'NURSING PROFESSION', 'GA', '', '08/15/2023'],
        ],
      },
    ]);
    const { entries } = await parseWith('state_ga', path);
    expect(entries[0]).toMatchObject({
      name: 'JONATHAN EXAMPLESON',
      middleName: null,
      aliases: ['Johnny EXAMPLESON'],
      startDate: '2023-08-15',
    });
  });

  it('MD: reading stops at the Sanction Type legend after the data', async () => {
    const path = await writeXlsx(join(dir, 'md.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          [
            'Last Name/Organization',
            'First Name',
            'NPI',
            'Type of Entity/Profession',
            'License No',
            'Address',
            'City State Zip',
            'Termination/Sanction Date',
            'Sanction Type',
          ],
          ['EXAMPLESON', 'JORDAN', '1000000012', 'Physician', 'D12345', '1 SAMPLE AVE', 'BALTIMORE, MD 21201', '08/15/2023', 'LB'],
          ['FICTIONAL CARE PHARMACY INC', '', 'NONE', 'Pharmacy', '', '2 MOCK ST', 'ROCKVILLE, MD 20850', '03/11/2024', 'T'],
          [],
          ['Sanction Type', 'Meaning'],
          ['LB', 'Check the license board'],
          ['T', 'Terminated'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_md', path);
    expect(entries.map((e) => e.name)).toEqual(['JORDAN EXAMPLESON', 'FICTIONAL CARE PHARMACY INC']);
    expect(report.badRowCount).toBe(0);
    expect(entries[0]).toMatchObject({ state: 'MD', action: 'LB' });
  });

  it('CO: only the Termination List sheet; NPIs joined by "; ", "&" and "and"', async () => {
    const path = await writeXlsx(join(dir, 'co.xlsx'), [
      {
        name: 'Termination List',
        rows: [
          [
            'Provider Name',
            'NPI',
            'Doing Business As Name',
            'Termination Effective Date',
            'Termination Authority',
            'Reinstatement Effective Date',
          ],
          [
            'MOCKRIDGE MEDICAL SUPPLY LLC',
            '1700000056; 1555666779 & 1666777887 and 1777888995',
            'MOCKRIDGE DME',
            '03/26/2025',
            '42 CFR 455.416',
            '',
          ],
        ],
      },
      {
        name: 'Reinstated Providers',
        rows: [
          [
            'Provider Name',
            'NPI',
            'Doing Business As Name',
            'Termination Effective Date',
            'Termination Authority',
            'Reinstatement Effective Date',
          ],
          ['REINSTATED CLINIC LLC', '1880000066', '', '01/01/2020', '', '01/01/2024'],
        ],
      },
    ]);
    const { entries } = await parseWith('state_co', path);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'MOCKRIDGE MEDICAL SUPPLY LLC',
      aliases: ['MOCKRIDGE DME'],
      npis: ['1700000056', '1555666779', '1666777887', '1777888995'],
    });
  });

  it('NY and SC: one full-name column, Not Found, several NPIs, alias markers', async () => {
    const ny = await writeXlsx(join(dir, 'ny.xlsx'), [
      {
        name: 'Exclusions',
        rows: [
          ['Provider Name', 'NPI Num', 'Provider Type', 'License Num', 'Exclusion Effective Date'],
          ['EXAMPLESON, JORDAN Q', '1000000012', 'PHYSICIAN', '123456', '08/15/2023'],
        ],
      },
    ]);
    const sc = await writeXlsx(join(dir, 'sc.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['SCDHHS Excluded Providers'],
          ['Fictional'],
          ['Individual/Entity', 'NPI', 'Last Known Profession/Provider Type', 'City', 'State', 'Zip', 'Date Excluded'],
          ['Robin Placeholdt a.k.a. Robin Place', 'Not Found', 'Chiropractor', 'COLUMBIA', 'SC', '29201', '04/20/2025'],
          ['Fictional Care Pharmacy, Inc f/k/a FC Drugs', '1200000036, 1000000012', 'Pharmacy', 'COLUMBIA', 'SC', '29201', '03/11/2024'],
        ],
      },
    ]);
    const nyEntries = (await parseWith('state_ny', ny)).entries;
    expect(nyEntries[0]).toMatchObject({ name: 'JORDAN Q EXAMPLESON', npis: ['1000000012'], providerType: 'PHYSICIAN', state: 'NY' });
    const scEntries = (await parseWith('state_sc', sc)).entries;
    expect(byName(scEntries, 'Robin Placeholdt')).toMatchObject({ kind: 'person', aliases: ['Robin Place'], npis: [] });
    expect(byName(scEntries, 'Fictional Care Pharmacy, Inc')).toMatchObject({
      kind: 'organization',
      aliases: ['FC Drugs'],
      npis: ['1200000036', '1000000012'],
    });
  });
});
