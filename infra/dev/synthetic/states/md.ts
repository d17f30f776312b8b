import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, cityStateZip, drawStateParties, npiOf } from './common';

/** Maryland Medicaid sanctioned providers (XLSX): combined City/State/Zip column; a code legend below the data. */
const SANCTION_TYPES: readonly (readonly [string, string])[] = [
  ['EX', 'Excluded from the Maryland Medicaid Program'],
  ['TR', 'Terminated from the Maryland Medicaid Program'],
  ['SU', 'Suspended from the Maryland Medicaid Program'],
  ['LB', 'License action: check with the appropriate license board'],
];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party) ?? (quirks.want('npi placeholder', 0.5) ? rng.pick(['N/A', 'NONE', '']) : '');
  const sanction = rng.pick(SANCTION_TYPES)[0];
  const date: CellValue = rng.chance(0.85) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  const location = [party.address.line1, cityStateZip(party.address)];
  if (party.kind === 'organization') {
    return [
      party.organization.legalName,
      '',
      npi,
      rng.pick(['Pharmacy', 'Home Health Agency', 'DME', 'Clinic', 'Residential Service Agency']),
      '',
      ...location,
      date,
      sanction,
    ];
  }
  const { person } = party;
  const license = rng.chance(0.6) ? `${rng.pick(['R', 'D', 'L', 'CNA'])}${String(rng.int(1_000_000)).padStart(6, '0')}` : '';
  return [person.lastName, person.firstName, npi, person.providerType, license, ...location, date, sanction];
}

export async function writeMaryland(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'md').map((party) => row(context, party, quirks));
  const path = join('states', 'md', 'sanctioned-provider-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sanctioned Providers',
        rows: [
          [
            'Last Name/Organization',
            'First Name',
            'NPI',
            'Type of Entity/Profession',
            'License No.',
            'Address',
            'City/State/Zip',
            'Termination/Sanction Date',
            'Sanction Type',
          ],
          ...rows,
          [null],
          ['Sanction Type', 'Description'],
          ...SANCTION_TYPES.map(([code, description]) => [code, description]),
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_md', path, format: 'state_md', rows: rows.length };
}
