import { join } from 'node:path';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { byName, parseWith } from '../parse';

describe('NH: Medicaid provider exclusion and sanction list', () => {
  it('keeps a person’s business as their alias, lists a business alone; N/A or a FEIN as NPI; mixed and several dates', async () => {
    const path = await writeXlsx(join(scratchDir(), 'nh.xlsx'), [
      {
        name: 'Sheet1',
        rows: [
          ['NH Medicaid Provider Exclusion and Sanction List - fictional'],
          [
            'Provider/Individual First Name',
            'Provider/Individual Last Name',
            'Business Name',
            'National Provider Identifier (NPI)',
            'Provider/Individual Type',
            'Exclusion/Sanction Reason',
            'Exclusion/Sanction Effective Date',
          ],
          ['Jordan', 'Exampleson', 'Exampleson Counseling dba Granite Path', '1000000012', 'LCMHC', 'Fraud', '2023-08-15'],
          ['', '', 'Mockridge Medical Supply LLC', '26-3554962 (FEIN)', 'DME', 'OIG exclusion', '03/26/2025'],
          ['Dana', 'Samplefield', '', 'N/A', 'LNA', 'License revoked', '06/01/2022 2019-04-30'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_nh', path);
    expect(report.badRowCount).toBe(0);
    expect(entries).toHaveLength(3);
    expect(byName(entries, 'Jordan Exampleson')).toMatchObject({
      kind: 'person',
      aliases: ['Exampleson Counseling', 'Granite Path'],
      npis: ['1000000012'],
      startDate: '2023-08-15',
      state: 'NH',
    });
    expect(byName(entries, 'Mockridge Medical Supply LLC')).toMatchObject({ kind: 'organization', aliases: [], npis: [] });
    expect(byName(entries, 'Dana Samplefield')).toMatchObject({ npis: [], startDate: '2019-04-30', providerType: 'LNA' });
  });
});
