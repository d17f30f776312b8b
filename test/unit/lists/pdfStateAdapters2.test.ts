import { join } from 'node:path';
import { writePdfTable, type PdfTableRow, type PdfTableSpec } from '../../../infra/dev/synthetic/pdf';
import { ArtifactFormatError, type ListEntry } from '../../../activities/lists/sources/types';
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

const rowsOf = (entries: ListEntry[]): string[] => entries.map((e) => `${e.kind}:${e.name}`);

const HI_COLUMNS = [
  { header: 'Last Name or Business Name', width: 170 },
  { header: 'First Name', width: 90 },
  { header: 'Middle Initial', width: 45 },
  { header: 'Medicaid Provider ID', width: 70 },
  { header: 'Last Known Program or Provider Type', width: 150 },
  { header: 'Exclusion Date', width: 70 },
  { header: 'Reinstatement Date', width: 75 },
];

// Narrower than the generator's: the sanction headers wrap over four lines here.
const NV_COLUMNS = [
  { header: 'Excluded Providers, Entities and/or Individuals', width: 120 },
  { header: 'Sanctioned/ Excluded NPI', width: 52 },
  { header: 'Medicaid Provider', width: 40 },
  { header: 'Provider Type', width: 66 },
  { header: 'Associated Legal Entity', width: 82 },
  { header: 'Persons with Controlling Interest of 5% or More', width: 76 },
  { header: 'Contract Termination Date', width: 50 },
  { header: 'Nevada Medicaid Sanction Tier', width: 36 },
  { header: 'Nevada Medicaid Sanction Period', width: 40 },
  { header: 'Nevada Medicaid Sanction Period End Date', width: 46 },
  { header: 'OIG Exclusion Date', width: 46 },
  { header: 'OIG Reinstate Date', width: 46 },
];

const WY_COLUMNS = [
  { header: 'Last Name', width: 95 },
  { header: 'First Name', width: 80 },
  { header: 'Business Name', width: 170 },
  { header: 'Provider Type', width: 110 },
  { header: 'Provider Number', width: 60 },
  { header: 'City', width: 80 },
  { header: 'State', width: 30 },
  { header: 'Exclusion Date', width: 60 },
];

