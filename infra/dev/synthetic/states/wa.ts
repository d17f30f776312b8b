import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, otherSurname } from './common';

/** HCA termination & exclusion list (XLSX): 3 title rows, newline-stacked names (first = primary) and NPI/ProviderOne IDs. */
function providerOne(context: StateContext): string {
  return `P1${String(context.rng.int(1_000_000_000)).padStart(9, '0')}`;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const names: string[] = [];
  if (party.kind === 'organization') {
    names.push(party.organization.legalName, ...party.organization.dbaNames);
  } else {
    const { person } = party;
    const middle = person.middleName ? ` ${person.middleName[0]}` : '';
    names.push(`${person.lastName}, ${person.firstName}${middle}`);
    const maiden = otherSurname(person);
    if (maiden) names.push(`${maiden}, ${person.firstName}`);
    for (const alias of person.aliases) {
      const parts = alias.split(' ');
      if (parts[parts.length - 1] === person.lastName) names.push(`${person.lastName}, ${parts[0]}`);
    }
  }
  const ids: string[] = [];
  const npi = npiOf(party);
  if (npi) ids.push(npi);
  if (quirks.want('provider one', 0.3) || ids.length === 0) ids.push(providerOne(context));
  const license =
    party.kind === 'person' && rng.chance(0.7)
      ? `${rng.pick(['RN', 'LP', 'NA', 'MD', 'PH'])}${String(rng.int(100000000)).padStart(8, '0')}`
      : 'N/A';
  const date: CellValue = rng.chance(0.8) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  return [names.join('\n'), ids.join('\n'), license, date, rng.pick(['Excluded', 'Terminated', 'Suspended', 'Terminated for cause'])];
}

export async function writeWashington(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const parties = drawStateParties(context, 'wa');
  // Guarantee a stacked-name cell: the first person with an alias goes first.
  const stackedIndex = parties.findIndex((party) => party.kind === 'person' && party.person.aliases.length > 0);
  if (stackedIndex > 0) parties.unshift(...parties.splice(stackedIndex, 1));
  const rows = parties.map((party) => row(context, party, quirks));
  const path = join('states', 'wa', 'provider-termination-exclusion-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sheet1',
        rows: [
          ['Washington State Health Care Authority'],
          ['Provider Termination and Exclusion List'],
          [`Updated ${usDate(context.universe.asOf)}`],
          ['Name', 'NPI or P1', 'License', 'Date of Exclusion', 'Action'],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_wa', path, format: 'state_wa', rows: rows.length };
}
