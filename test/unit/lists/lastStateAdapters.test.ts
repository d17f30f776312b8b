import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeLegacyWorkbook, type XlsCell } from '../../../infra/dev/synthetic/xls';
import { writePdfTable } from '../../../infra/dev/synthetic/pdf';
import { FL_FINAL_ORDERS_HEADER } from '../../../infra/dev/synthetic/states/fl';
import { VT_EXCLUDED_PROVIDERS_HEADER } from '../../../infra/dev/synthetic/states/vt';
import { ArtifactFormatError } from '../../../activities/lists/sources/types';
import { scratchDir, writeXlsx } from '../../fixtures/lists/builders';
import { byName, parseWith } from './parse';

const dir = scratchDir();
const MODIFIED = new Date('2025-03-31T06:00:00Z');
const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

function xls(name: string, sheet: string, rows: XlsCell[][]): string {
  const path = join(dir, name);
  writeLegacyWorkbook(path, [{ name: sheet, rows }], MODIFIED);
  return path;
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function getListItemsAnswer(rows: string[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>',
    '<GetListItemsResponse xmlns="http://schemas.microsoft.com/sharepoint/soap/"><GetListItemsResult>',
    '<listitems xmlns:rs="urn:schemas-microsoft-com:rowset" xmlns:z="#RowsetSchema">',
    `<rs:data ItemCount="${rows.length}">`,
    ...rows,
    '</rs:data></listitems></GetListItemsResult></GetListItemsResponse></soap:Body></soap:Envelope>',
  ].join('\n');
}

describe('OR: the SharePoint list service answer (Lists.asmx GetListItems)', () => {
  it('reads each document item of the URL field as `url, Last, First`; items without it are no listings', async () => {
    const path = file(
      'or.xml',
      getListItemsAnswer([
        '<z:row ows_LinkFilename="Convictions" ows_FSObjType="1;#1" ows_ID="1" />',
        '<z:row ows_URL="https://www.oregon.gov/oha/FOD/PIAU/Documents/Convictions/Exampleson-Jordan.pdf, Exampleson, Jordan" ows_ID="2" />',
        '<z:row ows_URL="https://www.oregon.gov/oha/FOD/PIAU/Documents/Convictions/O-Sample-Dana.pdf, O&apos;Sample, Dana Q" ows_ID="3" />',
        '<z:row ows_URL="https://www.oregon.gov/oha/x,,y.pdf, Placeholdt, Robin" ows_ID="4" />',
        '<z:row ows_LinkFilename="Notice.pdf" ows_ID="5" />',
      ]),
    );
    const { entries, report } = await parseWith('state_or', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(entries.map((e) => e.name)).toEqual(['Jordan Exampleson', "Dana Q O'Sample", 'Robin Placeholdt']);
    expect(byName(entries, 'Jordan Exampleson')).toMatchObject({
      kind: 'person',
      lastName: 'Exampleson',
      firstName: 'Jordan',
      action: 'Convicted of Medicaid fraud',
      state: 'OR',
      startDate: null,
    });
    expect(byName(entries, 'Jordan Exampleson').raw.URL).toBe(
      'https://www.oregon.gov/oha/FOD/PIAU/Documents/Convictions/Exampleson-Jordan.pdf',
    );
    // A comma inside a SharePoint hyperlink is doubled; it is one comma of the URL, not the separator.
    expect(byName(entries, 'Robin Placeholdt').raw.URL).toBe('https://www.oregon.gov/oha/x,y.pdf');
  });

  it('refuses a SOAP fault, an HTML error page, and an answer whose library has no conviction items', async () => {
    const fault = file(
      'or-fault.xml',
      '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultstring>Exception</faultstring></soap:Fault></soap:Body></soap:Envelope>',
    );
    await expect(parseWith('state_or', fault)).rejects.toThrow(/SOAP fault/);
    await expect(parseWith('state_or', file('or.html', '<html><body>403 Forbidden</body></html>'))).rejects.toThrow(ArtifactFormatError);
    const empty = file('or-empty.xml', getListItemsAnswer(['<z:row ows_LinkFilename="Notice.pdf" ows_ID="5" />']));
    await expect(parseWith('state_or', empty)).rejects.toThrow(/not the OR list layout/);
  });
});

describe('TX: the legacy .xls (BIFF8) of HHSC OIG', () => {
  const HEADER = ['LastName', 'FirstName', 'MidInitial', 'CompanyName', 'Occupation', 'LicenseNumber', 'NPI', 'StartDate', 'AddDate'];
  const TAIL = ['ReinstatedDate', 'WebComments', 'Waiver', 'EligibleToReapplyDate'];

  it('reads people by last name, companies from CompanyName with their dba, dates from date cells and text', async () => {
    const path = xls('tx.xls', 'EXCEL_Destination', [
      [...HEADER, ...TAIL],
      ['EXAMPLESON', 'JORDAN', 'Q', null, 'LVN', 'LVN123456', 'N/A', { date: '2019-04-05' }, { date: '2019-04-20' }, null, 'Conviction'],
      [
        null,
        null,
        null,
        'Mockridge Drugs, LLC d/b/a Mockridge Pharmacy',
        'Pharmacy',
        'N/A',
        1000000012,
        { date: '2021-01-02' },
        null,
        null,
      ],
      ['SAMPLEFIELD', 'DANA', null, null, 'RN', null, null, '03/15/2016', null, { date: '2020-03-15' }, 'Permissive exclusion'],
    ]);
    const { entries, report } = await parseWith('state_tx', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      lastName: 'EXAMPLESON',
      middleName: 'Q',
      npis: [],
      providerType: 'LVN',
      startDate: '2019-04-05',
      action: 'Excluded',
      state: 'TX',
    });
    expect(byName(entries, 'Mockridge Drugs, LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['Mockridge Pharmacy'],
      npis: ['1000000012'],
      startDate: '2021-01-02',
    });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ startDate: '2016-03-15', endDate: '2020-03-15', endDateKind: 'date' });
  });

  it('reads only the EXCEL_Destination sheet, and refuses a file that is not a legacy workbook', async () => {
    const elsewhere = xls('tx-other-sheet.xls', 'Sheet1', [
      [...HEADER],
      ['EXAMPLESON', 'JORDAN', null, null, 'RN', null, null, '01/01/2020'],
    ]);
    await expect(parseWith('state_tx', elsewhere)).rejects.toThrow(/not the TX list layout/);
    // The form answered with its HTML page (a visitor outside the US) or a CSV: neither is read as a workbook.
    await expect(parseWith('state_tx', file('tx.html', '<html><body>Access denied</body></html>'))).rejects.toThrow(/not a legacy Excel/);
    await expect(parseWith('state_tx', file('tx.csv', `${HEADER.join(',')}\nEXAMPLESON,JORDAN,,,RN,,,01/01/2020\n`))).rejects.toThrow(
      ArtifactFormatError,
    );
    const xlsx = await writeXlsx(join(dir, 'tx.xlsx'), [{ name: 'EXCEL_Destination', rows: [HEADER] }]);
    await expect(parseWith('state_tx', xlsx)).rejects.toThrow(/not a legacy Excel/);
  });
});

