import JSZip from 'jszip';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openXmlSdkStyle } from '../../../../infra/dev/synthetic/xlsx';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { byName, parseWith } from '../parse';

describe('IL: HFS-OIG provider sanctions (Dynamics portal export)', () => {
  it('reads LAST FIRST M names without a comma, DBA inside names, and only the Active Sanctions sheet', async () => {
    const header = [
      'Provider Name',
      'License',
      'NPI',
      'Provider Type',
      'Affiliation',
      'Action Date',
      'Action Type',
      'Address',
      'Address 2',
      'City',
      'State',
      'Zip Code',
    ];
    const path = await writeXlsx(join(scratchDir(), 'il.xlsx'), [
      {
        name: 'Active Sanctions',
        rows: [
          header,
          [
            'EXAMPLESON JORDAN Q',
            '036.123456',
            '1000000012',
            'Physician',
            'MOCKRIDGE CLINIC LLC',
            '08/15/2023',
            'Barred',
            '1 MAIN ST',
            '',
            'PEORIA',
            'IL',
            '61602',
          ],
          [
            'FICTIONAL CARE PHARMACY INC DBA FC DRUGS',
            '',
            '1200000036',
            'Pharmacy',
            '',
            '2024-03-11',
            'Terminated',
            '2 MOCK ST',
            'STE 4',
            'GARY',
            'IN',
            '46402',
          ],
          ['SAMPLEFIELD DANA', '', '', 'CNA', '', new Date(Date.UTC(2021, 0, 5)), 'Suspended', '', '', 'CHICAGO', 'IL', '60601'],
        ],
      },
      {
        name: 'Inactive Sanctions',
        rows: [header, ['REINSTATED ROBIN', '', '', '', '', '01/01/2019', 'Reinstated', '', '', '', 'IL', '']],
      },
    ]);
    const { entries, report } = await parseWith('state_il', path);
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => e.name)).toEqual(['JORDAN Q EXAMPLESON', 'FICTIONAL CARE PHARMACY INC', 'DANA SAMPLEFIELD']);
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({
      kind: 'person',
      lastName: 'EXAMPLESON',
      firstName: 'JORDAN',
      middleName: 'Q',
      aliases: [],
      npis: ['1000000012'],
      action: 'Barred',
      startDate: '2023-08-15',
      state: 'IL',
    });
    expect(byName(entries, 'FICTIONAL CARE PHARMACY INC')).toMatchObject({
      kind: 'organization',
      aliases: ['FC DRUGS'],
      state: 'IN',
      startDate: '2024-03-11',
    });
    expect(byName(entries, 'DANA SAMPLEFIELD')).toMatchObject({ npis: [], startDate: '2021-01-05', action: 'Suspended' });
  });

  it('reads the portal export written the OpenXML SDK way: x:-prefixed parts and an empty fill', async () => {
    const dir = scratchDir();
    const plain = await writeXlsx(join(dir, 'il-plain.xlsx'), [
      {
        name: 'Active Sanctions',
        rows: [
          ['Provider Name', 'License', 'NPI', 'Provider Type', 'Affiliation', 'Action Date', 'Action Type', 'State'],
          ['EXAMPLESON JORDAN Q', '', '1000000012', 'Physician', '', '08/15/2023', 'Barred', 'IL'],
        ],
      },
    ]);
    const exported = join(dir, 'il-export.xlsx');
    writeFileSync(exported, await openXmlSdkStyle(readFileSync(plain), new Date(Date.UTC(2025, 0, 1))));
    const parts = await JSZip.loadAsync(readFileSync(exported));
    expect(await parts.files['xl/worksheets/sheet1.xml'].async('string')).toContain('<x:row ');
    const { entries } = await parseWith('state_il', exported);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ name: 'JORDAN Q EXAMPLESON', npis: ['1000000012'], action: 'Barred', startDate: '2023-08-15' });
  });
});
