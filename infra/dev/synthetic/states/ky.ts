import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf, reasonFor, tradeName } from './common';

/**
 * KY Medicaid term/exclusion list (XLSX): note rows above a header that starts with `First Name`,
 * two empty extra sheets, practices with first name `N/A` and `Owner:` / `dba` in the name, NPIs
 * `N/A` or several in one cell, now and then a mistyped one.
 */
const TIMEFRAMES = ['Permanent', 'Indefinite', '5 years', '10 years', '3 years', 'N/A', 'Entity: N/A      Owners: 20 years'];

function npiCell(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  const npi = npiOf(party);
  if (!npi) return 'N/A';
  if (quirks.want('multi npi', 0.04)) return `${npi}${context.rng.pick(['; ', '\n'])}${extraNpi(context)}`;
  if (quirks.want('mistyped npi', 0.01)) return npi.slice(0, 9);
  return npi;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const date: CellValue = rng.chance(0.75) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  const tail = [date, reasonFor(rng), rng.pick(TIMEFRAMES)];
  if (party.kind === 'organization') {
    const { organization } = party;
    let name = organization.legalName;
    if (quirks.want('dba', 0.2)) name += ` dba ${tradeName(organization)}`;
    if (organization.ownerName && quirks.want('owner', 0.35)) name += ` Owner: ${organization.ownerName}`;
    return ['N/A', name, npiCell(context, party, quirks), 'N/A', ...tail];
  }
  const { person } = party;
  const license = rng.chance(0.5) ? `${rng.pick(['RN', 'LPN', 'MD', 'PH', 'SW'])}${String(rng.int(10_000_000)).padStart(7, '0')}` : 'N/A';
  return [person.firstName, person.lastName, npiCell(context, party, quirks), license, ...tail];
}

export async function writeKentucky(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ky', 0.3).map((party) => row(context, party, quirks));
  const notes: CellValue[][] = [
    ['Kentucky Department for Medicaid Services'],
    ['Kentucky Medicaid Provider Termination and Exclusion List'],
    ['Providers on this list are terminated or excluded from participation in the Kentucky Medicaid Program.'],
  ];
  if (context.rng.chance(0.5)) notes.push([`Updated ${usDate(context.universe.asOf)}`]);
  const path = join('states', 'ky', 'KYMedicaidTerminationList.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sheet1',
        rows: [
          ...notes,
          [
            'First Name',
            'Last Name or Practice Name',
            'NPI',
            'License',
            'Effective Date',
            'Reason for Term/Exclusion',
            'Timeframe of Term/Exclusion',
          ],
          ...rows,
        ],
      },
      { name: 'Sheet2', rows: [] },
      { name: 'Sheet3', rows: [] },
    ],
    context.modified,
  );
  return { source: 'state_ky', path, format: 'state_ky', rows: rows.length };
}