describe('FL: AHCA final orders, of which only suspensions and terminations are exclusions', () => {
  const HEADER = FL_FINAL_ORDERS_HEADER;
  const order = (provider: string, type: string, date: string, fine = 0): XlsCell[] => [
    provider,
    '123456789',
    'ME12345',
    '',
    'Physician',
    { date },
    type,
    '409.913(15)(c)',
    fine,
    { date },
    '20240001',
    '24-1234MPI',
    'Final Order',
  ];

  it('makes entries of SUSPENSION and TERMINATION rows only; fines and closed cases are read and skipped', async () => {
    const path = xls('fl.xls', 'FOReport', [
      HEADER,
      order('EXAMPLESON, JORDAN Q', 'FINE', '2023-01-10', 2500),
      order('EXAMPLESON, JORDAN Q', 'SUSPENSION', '2024-02-01'),
      order('MOCKRIDGE HOME HEALTH, LLC', 'TERMINATION', '2024-05-06'),
      order('SAMPLEFIELD, DANA', 'FINE', '2024-06-07', 1000),
      order('PLACEHOLDT, ROBIN', 'NONE', '2024-07-08'),
      order('FAKEWELL, CASEY', 'Suspension', '2024-08-09'),
    ]);
    const { entries, report } = await parseWith('state_fl', path);
    expect(report).toMatchObject({ rows: 6, skipped: 3, badRowCount: 0 });
    expect(entries.map((e) => [e.name, e.action, e.startDate])).toEqual([
      ['JORDAN Q EXAMPLESON', 'SUSPENSION', '2024-02-01'],
      ['MOCKRIDGE HOME HEALTH, LLC', 'TERMINATION', '2024-05-06'],
      ['CASEY FAKEWELL', 'Suspension', '2024-08-09'],
    ]);
    expect(byName(entries, 'MOCKRIDGE HOME HEALTH, LLC').kind).toBe('organization');
    expect(entries.some((e) => /SAMPLEFIELD|PLACEHOLDT/.test(e.name))).toBe(false);
  });

  it('publishes no entry from a report of fines only, without calling its rows bad', async () => {
    const path = xls('fl-fines.xls', 'FOReport', [HEADER, order('SAMPLEFIELD, DANA', 'FINE', '2024-06-07', 1000)]);
    const { entries, report } = await parseWith('state_fl', path);
    expect({ entries: entries.length, rows: report.rows, skipped: report.skipped, bad: report.badRowCount }).toEqual({
      entries: 0,
      rows: 1,
      skipped: 1,
      bad: 0,
    });
  });
});

