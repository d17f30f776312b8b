import { join } from 'node:path';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { byName, parseWith } from '../parse';

describe('KY: Medicaid terminated and excluded providers', () => {
  it('skips the notes above the header; practices with first name N/A, Owner: and dba; N/A and `; `-joined NPIs', async () => {
    const path = await writeXlsx(join(scratchDir(), 'ky.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['Kentucky Medicaid Provider Termination and Exclusion List'],
          ['Providers terminated or excluded from the Kentucky Medicaid Program. Fictional.'],
          [null],
          [
            'First Name',
            'Last Name or Practice Name',
            'NPI',
            'License',
            'Effective Date',
            'Reason for Term/Exclusion',
            'Timeframe of Term/Exclusion',
          ],
          ['JORDAN', 'EXAMPLESON', '1000000012; 1200000036', 'RN1234567', '08/15/2023', 'Conviction', 'Permanent'],
          ['N/A', 'Mockridge Home Care LLC dba Mockridge Care Owner: Dana Samplefield', 'N/A', 'N/A', '2024-03-11', 'Fraud', '5 years'],
          ['Casey', 'Fakewell', '123456789', 'N/A', new Date(Date.UTC(2022, 4, 5)), 'License revoked', 'N/A'],
        ],
      },
      { name: 'Sheet2', rows: [] },
      { name: 'Sheet3', rows: [] },
    ]);
    const { entries, report } = await parseWith('state_ky', path);
    expect(report.badRowCount).toBe(0);
    expect(byName(entries, 'JORDAN EXAMPLESON')).toMatchObject({
      kind: 'person',
      npis: ['1000000012', '1200000036'],
      startDate: '2023-08-15',
      endDateKind: 'permanent',
      state: 'KY',
    });
    expect(byName(entries, 'Mockridge Home Care LLC')).toMatchObject({
      kind: 'organization',
      aliases: ['Mockridge Care', 'Dana Samplefield'],
      npis: [],
      startDate: '2024-03-11',
    });
    expect(byName(entries, 'Casey Fakewell')).toMatchObject({ kind: 'person', npis: [], startDate: '2022-05-05' });
  });
});
