import { join } from 'node:path';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { byName, parseWith } from '../parse';

describe('MO: MMAC provider sanction list', () => {
  it('skips the title row; one name column, NPI N/A, two-digit years read from 1977 on', async () => {
    const path = await writeXlsx(join(scratchDir(), 'mo.xlsx'), [
      {
        name: 'Sanction List',
        rows: [
          ['MO HealthNet Provider Terminations - fictional'],
          ['Provider Name', 'NPI', 'Prov Type/Specialty', 'License', 'Term Date', 'Letter Date', 'Termination Reason'],
          ['EXAMPLESON, JORDAN Q', '1000000012', 'Physician/Family Practice', '2004012345', '8/15/23', '8/10/23', 'Conviction'],
          ['Fictional Care Pharmacy LLC', 'N/A', 'Pharmacy', 'N/A', '03/11/2024', '03/01/2024', 'Fraud'],
          ['Robin Placeholdt', 'N/A', 'Personal Care Aide', 'N/A', '12/01/98', '', 'OIG exclusion'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_mo', path);
    expect(report.badRowCount).toBe(0);
    expect(byName(entries, 'JORDAN Q EXAMPLESON')).toMatchObject({ kind: 'person', npis: ['1000000012'], startDate: '2023-08-15' });
    expect(byName(entries, 'Fictional Care Pharmacy LLC')).toMatchObject({ kind: 'organization', npis: [], action: 'Terminated' });
    expect(byName(entries, 'Robin Placeholdt')).toMatchObject({ kind: 'person', startDate: '1998-12-01', state: 'MO' });
  });
});
