import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeXlsx, scratchDir } from '../../fixtures/lists/builders';
import { parseDate } from '../../../activities/lists/sources/dates';
import { ArtifactFormatError } from '../../../activities/lists/sources/types';
import { byName, parseWith } from './parse';

const dir = scratchDir();
const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

describe('state list engine: layouts taken from published crawlers', () => {
  it('IA: title row, organization rows naming a person, word end dates', async () => {
    const header = [
      'Enrollment Type',
      'NPI',
      'Affiliated NPI',
      'State License Type',
      'State License Number',
      'First Name',
      'Last Name',
      'Legal Business Name',
      'Specialty',
      'Type of Sanction',
      'Effective Date',
      'Sanction End Date',
      'Authority',
      'Eligible to Reapply Date',
      null,
    ];
    const path = await writeXlsx(join(dir, 'ia.xlsx'), [
      {
        name: 'Sanctions',
        rows: [
          ['Iowa Medicaid Sanctions List - Updated 03/31/2025'],
          header,
          [
            'Indivdual',
            '1000000012',
            null,
            'RN',
            '123456',
            'JORDAN',
            'EXAMPLESON',
            null,
            'Nursing',
            'Suspension',
            day('2023-08-15'),
            'Indefinite',
            '441 IAC 79.2(2)',
            null,
            null,
          ],
          [
            'Organization',
            'N/A',
            '1200000036',
            'N/A',
            'N/A',
            'DANA',
            'SAMPLEFIELD',
            'MOCKRIDGE MEDICAL SUPPLY LLC',
            'DME Supplier',
            'Termination',
            '03/11/2024',
            day('2027-03-11'),
            '42 CFR 455.416',
            null,
            null,
          ],
          [
            'Organization',
            '1700000056',
            null,
            'N/A',
            'N/A',
            null,
            null,
            'FICTIONAL CARE PHARMACY INC',
            'Pharmacy',
            'Exclusion',
            day('2022-01-02'),
            'On Payment Plan',
            '42 CFR 455.416',
            null,
            null,
          ],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_ia', path);
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'person:JORDAN EXAMPLESON',
      'organization:MOCKRIDGE MEDICAL SUPPLY LLC',
      'organization:FICTIONAL CARE PHARMACY INC',
    ]);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      npis: ['1000000012'],
      providerType: 'Nursing',
      action: 'Suspension',
      startDate: '2023-08-15',
      endDateKind: 'indefinite',
    });
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC')).toMatchObject({
      aliases: ['DANA SAMPLEFIELD'],
      npis: [],
      startDate: '2024-03-11',
      endDate: '2027-03-11',
    });
    expect(byName(entries, 'FICTIONAL CARE PHARMACY INC')).toMatchObject({ endDate: null, endDateKind: null, state: 'IA' });
  });

  it('IN: one name cell for people and businesses, state read from a multi-line address, note rows skipped', async () => {
    const path = await writeXlsx(join(dir, 'in.xlsx'), [
      {
        name: 'Terminated Providers',
        rows: [
          ['Indiana Health Coverage Programs - Terminated Providers'],
          ['Provider Name', 'National Provider Identification (NPI)', 'Service Location Address', 'Termination Effective Date'],
          ['Jordan Q Exampleson', '1000000012', '12 Fake St\nSuite 4\nGARY, IN 46402', day('2023-08-15')],
          ['For purposes of this list, providers are listed by enrolled name.', null, null, null],
          ['FAKEWELL HOME HEALTH LLC', 'N/A', '9 Sample Rd\nLOUISVILLE, KY 40202', '01/02/2024'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_in', path);
    expect(report).toMatchObject({ rows: 2, badRowCount: 0 });
    expect(entries).toHaveLength(2);
    expect(byName(entries, 'Jordan Q Exampleson')).toMatchObject({
      kind: 'person',
      lastName: 'Exampleson',
      npis: ['1000000012'],
      state: 'IN',
      action: 'Terminated',
      startDate: '2023-08-15',
    });
    expect(byName(entries, 'FAKEWELL HOME HEALTH LLC')).toMatchObject({
      kind: 'organization',
      npis: [],
      state: 'KY',
      startDate: '2024-01-02',
    });
  });

  it('KS: names split by "/", DBA names by " / " or ", " (not before Inc.), NPIs by ";" or lines', async () => {
    const path = await writeXlsx(join(dir, 'ks.xlsx'), [
      {
        name: 'Termination List',
        rows: [
          ['KDHE-DHCF Kansas Medical Assistance Program Termination List'],
          ['Name', 'Provider Type', 'NPI', 'KMAP Provider #', 'D/B/A Business Name', 'Termination Date', 'Comments'],
          [
            'EXAMPLESON, JORDAN Q/SAMPLES, JORDAN',
            'Physician',
            '1000000012;1200000036',
            '100012345A',
            'N/A',
            day('2023-08-15'),
            'License revoked',
          ],
          [
            'MOCKRIDGE MEDICAL SUPPLY LLC',
            'DME',
            '1700000056\n1777888995',
            'N/A',
            'Mockridge DME, Inc., Fake Rx / Sample Care',
            '03/11/2024',
            null,
          ],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_ks', path);
    expect(report.badRowCount).toBe(0);
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      aliases: ['JORDAN SAMPLES'],
      npis: ['1000000012', '1200000036'],
      providerType: 'Physician',
      startDate: '2023-08-15',
    });
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['Mockridge DME, Inc.', 'Fake Rx', 'Sample Care'],
      npis: ['1700000056', '1777888995'],
      action: 'Terminated',
    });
  });

  it('ND: 10 title rows, aka and Owner: inside names, prefixed dates, N/A NPIs', async () => {
    const titles = [
      ['North Dakota Health and Human Services'],
      ['ND Medicaid Provider Exclusion List'],
      ...Array.from({ length: 8 }, () => [null]),
    ];
    const path = await writeXlsx(join(dir, 'nd.xlsx'), [
      {
        name: 'Exclusion List',
        rows: [
          ...titles,
          [
            'Provider Name',
            'NPI',
            'Street Address',
            'City',
            'State',
            'Zip',
            'License Number',
            'Provider Type',
            'Exclusion Date',
            'Reason for Exclusion',
          ],
          [
            'JORDAN EXAMPLESON (aka JORDY EXAMPLESON)',
            'N/A',
            '1 Fake St',
            'FARGO',
            'ND',
            '58102',
            'R38304; L9540',
            'Nurse',
            'Termination 9/19/2024',
            'Fraud',
          ],
          [
            'FAKEWELL CARE LLC Owners: DANA SAMPLEFIELD and CASEY FAKEWELL',
            '1777888995',
            '2 Sample Ave',
            'MOORHEAD',
            'MN',
            '56560',
            'N/A',
            'Pharmacy',
            'Denial 01/02/2024',
            'OIG',
          ],
        ],
      },
    ]);
    const { entries } = await parseWith('state_nd', path);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      kind: 'person',
      aliases: ['JORDY EXAMPLESON'],
      npis: [],
      state: 'ND',
      providerType: 'Nurse',
      startDate: '2024-09-19',
    });
    expect(byName(entries, 'FAKEWELL CARE LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['DANA SAMPLEFIELD', 'CASEY FAKEWELL'],
      state: 'MN',
      startDate: '2024-01-02',
    });
  });

  it('MS: 8 title rows, two-line headers, a person and an organization on one row, text dates, 2999 end', async () => {
    const header = [
      null,
      'Provider Entity \n(Org/Ind)',
      'Provider Organization Name\n (Applicable for Organizations Only)',
      'Provider First Name\n(Applicable for Individuals Only)',
      'Provider Last Name\n(Applicable for Individuals Only)',
      'Provider MI Name\n(Applicable for Individuals Only)',
      'Provider Suffix Name\n(Applicable for Individuals Only)',
      'Date of Birth',
      'NPI',
      'Medicaid ID',
      'Provider Type',
      'Provider Speciality',
      'Provider Address Line 12',
      'Provider Address Line 2',
      'City',
      'State',
      'Zipcode',
      'Termination Effective Date',
      'Termination End Date',
      'Termination Reason',
      'Sanction Type',
      'Exclusion Period',
      'Role',
      'Additional Notes',
    ];
    const place = ['1 Fake St', null, 'JACKSON', 'MS', '39201'];
    const path = await writeXlsx(join(dir, 'ms.xlsx'), [
      { name: 'Notes', rows: [['Not the list']] },
      {
        name: 'Sheet1',
        rows: [
          ...Array.from({ length: 8 }, (_, i) => [i === 0 ? 'Mississippi Division of Medicaid' : null]),
          header,
          [
            null,
            'Individual',
            null,
            'MARCUS',
            'TESTWORTH',
            'A',
            'JR',
            day('1965-09-30'),
            '1000000012 1200000036',
            '12345678',
            'Physician',
            'Family Medicine',
            ...place,
            '03.15.24',
            '2999-12-31',
            'Fraud',
            'Termination',
            'Indefinite',
            'Rendering',
            null,
          ],
          [
            null,
            'Organization',
            'MOCKRIDGE MEDICAL SUPPLY LLC',
            'ROBIN',
            'PLACEHOLDT',
            null,
            null,
            null,
            '1700000056',
            '87654321',
            'DME Supplier',
            null,
            ...place,
            'March 5, 2023',
            day('2026-03-05'),
            'Abuse',
            'Exclusion',
            null,
            'Billing',
            null,
          ],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_ms', path);
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'person:MARCUS A TESTWORTH JR',
      'person:ROBIN PLACEHOLDT',
      'organization:MOCKRIDGE MEDICAL SUPPLY LLC',
    ]);
    expect(byName(entries, 'MARCUS A TESTWORTH JR')).toMatchObject({
      dateOfBirth: '1965-09-30',
      npis: ['1000000012', '1200000036'],
      startDate: '2024-03-15',
      endDate: '2999-12-31',
      action: 'Termination',
      state: 'MS',
    });
    expect(byName(entries, 'MOCKRIDGE MEDICAL SUPPLY LLC')).toMatchObject({
      startDate: '2023-03-05',
      endDate: '2026-03-05',
      action: 'Exclusion',
    });
  });

  it('DC: four HTML tables with <td> headers, month-name dates, a/k/a and aka "…", <br> in addresses', async () => {
    const td = (cells: string[]): string => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
    const strong = (cells: string[]): string[] => cells.map((cell) => `<strong>${cell}</strong>`);
    const people = ['Name of Individual', 'Principal Address', 'Action Date'];
    const companies = ['Name of Company', 'Principal Address', 'Principals', 'Action Date'];
    const tail = ['Agency Instituting the Action', 'Reason for the Action'];
    const page = [
      '<html><body><h1>Excluded Parties List</h1><p>Not a table</p>',
      '<table><tr><td><strong>Name of Individual</strong></td><td>Principal Address</td><td>Action Date</td><td>Expiration Date</td>',
      `${tail.map((cell) => `<td>${cell}</td>`).join('')}</tr>`,
      td([
        'Exampleson, Jordan Quinn; a/k/a Jordy Exampleson, a/k/a Jo',
        '12 Fake St NW<br>Washington, DC 20001',
        'May 28, 2009 and June 14, 2010',
        'May 27, 2029',
        'OCP',
        'Fraud',
      ]),
      '</table><table>',
      td(strong([...people, 'Termination Date', ...tail])),
      td([
        'Samplefield, Dana: aka &quot;Dana Samples&quot;',
        '9 Sample Rd<br/>Baltimore,&nbsp;MD 21201',
        'Sept. 3, 2015',
        'September 2, 2018',
        'DHCF',
        'Conviction',
      ]),
      '</table><table>',
      td(strong([...companies, 'Expiration Date', ...tail])),
      td([
        'Mockridge &amp; Sons Medical Supply, LLC',
        '1 Main St<br>Arlington, VA 22201',
        'Robin Placeholdt, President',
        'January 5, 2024',
        'January 4, 2027',
        'OCP',
        'False claims',
      ]),
      '</table></body></html>',
    ].join('\n');
    const path = join(dir, 'dc.html');
    writeFileSync(path, page);
    const { entries, report } = await parseWith('state_dc', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'Jordan Quinn Exampleson')).toMatchObject({
      kind: 'person',
      aliases: ['Jordy Exampleson', 'Jo Exampleson'],
      state: 'DC',
      startDate: '2009-05-28',
      endDate: '2029-05-27',
      action: 'Suspended or debarred',
    });
    expect(byName(entries, 'Dana Samplefield')).toMatchObject({
      aliases: ['Dana Samples Samplefield'],
      state: 'MD',
      startDate: '2015-09-03',
      endDate: '2018-09-02',
    });
    const company = byName(entries, 'Mockridge & Sons Medical Supply, LLC');
    expect(company).toMatchObject({ kind: 'organization', aliases: [], state: 'VA', startDate: '2024-01-05', endDate: '2027-01-04' });
    expect(company.raw).toMatchObject({ Principals: 'Robin Placeholdt, President', 'Principal Address': '1 Main St\nArlington, VA 22201' });
  });

  it('DC: a page without the list tables is refused', async () => {
    const path = join(dir, 'empty.html');
    writeFileSync(path, '<html><body><table><tr><td>Name</td><td>Date</td></tr></table></body></html>');
    await expect(parseWith('state_dc', path)).rejects.toBeInstanceOf(ArtifactFormatError);
  });

  it('ME: report rows above the header, businesses in the last-name column, alias name pairs', async () => {
    const aliasHeader = [1, 2, 3, 4].flatMap((n) => [`Alias First Name ${n}`, `Alias Last Name ${n}`]);
    const noAliases = Array.from({ length: 8 }, () => null);
    const path = await writeXlsx(join(dir, 'me.xlsx'), [
      {
        name: 'PI0008-PM',
        rows: [
          ...Array.from({ length: 26 }, (_, i) => [i === 0 ? 'Report ID: PI0008-PM' : `note ${i}`]),
          ['Provider Last Name', 'Provider First Name', 'Provider MI', 'Provider Type', ...aliasHeader, 'State Exclusion Start Date'],
          ['EXAMPLESON', 'JORDAN', 'Q', 'Other', 'JORDY', 'EXAMPLESON', 'JORDAN', 'SAMPLES', null, null, null, null, day('2023-08-15')],
          ['FAKEWELL HOME HEALTH, LLC', null, null, 'Home Health', 'DANA', 'SAMPLEFIELD', ...noAliases.slice(2), '01/02/2024'],
        ],
      },
      { name: 'Sheet2', rows: [] },
    ]);
    const { entries, report } = await parseWith('state_me', path);
    expect(report).toMatchObject({ rows: 2, badRowCount: 0 });
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      aliases: ['JORDY EXAMPLESON', 'JORDAN SAMPLES'],
      providerType: 'Other',
      startDate: '2023-08-15',
      action: 'Excluded',
    });
    expect(byName(entries, 'FAKEWELL HOME HEALTH, LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['DANA SAMPLEFIELD'],
      startDate: '2024-01-02',
    });
  });

  it('MT: a.k.a. rows under a provider add its other names; one at the top is a bad row', async () => {
    const path = await writeXlsx(join(dir, 'mt.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['Terminated/Excluded Provider(s)', 'Healthcare Profession', 'NPI', 'Effective Date', null],
          ['a.k.a. NOBODY, ABOVE', null, null, null, null],
          ['EXAMPLESON, JORDAN', 'Nurse', '1000000012', day('2023-08-15'), null],
          ['a.k.a. SAMPLES, JORDAN', null, null, null, null],
          ['A.K.A JORDY EXAMPLESON', null, null, null, null],
          ['FICTIONAL CARE PHARMACY INC', 'Pharmacy', '1700000056', '03/11/2024', null],
          ['a.k.a. FCP RX', null, null, null, null],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_mt', path);
    expect(report).toMatchObject({ rows: 6, badRowCount: 1 });
    expect(entries.map((e) => `${e.kind}:${e.name}`)).toEqual(['person:JORDAN EXAMPLESON', 'organization:FICTIONAL CARE PHARMACY INC']);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      aliases: ['JORDAN SAMPLES', 'JORDY EXAMPLESON'],
      npis: ['1000000012'],
      providerType: 'Nurse',
      startDate: '2023-08-15',
    });
    expect(byName(entries, 'FICTIONAL CARE PHARMACY INC')).toMatchObject({ aliases: ['FCP RX'], startDate: '2024-03-11' });
  });

  it('refuses a workbook of another state', async () => {
    const path = await writeXlsx(join(dir, 'other.xlsx'), [{ name: 'Sheet1', rows: [['Name', 'NPI', 'Date']] }]);
    await expect(parseWith('state_ms', path)).rejects.toBeInstanceOf(ArtifactFormatError);
    await expect(parseWith('state_ks', path)).rejects.toBeInstanceOf(ArtifactFormatError);
  });
});

describe('text dates in state lists', () => {
  it('reads MM.DD.YY and month-name dates', () => {
    expect(parseDate('03.15.24')).toBe('2024-03-15');
    expect(parseDate('March 5, 2023')).toBe('2023-03-05');
    expect(parseDate('Sept. 30 2019')).toBe('2019-09-30');
    expect(parseDate('May 28, 2009 and June 14, 2010')).toBe('2009-05-28');
    expect(parseDate('13.15.24')).toBeNull();
    expect(parseDate('February 30, 2024')).toBeNull();
    expect(parseDate('45123.5')).toBe('2023-07-16');
  });
});