describe('CT: the DSS administrative actions table', () => {
  it('skips the title row, takes a business named alone as the organization and a person\u2019s business as context', async () => {
    const td = (cells: string[]): string => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
    const path = file(
      'ct.html',
      `<html><body><div><center><table>
${td(['<b>Department of Social Services - Administrative Actions List</b>'])}
${td(['<b>Name</b>', '<b>Business</b>', '<b>Specialty</b>', '<b>Address</b>', '<b>Effective Date</b>', '<b>Period</b>', '<b>Action</b>'])}
${td(['Exampleson, Jordan Q.', 'Exampleson Care Services, LLC', 'Home Health Aide', '1 Fake St, Hartford, CT 06101', '02/03/2022', '5 years', 'Exclusion'])}
${td(['N/A', 'Mockridge Transport, Inc.', 'Medical Transportation', '2 Sample Rd, Springfield, MA 01101', '11/12/2021', 'Indefinite', 'Suspension'])}
${td(['Samplefield, Dana', 'N/A', 'Registered Nurse', 'N/A', '07/08/2023', '1 year', 'Termination'])}
</table></center></div></body></html>`,
    );
    const { entries, report } = await parseWith('state_ct', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(entries.map((e) => [e.kind, e.name])).toEqual([
      ['person', 'Jordan Q. Exampleson'],
      ['organization', 'Mockridge Transport, Inc.'],
      ['person', 'Dana Samplefield'],
    ]);
    expect(byName(entries, 'Jordan Q. Exampleson')).toMatchObject({
      providerType: 'Home Health Aide',
      action: 'Exclusion',
      startDate: '2022-02-03',
      state: 'CT',
    });
    expect(byName(entries, 'Jordan Q. Exampleson').raw).toMatchObject({ Business: 'Exampleson Care Services, LLC', Period: '5 years' });
    expect(byName(entries, 'Mockridge Transport, Inc.')).toMatchObject({ state: 'MA', action: 'Suspension' });
  });
});

describe('ID: the Idaho Medicaid exclusion PDF', () => {
  it('finds the header wrapped over three lines, joins a wrapped name and ends a reinstated exclusion', async () => {
    const path = join(dir, 'id.pdf');
    await writePdfTable(
      path,
      {
        title: ['Idaho Department of Health and Welfare', 'Medicaid Provider Exclusion List'],
        columns: [
          { header: 'Name', width: 110 },
          { header: 'Exclusion Start Date', width: 55 },
          { header: 'Date Eligible for Reinstatement', width: 75 },
          { header: 'Date Reinstated', width: 55 },
          { header: 'Additional Information', width: 160 },
        ],
        rows: [
          { cells: ['EXAMPLESON, JORDAN Q', '01/15/2019', 'Indefinite', '', 'Also excluded by HHS-OIG'] },
          { cells: ['FICTIONAL CARE HOME HEALTH SERVICES OF BOISE, LLC', '03/11/2020', '03/11/2025', '', ''] },
          { cells: ['SAMPLEFIELD, DANA', '06/01/2017', '06/01/2019', '07/15/2019', 'Agreement with the Department'] },
        ],
        headerOnEveryPage: true,
      },
      MODIFIED,
    );
    const { entries, report } = await parseWith('state_id', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      startDate: '2019-01-15',
      endDate: null,
      action: 'Excluded',
    });
    expect(byName(entries, 'JORDAN Q EXAMPLESON').raw).toMatchObject({ 'Date Eligible for Reinstatement': 'Indefinite' });
    // Wrapped over lines of its 110 pt column; the lines below have no start date and continue it.
    expect(byName(entries, 'FICTIONAL CARE HOME HEALTH SERVICES OF BOISE, LLC')).toMatchObject({ kind: 'organization' });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ endDate: '2019-07-15', endDateKind: 'date' });
  });
});

