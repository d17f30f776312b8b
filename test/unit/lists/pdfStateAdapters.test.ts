import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePdfTable, type PdfTableRow, type PdfTableSpec } from '../../../infra/dev/synthetic/pdf';
import { ArtifactFormatError } from '../../../activities/lists/sources/types';
import { scratchDir } from '../../fixtures/lists/builders';
import { byName, parseWith } from './parse';

const dir = scratchDir();
const MODIFIED = new Date('2025-03-31T06:00:00Z');

async function pdf(name: string, spec: Omit<PdfTableSpec, 'rows'> & { rows: Array<string[] | PdfTableRow> }): Promise<string> {
  const path = join(dir, name);
  const rows = spec.rows.map((row) => (Array.isArray(row) ? { cells: row } : row));
  await writePdfTable(path, { ...spec, rows }, MODIFIED);
  return path;
}

describe('state list engine: PDF layouts', () => {
  it('AK: cover page skipped, a wrapped surname joined at its hyphen, an entity without a first name', async () => {
    const path = await pdf('ak.pdf', {
      cover: ['Alaska Medical Assistance Excluded Provider List', 'Exclusion Date Last Name First Name'],
      title: ['Alaska Medical Assistance Excluded Provider List'],
      columns: [
        { header: 'Exclusion Date', width: 70 },
        { header: 'Last Name', width: 80 },
        { header: 'First Name', width: 90 },
        { header: 'Provider Type', width: 120 },
        { header: 'Exclusion Authority', width: 110 },
        { header: 'Exclusion Reason', width: 200 },
      ],
      rows: [
        ['01/15/2023', 'EXAMPLESON-WORTHINGTON', 'JORDAN', 'Registered Nurse', '7 AAC 105.400', 'Fraud'],
        ['03/11/2024', 'FICTIONAL CARE PHARMACY OF ANCHORAGE, LLC', '', 'Pharmacy', '42 CFR 1001.1901', 'OIG Exclusion'],
        ['12/01/2019', 'SAMPLEFIELD', 'DANA', 'Personal Care Assistant', 'AS 47.05.270', 'Billing for services not rendered'],
      ],
      headerOnEveryPage: true,
      shading: true,
      landscape: true,
    });
    const { entries, report } = await parseWith('state_ak', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'JORDAN EXAMPLESON-WORTHINGTON')).toMatchObject({
      kind: 'person',
      lastName: 'EXAMPLESON-WORTHINGTON',
      startDate: '2023-01-15',
      providerType: 'Registered Nurse',
      action: 'Excluded',
      state: 'AK',
    });
    expect(byName(entries, 'FICTIONAL CARE PHARMACY OF ANCHORAGE, LLC')).toMatchObject({ kind: 'organization', startDate: '2024-03-11' });
    expect(byName(entries, 'DANA SAMPLEFIELD').raw).toMatchObject({ 'Exclusion Reason': 'Billing for services not rendered' });
  });

  it('AL, read from the PDF the page also links (the fallback should its workbook be withdrawn): category headings fill the provider type; aka, dba, owner and trailing type notes leave the name', async () => {
    const path = await pdf('al.pdf', {
      title: ['Alabama Medicaid Agency', 'Suspended Providers'],
      columns: [
        { header: 'Name of Provider', width: 220 },
        { header: 'Suspension Effective Date', width: 110 },
      ],
      rows: [
        { heading: 'PHYSICIANS' },
        ['Exampleson, Jordan Q. (aka Jordy Exampleson), Physician Assistant', '8/15/23'],
        ['Samplefield, Dana', '01/02/2024'],
        { heading: 'PHARMACISTS/PHARMACIES/PHARMACY PROVIDERS' },
        ['Mockridge Drugs, Inc. dba Mockridge Rx (Casey Fakewell, Owner)', '3/26/2025'],
        ['Placeholdt, Robin R. (aka Robin Placeholdt-Smith), Licensed Practical Nurse Supervisor', '4/20/2025'],
      ],
      headerOnEveryPage: true,
    });
    const { entries, report } = await parseWith('state_al', path);
    expect(report).toMatchObject({ rows: 4, badRowCount: 0 });
    expect(byName(entries, 'Jordan Q. Exampleson')).toMatchObject({
      kind: 'person',
      aliases: ['Jordy Exampleson'],
      providerType: 'Physician Assistant',
      startDate: '2023-08-15',
      action: 'Suspended',
    });
    expect(byName(entries, 'Dana Samplefield').providerType).toBe('PHYSICIANS');
    expect(byName(entries, 'Mockridge Drugs, Inc.')).toMatchObject({
      kind: 'organization',
      aliases: ['Mockridge Rx', 'Casey Fakewell'],
      providerType: 'PHARMACISTS/PHARMACIES/PHARMACY PROVIDERS',
    });
    // Wrapped over two lines in its 220 pt column; the second line has no date and is no heading.
    expect(byName(entries, 'Robin R. Placeholdt')).toMatchObject({
      aliases: ['Robin Placeholdt-Smith'],
      providerType: 'Licensed Practical Nurse Supervisor',
    });
  });

  it('AZ: a wrapped header, two NPIs stacked in one cell, NONE and No NPI', async () => {
    const path = await pdf('az.pdf', {
      title: ['AHCCCS Provider Suspensions and Terminations'],
      columns: [
        { header: 'Name (Provider)', width: 200 },
        { header: 'NPI', width: 70 },
        { header: 'Action Type (Suspend/Terminate)', width: 70 },
        { header: 'Effective Date', width: 70 },
      ],
      rows: [
        ['Fictional Behavioral Health, LLC', '1000000012\n1200000036', 'Suspend', '12/1/2023'],
        ['Jordan Q Exampleson', 'NONE', 'Terminate', '11/9/2023'],
        ['Sample Wellness Center', 'No NPI', 'Suspend', '10/13/2023'],
      ],
      headerOnEveryPage: true,
    });
    const { entries, report } = await parseWith('state_az', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'Fictional Behavioral Health, LLC')).toMatchObject({
      kind: 'organization',
      npis: ['1000000012', '1200000036'],
      action: 'Suspend',
      startDate: '2023-12-01',
    });
    expect(byName(entries, 'Jordan Q Exampleson')).toMatchObject({ kind: 'person', firstName: 'Jordan', npis: [], action: 'Terminate' });
    expect(byName(entries, 'Sample Wellness Center').npis).toEqual([]);
  });

  it('DE: header on every page, credentials, aka and d.b.a., PROMISe# licences over two lines, text reinstatement dates', async () => {
    const filler = Array.from({ length: 70 }, (_, i) => [
      `Filler Person${String.fromCharCode(65 + (i % 26))} Number${i}`,
      '1000000012',
      '163W00000X',
      '-',
      'RN000001 (DE)',
      'Medicaid',
      '01/02/2020',
      'N/A',
      'Fraud',
      '2020',
    ]);
    const path = await pdf('de.pdf', {
      title: ['Delaware Medical Assistance Program', 'Sanctioned Providers'],
      columns: [
        { header: 'Sanctioned Provider Name', width: 130 },
        { header: 'NPI', width: 60 },
        { header: 'Taxonomy', width: 58 },
        { header: 'DEA', width: 55 },
        { header: 'License', width: 80 },
        { header: 'OIG/Medicaid Sanction', width: 60 },
        { header: 'Effective Date', width: 52 },
        { header: 'Reinstated Date', width: 70 },
        { header: 'Comments', width: 100 },
        { header: 'Year', width: 30 },
      ],
      rows: [
        [
          'Ruth Diane Exampleson, DO',
          '1000000012',
          '207Q00000X',
          'BE1234563',
          'PROMISe#\n001234567',
          'OIG',
          '07/12/2023',
          'Indefinite',
          'OIG exclusion',
          '2023',
        ],
        [
          'Tamika Samplefield-Adams (PCA)',
          '1200000036; 1700000056',
          '3747P1801X',
          '-',
          'N/A',
          'Medicaid',
          '2/6/24',
          'Reinstated effective 5/11/2025',
          'Abuse',
          '2024',
        ],
        [
          'Casey Fakewell aka Casey Mockridge',
          'N/A',
          '163W00000X',
          '-',
          'RN757358 (PA)',
          'OIG/Medicaid',
          '09/10/2021',
          '',
          'Conviction',
          '2021',
        ],
        [
          'Devos, LTD d.b.a. Guaranteed Fictional Returns',
          '1540000043',
          '332B00000X',
          '-',
          '',
          'Medicaid',
          '01/24/2014',
          'Rescinded',
          '',
          '2014',
        ],
        ...filler,
      ],
      headerOnEveryPage: true,
      landscape: true,
      fontSize: 7,
    });
    const { entries, report } = await parseWith('state_de', path);
    expect(report).toMatchObject({ rows: 74, badRowCount: 0 });
    expect(entries.filter((e) => /sanctioned/i.test(e.name))).toEqual([]);
    expect(byName(entries, 'Ruth Diane Exampleson')).toMatchObject({
      kind: 'person',
      middleName: 'Diane',
      providerType: 'DO',
      npis: ['1000000012'],
      action: 'OIG',
      startDate: '2023-07-12',
      endDateKind: 'indefinite',
    });
    expect(byName(entries, 'Ruth Diane Exampleson').raw).toMatchObject({ License: 'PROMISe# 001234567' });
    expect(byName(entries, 'Tamika Samplefield-Adams')).toMatchObject({
      providerType: 'PCA',
      npis: ['1200000036', '1700000056'],
      startDate: '2024-02-06',
      endDate: '2025-05-11',
      endDateKind: 'date',
    });
    expect(byName(entries, 'Casey Fakewell').aliases).toEqual(['Casey Mockridge']);
    expect(byName(entries, 'Devos, LTD')).toMatchObject({ kind: 'organization', aliases: ['Guaranteed Fictional Returns'], endDate: null });
    expect(byName(entries, 'Filler PersonR Number69').startDate).toBe('2020-01-02');
  });

  it('NE: header on the first page only, prefix-matched keys, en-dash dates, an aka written LAST, FIRST', async () => {
    const filler = Array.from({ length: 70 }, (_, i) => [
      `Filler Person${i}`,
      '',
      '',
      '08',
      'R01',
      'EXCL',
      'P',
      '2019–01–02',
      '2019–01–05',
    ]);
    const path = await pdf('ne.pdf', {
      title: ['Nebraska Medicaid Excluded Providers (NMEP)'],
      columns: [
        { header: 'Provider Name (Individual)', width: 120 },
        { header: 'Organization Name', width: 140 },
        { header: 'Provider NPI', width: 60 },
        { header: 'Provider Type Code', width: 50 },
        { header: 'Reason for Action Code', width: 50 },
        { header: 'Sanction Code', width: 50 },
        { header: 'Sanction Type Code', width: 50 },
        { header: 'Effective Date of Sanction', width: 70 },
        { header: 'Date Added to NMEP List', width: 70 },
      ],
      rows: [
        ['Kyanna Exampleson (aka Exampleson, Kyonna)', '', '1000000012', '25', 'R05', 'TERM', 'T', '2024–03–01', '2024–03–04'],
        ['', 'Fictional Home Health, LLC', '1200000036', '05', 'R02', 'EXCL', 'P', '2023–11–15', '2023–11–20'],
        ...filler,
      ],
      headerOnEveryPage: false,
      landscape: true,
    });
    const { entries, report } = await parseWith('state_ne', path);
    expect(report).toMatchObject({ rows: 72, badRowCount: 0 });
    expect(byName(entries, 'Kyanna Exampleson')).toMatchObject({
      kind: 'person',
      aliases: ['Kyonna Exampleson'],
      npis: ['1000000012'],
      providerType: '25',
      action: 'TERM',
      startDate: '2024-03-01',
    });
    expect(byName(entries, 'Fictional Home Health, LLC')).toMatchObject({ kind: 'organization', action: 'EXCL', startDate: '2023-11-15' });
    expect(byName(entries, 'Filler Person69').startDate).toBe('2019-01-02');
  });

  it('NJ: cover page, a state header broken inside the word, wrapped names, PERMANENT / DECEASED / dated expirations', async () => {
    const path = await pdf('nj.pdf', {
      cover: ['State of New Jersey', 'Debarment / Exclusion Report'],
      title: ['Medicaid Fraud Division Debarment / Exclusion Report'],
      columns: [
        { header: 'PROVIDER NAME', width: 90 },
        { header: 'TITLE', width: 40 },
        { header: 'NPI NUMBER', width: 60 },
        { header: 'STREET', width: 120 },
        { header: 'CITY', width: 75 },
        { header: 'STATE', width: 22 },
        { header: 'ZIP', width: 38 },
        { header: 'ACTION', width: 90 },
        { header: 'EFFECTIVE DATE', width: 60 },
        { header: 'EXPIRATION DATE', width: 65 },
      ],
      rows: [
        [
          'EXAMPLESON-WORTHINGTON, JORDAN Q',
          'MD',
          '1000000012',
          '100 SAMPLE AVE',
          'NEWARK',
          'NJ',
          '07102',
          'DEBARMENT',
          '08/15/2023',
          'PERMANENT',
        ],
        [
          'FICTIONAL CARE MEDICAL SUPPLY OF NEWARK LLC',
          '',
          '1200000036',
          '22 MOCK ST',
          'TRENTON',
          'NJ',
          '08608',
          'SUSPENSION',
          '01/02/2024',
          '01/02/2029',
        ],
        ['SAMPLEFIELD, DANA', 'RN', '', '5 TEST LN', 'PHILADELPHIA', 'PA', '19104', 'DISQUALIFICATION', '03/03/2020', 'DECEASED'],
      ],
      headerOnEveryPage: true,
      shading: true,
      landscape: true,
      fontSize: 7,
    });
    const { entries, report } = await parseWith('state_nj', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'JORDAN Q EXAMPLESON-WORTHINGTON')).toMatchObject({
      kind: 'person',
      npis: ['1000000012'],
      state: 'NJ',
      action: 'DEBARMENT',
      startDate: '2023-08-15',
      endDateKind: 'permanent',
    });
    expect(byName(entries, 'FICTIONAL CARE MEDICAL SUPPLY OF NEWARK LLC')).toMatchObject({
      kind: 'organization',
      endDate: '2029-01-02',
      endDateKind: 'date',
    });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ state: 'PA', endDateKind: 'deceased', npis: [] });
  });

  it('WV: title above the header, two-digit years, Deactivated NPIs, two NPIs and a ZIP+4 wrapped over lines', async () => {
    const path = await pdf('wv.pdf', {
      title: ['West Virginia Medicaid Provider Exclusions and Terminations'],
      columns: [
        { header: 'Last Name', width: 80 },
        { header: 'First Name', width: 65 },
        { header: 'NPI', width: 62 },
        { header: 'Address 1', width: 85 },
        { header: 'Address 2', width: 55 },
        { header: 'City', width: 60 },
        { header: 'State', width: 28 },
        { header: 'Zip', width: 36 },
        { header: 'Action Date', width: 45 },
        { header: 'Excluded/ Terminated', width: 60 },
        { header: 'Reason for Exclusion/ Termination', width: 140 },
      ],
      rows: [
        [
          'EXAMPLESON',
          'JORDAN',
          '1000000012,\n1200000036',
          '100 SAMPLE AVE',
          'STE 2',
          'MORGANTOWN',
          'WV',
          '26505-1234',
          '3/4/19',
          'Excluded',
          'Fraud',
        ],
        ['SAMPLEFIELD', 'DANA', 'Deactivated', '5 TEST LN', '', 'COLUMBUS', 'OH', '43004', '12/31/98', 'Terminated', 'License revocation'],
        [
          'FICTIONAL WELLNESS PHARMACY INC',
          '',
          'N/A',
          '22 MOCK ST',
          '',
          'CHARLESTON',
          'WV',
          '25301',
          '11/2/05',
          'Terminated',
          'Conviction',
        ],
      ],
      headerOnEveryPage: true,
      landscape: true,
      fontSize: 7,
    });
    const { entries, report } = await parseWith('state_wv', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      npis: ['1000000012', '1200000036'],
      state: 'WV',
      startDate: '2019-03-04',
      action: 'Excluded',
    });
    expect(byName(entries, 'JORDAN EXAMPLESON').raw).toMatchObject({ Zip: '26505-1234' });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ npis: [], state: 'OH', startDate: '1998-12-31' });
    expect(byName(entries, 'FICTIONAL WELLNESS PHARMACY INC')).toMatchObject({ kind: 'organization', startDate: '2005-11-02' });
  });

  it('refuses a PDF without the expected header, and a file that is not a PDF', async () => {
    const tn = await pdf('tn-as-ak.pdf', {
      title: ['TennCare'],
      columns: [
        { header: 'Last Name', width: 200 },
        { header: 'NPI', width: 80 },
      ],
      rows: [['EXAMPLESON', '1000000012']],
      headerOnEveryPage: true,
    });
    await expect(parseWith('state_ak', tn)).rejects.toBeInstanceOf(ArtifactFormatError);
    const notPdf = join(dir, 'not.pdf');
    writeFileSync(notPdf, 'Exclusion Date,Last Name,First Name\n01/02/2023,DOE,JANE\n');
    await expect(parseWith('state_ak', notPdf)).rejects.toBeInstanceOf(ArtifactFormatError);
  });
});
