import { join } from 'node:path';
import { usDate } from '../calendar';
import { titleCase } from '../text';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/** MassHealth suspended or excluded providers (XLSX, sheet `Exclusions List`): one name column, NPI `NONE`, a unique id. */
const REASONS = ['OIG Exclusion', 'Conviction', 'License Revocation', 'Fraud', 'Failure to meet enrollment requirements', 'Patient abuse'];

function name(party: StateParty, quirks: QuirkQuota): string {
  if (party.kind === 'organization') return party.organization.legalName;
  const { person } = party;
  const middle = person.middleName ? ` ${person.middleName[0]}.` : '';
  if (quirks.want('last, first', 0.3)) return titleCase(`${person.lastName}, ${person.firstName}`);
  return titleCase(`${person.firstName}${middle} ${person.lastName}`);
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota, index: number): CellValue[] {
  const { rng } = context;
  const providerType =
    party.kind === 'person'
      ? party.person.providerType
      : rng.pick(['Pharmacy', 'Home Health Agency', 'Durable Medical Equipment', 'Adult Day Health']);
  const date: CellValue = rng.chance(0.8) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  return [
    name(party, quirks),
    npiOf(party) ?? 'NONE',
    providerType,
    `MHSE${String(1000 + index).padStart(6, '0')}`,
    date,
    rng.pick(REASONS),
  ];
}

export async function writeMassachusetts(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ma', 0.2).map((party, index) => row(context, party, quirks, index));
  const path = join('states', 'ma', 'masshealth-suspended-excluded-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Exclusions List',
        rows: [
          [
            'Provider Name',
            'National Provider Identifier (NPI)',
            'Provider Type',
            'Unique ID',
            'Suspension/Exclusion Effective Date',
            'Suspension/Exclusion Reason',
          ],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_ma', path, format: 'state_ma', rows: rows.length };
}