describe('VT: the DVHA excluded providers workbook', () => {
  it('reads one name cell, the status description as the action and 12/31/9999 as an exclusion that stands', async () => {
    const path = await writeXlsx(join(dir, 'vt.xlsx'), [
      {
        name: 'Excluded Providers',
        rows: [
          VT_EXCLUDED_PROVIDERS_HEADER,
          [
            '1234567',
            '1000000012',
            'EXAMPLESON, JORDAN Q',
            'BURLINGTON',
            'VT',
            'E',
            'Excluded',
            day('2020-02-03'),
            day('9999-12-31'),
            'Nurse',
          ],
          ['7654321', '', 'MOCKRIDGE PHARMACY, INC', 'LEBANON', 'NH', 'T', 'Terminated for Cause', '05/06/2021', '12/31/9999', 'Pharmacy'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_vt', path);
    expect(report).toMatchObject({ rows: 2, badRowCount: 0 });
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      npis: ['1000000012'],
      state: 'VT',
      action: 'Excluded',
      startDate: '2020-02-03',
      endDate: null,
      endDateKind: 'indefinite',
      providerType: 'Nurse',
    });
    expect(byName(entries, 'MOCKRIDGE PHARMACY, INC')).toMatchObject({ kind: 'organization', state: 'NH', endDateKind: 'indefinite' });
  });
});

describe('AL: the "Excel Version" workbook', () => {
  it('finds the header under 33 notice rows by its unnamed name column, fills categories, and stops at the NOTE block', async () => {
    const notices = Array.from({ length: 33 }, (_, i) => [
      i % 3 === 0 ? 'Excluded individuals and entities are not allowed to receive reimbursement.' : null,
    ]);
    const path = await writeXlsx(join(dir, 'al.xlsx'), [
      {
        name: 'Suspended Providers',
        rows: [
          ...notices,
          [null, 'Effective Date'],
          ['PHYSICIANS'],
          ['Exampleson, Jordan Q. (aka Jordy Exampleson), Physician Assistant', day('2023-08-15')],
          ['Samplefield, Dana', '01/02/24'],
          ['PHARMACISTS/PHARMACIES/PHARMACY PROVIDERS'],
          ['Mockridge Drugs, Inc. dba Mockridge Rx (Casey Fakewell, Owner)', day('2025-03-26')],
          ['NOTE:  Any nurse aide listed above is also on the Nurse Aide Registry.'],
          ['Placeholdt, Robin', day('2020-01-01')],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_al', path);
    expect(report).toMatchObject({ rows: 3, badRowCount: 0 });
    expect(byName(entries, 'Jordan Q. Exampleson')).toMatchObject({
      aliases: ['Jordy Exampleson'],
      providerType: 'Physician Assistant',
      startDate: '2023-08-15',
      action: 'Suspended',
    });
    expect(byName(entries, 'Dana Samplefield')).toMatchObject({ providerType: 'PHYSICIANS', startDate: '2024-01-02' });
    expect(byName(entries, 'Mockridge Drugs, Inc.')).toMatchObject({
      kind: 'organization',
      aliases: ['Mockridge Rx', 'Casey Fakewell'],
      providerType: 'PHARMACISTS/PHARMACIES/PHARMACY PROVIDERS',
    });
    expect(entries.some((e) => e.name.includes('Placeholdt'))).toBe(false);
  });
});
