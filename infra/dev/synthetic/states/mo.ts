import { join } from 'node:path';
import { addYears, dayOf, isoOf, usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, reasonFor } from './common';

/** MO MMAC provider sanction list (XLSX, 1 title row): one name column, NPI and license `N/A`, 2-digit years in some dates. */
function shortDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${Number(month)}/${Number(day)}/${year.slice(2)}`;
}

function name(party: StateParty): string {
  if (party.kind === 'organization') return party.organization.legalName;
  const { person } = party;
  return `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''}${person.suffix ? ` ${person.suffix}` : ''}`.toUpperCase();
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const term: CellValue = quirks.want('2-digit year', 0.1) ? shortDate(party.effectiveDate) : excelDate(party.effectiveDate);
  const letter = isoOf(Math.max(dayOf(party.effectiveDate) - 10 - rng.int(30), dayOf(addYears(party.effectiveDate, -1))));
  const type =
    party.kind === 'person'
      ? `${party.person.providerType}${rng.chance(0.4) ? `/${rng.pick(['General', 'Family Practice', 'Pediatrics', 'Home Care'])}` : ''}`
      : rng.pick(['Pharmacy', 'Durable Medical Equipment', 'Personal Care', 'Ambulance', 'Behavioral Health']);
  const license = party.kind === 'person' && rng.chance(0.5) ? `20${String(rng.int(100_000_000)).padStart(8, '0')}` : 'N/A';
  return [name(party), npiOf(party) ?? 'N/A', type, license, term, rng.chance(0.8) ? excelDate(letter) : usDate(letter), reasonFor(rng)];
}

export async function writeMissouri(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'mo', 0.25).map((party) => row(context, party, quirks));
  const path = join('states', 'mo', 'Sanction-List.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sanction List',
        rows: [
          [`MO HealthNet Provider Sanctions as of ${usDate(context.universe.asOf)}`],
          ['Provider Name', 'NPI', 'Prov Type/Specialty', 'License', 'Term Date', 'Letter Date', 'Termination Reason'],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_mo', path, format: 'state_mo', rows: rows.length };
}
