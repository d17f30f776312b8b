import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, aliasText, drawStateParties, npiOf, reasonFor } from './common';

/**
 * North Dakota HHS Medicaid provider exclusion list (XLSX): 10 title rows; `(aka …)` and
 * `Owner:` inside the name cell; date cells sometimes prefixed with `Termination` or `Denial`.
 */
function nameCell(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  if (party.kind === 'organization') {
    const { organization } = party;
    if (organization.ownerName && quirks.want('owner in name', 0.3)) return `${organization.legalName} Owner: ${organization.ownerName}`;
    return organization.legalName;
  }
  const { person } = party;
  const name = `${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''} ${person.lastName}`;
  const alias = aliasText(person);
  return alias && quirks.want('aka', 0.15) ? `${name} (aka ${alias})` : name;
}

function dateCell(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue {
  if (quirks.want('prefixed date', 0.1))
    return `${context.rng.pick(['Termination ', 'Termination: ', 'Denial '])}${usDate(party.effectiveDate)}`;
  return context.rng.chance(0.8) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const { address } = party;
  const license =
    party.kind === 'person' && rng.chance(0.7)
      ? [
          `${rng.pick(['R', 'L', 'M'])}${10000 + rng.int(90000)}`,
          ...(quirks.want('two licenses', 0.05) ? [`L${1000 + rng.int(9000)}`] : []),
        ].join('; ')
      : 'N/A';
  const providerType =
    party.kind === 'organization'
      ? rng.pick(['Basic Care Facility', 'Pharmacy', 'DME', 'Personal Care Agency'])
      : party.person.providerType;
  return [
    nameCell(context, party, quirks),
    npiOf(party) ?? 'N/A',
    address.line1,
    address.city,
    address.state,
    address.zip5,
    license,
    providerType,
    dateCell(context, party, quirks),
    reasonFor(rng),
  ];
}

export async function writeNorthDakota(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'nd', 0.25).map((party) => row(context, party, quirks));
  const path = join('states', 'nd', 'medicaid-provider-exclusion-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Exclusion List',
        rows: [
          ['North Dakota Health and Human Services'],
          ['Medical Services Division'],
          ['ND Medicaid Provider Exclusion List'],
          [null],
          ['Providers on this list are excluded from participation in ND Medicaid.'],
          ['Federal regulations require providers to check this list before hiring or contracting.'],
          ['Also check the HHS-OIG List of Excluded Individuals/Entities.'],
          [null],
          [`Updated ${usDate(context.universe.asOf)}`],
          [null],
          [
            'Provider Name',
            'NPI',
            'Street Address',
            'City',
            'State',
            'Zip',
            'License Number',
            'Provider Type',
            'Exclusion Date',
            'Reason for Exclusion',
          ],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_nd', path, format: 'state_nd', rows: rows.length };
}
