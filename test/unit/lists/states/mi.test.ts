import { join } from 'node:path';
import { scratchDir, writeXlsx } from '../../../fixtures/lists/builders';
import { byName, parseWith } from '../parse';

describe('MI: MDHHS sanctioned providers', () => {
  it('lists the entity and the person of one row; several dates per cell, the earliest counts; state MI', async () => {
    const path = await writeXlsx(join(scratchDir(), 'mi.xlsx'), [
      {
        name: 'Sanctioned Providers',
        rows: [
          ['Michigan Department of Health and Human Services - List of Sanctioned Providers (fictional)'],
          [
            'Entity Name',
            'Last Name',
            'First Name',
            'Middle Name',
            'Provider Category',
            'NPI',
            'License',
            'City',
            'Sanction Date1',
            'Sanction Source',
            'Sanction Date2',
            'Sanction Source',
            'Reason',
          ],
          [
            'Mockridge Medical Supply LLC',
            'Mockridge',
            'Dana',
            'L',
            'DME',
            '1700000056',
            '',
            'Detroit',
            '03/26/2025 04/02/2025',
            'MDHHS',
            '11/13/18',
            'OIG',
            'Fraud',
          ],
          ['', 'Exampleson', 'Jordan', '', 'Physician', '1000000012', '4301012345', 'Lansing', '', '', '08/15/2023', 'LARA', 'License'],
          ['Fictional Care Pharmacy Inc', '', '', '', 'Pharmacy', '', '', 'Flint', '111/14/2022', 'MDHHS', '', '', 'Billing'],
        ],
      },
    ]);
    const { entries, report } = await parseWith('state_mi', path);
    expect(report.badRowCount).toBe(0);
    expect(entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'person:Dana L Mockridge',
      'organization:Mockridge Medical Supply LLC',
      'person:Jordan Exampleson',
      'organization:Fictional Care Pharmacy Inc',
    ]);
    const person = byName(entries, 'Dana L Mockridge');
    expect(person).toMatchObject({ npis: ['1700000056'], startDate: '2018-11-13', state: 'MI', providerType: 'DME' });
    expect(byName(entries, 'Mockridge Medical Supply LLC').startDate).toBe('2018-11-13');
    expect(person.raw).toMatchObject({ 'Sanction Source': 'MDHHS', 'Sanction Source (column 12)': 'OIG' });
    expect(byName(entries, 'Jordan Exampleson').startDate).toBe('2023-08-15');
    // A mistyped date reads as no date rather than a wrong one.
    expect(byName(entries, 'Fictional Care Pharmacy Inc')).toMatchObject({ startDate: null, npis: [] });
  });
});