describe('state list engine: PDF layouts (HI, NV, WY)', () => {
  it('HI: header on every page, an entity without a first name, aka in a name cell, NONE ids, two-digit years, Indefinite / - / reinstated', async () => {
    const filler = Array.from({ length: 60 }, (_, i) => [`FILLER${i}`, 'PAT', '', 'NONE', 'Nurse Aide', '01/02/2020', '-']);
    const path = await pdf('hi.pdf', {
      title: ["State of Hawai'i Department of Human Services, Med-QUEST Division", 'Medicaid Provider Exclusion/Reinstatement List'],
      columns: HI_COLUMNS,
      rows: [
        ['EXAMPLESON aka SAMPLEFIELD', 'JORDAN', 'Q', 'NONE', 'Registered Nurse', '3/4/19', 'Indefinite'],
        ['FICTIONAL ISLAND ADULT DAY CARE CENTER OF HONOLULU, LLC', '', '', '123456', 'Adult Day Care', '11/15/2023', '-'],
        ['MOCKRIDGE', 'CASEY aka KC', '', '654321', 'Personal Care Aide', '07/01/2016', '7/1/21'],
        ...filler,
      ],
      headerOnEveryPage: true,
      landscape: true,
    });
    const { entries, report } = await parseWith('state_hi', path);
    expect(report).toMatchObject({ rows: 63, badRowCount: 0 });
    expect(entries.filter((e) => /last name|hawai/i.test(e.name))).toEqual([]);
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      middleName: 'Q',
      aliases: ['JORDAN Q SAMPLEFIELD'],
      npis: [],
      state: 'HI',
      providerType: 'Registered Nurse',
      action: 'Excluded',
      startDate: '2019-03-04',
      endDate: null,
      endDateKind: 'indefinite',
    });
    expect(byName(entries, 'JORDAN Q EXAMPLESON').raw).toMatchObject({ 'Medicaid Provider ID': 'NONE' });
    // The name wraps in its column; the second line has no date and continues the record.
    expect(byName(entries, 'FICTIONAL ISLAND ADULT DAY CARE CENTER OF HONOLULU, LLC')).toMatchObject({
      kind: 'organization',
      firstName: null,
      startDate: '2023-11-15',
      endDateKind: null,
    });
    expect(byName(entries, 'CASEY MOCKRIDGE')).toMatchObject({
      aliases: ['KC MOCKRIDGE'],
      startDate: '2016-07-01',
      endDate: '2021-07-01',
      endDateKind: 'date',
    });
    expect(byName(entries, 'PAT FILLER59').startDate).toBe('2020-01-02');
  });

  it('NV: sanction headers wrapped over four lines, aka / dba names, stacked NPIs and dates, Federal rows kept with their tier, controlling persons as aliases, the notice row skipped', async () => {
    const filler = Array.from({ length: 40 }, (_, i) => [
      `Filler Person${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      '',
      'No',
      'Registered Nurse',
      '',
      '',
      '01/02/2020',
      'Tier 1',
      '1 Year',
      '01/02/2021',
      '',
      '',
    ]);
    const path = await pdf('nv.pdf', {
      title: ['Nevada Medicaid Provider Exclusions and Sanctions'],
      columns: NV_COLUMNS,
      rows: [
        [
          'Jordan Q Exampleson aka Jordy Samplefield',
          '1000000012\n1200000036',
          'Yes',
          'Physician',
          'Fictional Valley Clinic, LLC',
          'Jordan Q Exampleson',
          '03/15/2024\n01/10/2024',
          'Tier 3',
          '5 Years',
          '03/15/2029',
          '',
          '',
        ],
        { heading: 'Effective February 1, 2022, providers terminated for a federal exclusion are listed with the Federal tier.' },
        [
          'Mockridge Home Care, Inc. dba Mockridge Helpers',
          '1700000056\n9005012345',
          'Yes',
          'Personal Care Agency',
          '',
          'Casey Fakewell',
          '06/01/2023',
          'Federal',
          'Indefinite',
          '',
          '04/20/2023',
          '',
        ],
        ['Dana Samplefield', '', 'No', 'Nurse Aide', '', '', '11/30/2022', 'Tier 4', 'Permanent', '', '', ''],
        ...filler,
      ],
      headerOnEveryPage: true,
      landscape: true,
      fontSize: 7,
    });
    const { entries, report } = await parseWith('state_nv', path);
    expect(report).toMatchObject({ rows: 43, badRowCount: 0, invalidNpis: 1 });
    expect(entries.filter((e) => /effective|excluded|sanction/i.test([e.name, ...e.aliases].join(' ')))).toEqual([]);
    expect(rowsOf(entries.slice(0, 3))).toEqual([
      'person:Jordan Q Exampleson',
      'organization:Mockridge Home Care, Inc.',
      'person:Dana Samplefield',
    ]);
    expect(byName(entries, 'Jordan Q Exampleson')).toMatchObject({
      aliases: ['Jordy Samplefield'],
      npis: ['1000000012', '1200000036'],
      state: 'NV',
      providerType: 'Physician',
      action: 'Tier 3',
      startDate: '2024-01-10',
      endDate: '2029-03-15',
      endDateKind: 'date',
    });
    // The associated legal entity is context: no entry of its own, kept in raw.
    expect(entries.some((e) => e.name.startsWith('Fictional Valley'))).toBe(false);
    expect(byName(entries, 'Jordan Q Exampleson').raw).toMatchObject({ 'Associated Legal Entity': 'Fictional Valley Clinic, LLC' });
    expect(byName(entries, 'Mockridge Home Care, Inc.')).toMatchObject({
      aliases: ['Mockridge Helpers', 'Casey Fakewell'],
      npis: ['1700000056'],
      action: 'Federal',
      startDate: '2023-06-01',
      endDate: null,
    });
    expect(byName(entries, 'Mockridge Home Care, Inc.').raw).toMatchObject({ 'OIG Exclusion Date': '04/20/2023' });
    expect(byName(entries, 'Dana Samplefield')).toMatchObject({ npis: [], action: 'Tier 4', endDate: null });
    expect(byName(entries, 'Filler PersonNB')).toMatchObject({ kind: 'person', startDate: '2020-01-02' });
  });

  it('WY: title above a first-page header, a person with a business (two entries), a.k.a. in the business column, no provider number', async () => {
    const filler = Array.from({ length: 50 }, (_, i) => [`FILLER${i}`, 'PAT', '', 'Nurse Aide', '1234567', 'CASPER', 'WY', '01/02/2020']);
    const path = await pdf('wy.pdf', {
      title: ['Wyoming Medicaid Provider Exclusion List'],
      columns: WY_COLUMNS,
      rows: [
        ['EXAMPLESON', 'JORDAN', 'EXAMPLESON FAMILY PHARMACY, LLC', 'Pharmacist', '0012345', 'CHEYENNE', 'WY', '08/15/2023'],
        ['SAMPLEFIELD', 'DANA', 'a.k.a. DANA MOCKRIDGE', 'Registered Nurse', '', 'BILLINGS', 'MT', '01/02/2024'],
        ['', '', 'FICTIONAL MEDICAL TRANSPORT INC', 'Ambulance', '0099999', 'CASPER', 'WY', '3/26/2025'],
        ...filler,
      ],
      headerOnEveryPage: false,
      landscape: true,
    });
    const { entries, report } = await parseWith('state_wy', path);
    expect(report).toMatchObject({ rows: 53, badRowCount: 0 });
    expect(rowsOf(entries.slice(0, 4))).toEqual([
      'person:JORDAN EXAMPLESON',
      'organization:EXAMPLESON FAMILY PHARMACY, LLC',
      'person:DANA SAMPLEFIELD',
      'organization:FICTIONAL MEDICAL TRANSPORT INC',
    ]);
    // The person's business is an entry of its own, not another name of the person.
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      aliases: [],
      providerType: 'Pharmacist',
      state: 'WY',
      action: 'Excluded',
      startDate: '2023-08-15',
    });
    expect(byName(entries, 'JORDAN EXAMPLESON').raw).toMatchObject({ 'Provider Number': '0012345' });
    expect(byName(entries, 'EXAMPLESON FAMILY PHARMACY, LLC')).toMatchObject({ aliases: [], startDate: '2023-08-15' });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ aliases: ['DANA MOCKRIDGE'], state: 'MT', startDate: '2024-01-02' });
    expect(byName(entries, 'DANA SAMPLEFIELD').raw['Provider Number']).toBeUndefined();
    expect(byName(entries, 'FICTIONAL MEDICAL TRANSPORT INC')).toMatchObject({
      kind: 'organization',
      aliases: [],
      startDate: '2025-03-26',
    });
    expect(byName(entries, 'PAT FILLER49').startDate).toBe('2020-01-02');
  });

  it('refuses the WY layout read as Hawaii (no Last Name or Business Name column)', async () => {
    const path = await pdf('wy-as-hi.pdf', {
      title: ['Wyoming Medicaid Provider Exclusion List'],
      columns: WY_COLUMNS,
      rows: [['EXAMPLESON', 'JORDAN', '', 'Pharmacist', '0012345', 'CHEYENNE', 'WY', '08/15/2023']],
      headerOnEveryPage: false,
    });
    await expect(parseWith('state_hi', path)).rejects.toBeInstanceOf(ArtifactFormatError);
    await expect(parseWith('state_nv', path)).rejects.toBeInstanceOf(ArtifactFormatError);
  });
});
