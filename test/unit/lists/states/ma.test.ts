import { join } from 'node:path';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { ArtifactFormatError } from '../../../../activities/lists/sources/types';
import { byName, parseWith } from '../parse';

describe('MA: MassHealth suspended and excluded providers', () => {
  const header = [
    'Provider Name',
    'National Provider Identifier (NPI)',
    'Provider Type',
    'Unique ID',
    'Suspension/Exclusion Effective Date',
    'Suspension/Exclusion Reason',
  ];

  it('reads the Exclusions List sheet: one name column holding persons and organizations, NPI NONE', async () => {
    const path = await writeXlsx(join(scratchDir(), 'ma.xlsx'), [
      { name: 'Read Me', rows: [['MassHealth Suspended or Excluded Providers'], ['Provider Name', 'National Provider Identifier (NPI)']] },
      {
        name: 'Exclusions List',
        rows: [
          header,
          ['Jordan Q. Exampleson', '1000000012', 'Physician', 'MA-000123', '08/15/2023', 'Conviction'],
          ['Exampleson, Robin', 'NONE', 'Personal Care Attendant', 'MA-000124', '2024-01-02', 'OIG exclusion'],
          ['Fictional Care Pharmacy, Inc.', '1200000036', 'Pharmacy', 'MA-000125', new Date(Date.UTC(2024, 2, 11)), 'Fraud'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_ma', path);
    expect(report.badRowCount).toBe(0);
    expect(entries).toHaveLength(3);
    expect(byName(entries, 'Jordan Q. Exampleson')).toMatchObject({ kind: 'person', lastName: 'Exampleson', npis: ['1000000012'] });
    expect(byName(entries, 'Robin Exampleson')).toMatchObject({ kind: 'person', npis: [], startDate: '2024-01-02', state: 'MA' });
    expect(byName(entries, 'Fictional Care Pharmacy, Inc.')).toMatchObject({
      kind: 'organization',
      providerType: 'Pharmacy',
      startDate: '2024-03-11',
    });
  });

  it('refuses a workbook without the Exclusions List sheet', async () => {
    const path = await writeXlsx(join(scratchDir(), 'ma-renamed.xlsx'), [
      { name: 'Sheet1', rows: [header, ['Jordan Exampleson', '1000000012', 'Physician', '1', '08/15/2023', '']] },
    ]);
    await expect(parseWith('state_ma', path)).rejects.toBeInstanceOf(ArtifactFormatError);
  });
});
