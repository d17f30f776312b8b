import { join } from 'node:path';
import { compactDate, usDate } from '../calendar';
import { professionOf } from '../professions';
import { foldToAscii } from '../text';
import { CellValue, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, firstNameVariant, npiOf } from './common';

/** Georgia Medicaid OIG exclusions (XLSX, Sheet1, 2 title rows): LEIE-like columns; "AKA Johnny" in the middle name. */
function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party) ?? '';
  const sanctionDate = rng.chance(0.5) ? usDate(party.effectiveDate) : compactDate(party.effectiveDate);
  if (party.kind === 'organization') {
    return ['', '', '', party.organization.legalName, 'OTHER BUSINESS', party.address.state, npi, sanctionDate];
  }
  const { person } = party;
  const nickname = person.aliases.find((alias) => alias.endsWith(` ${person.lastName}`) && alias.split(' ').length === 2);
  const middle = nickname && quirks.want('aka in middle', 0.5) ? `AKA ${nickname.split(' ')[0]}` : (person.middleName ?? '');
  return [
    foldToAscii(person.lastName),
    foldToAscii(firstNameVariant(rng, person)),
    foldToAscii(middle),
    '',
    professionOf(person.providerType).leieGeneral,
    party.address.state,
    npi,
    sanctionDate,
  ];
}

export async function writeGeorgia(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ga', 0.1).map((party) => row(context, party, quirks));
  const path = join('states', 'ga', 'medicaid-oig-exclusions.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sheet1',
        rows: [
          ['Georgia Department of Community Health - Office of Inspector General'],
          [`Medicaid Exclusions List as of ${usDate(context.universe.asOf)}`],
          ['Last Name', 'First Name', 'Middle Name', 'Business Name', 'General', 'State', 'NPI', 'SancDate'],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_ga', path, format: 'state_ga', rows: rows.length };
}
