import { join } from 'node:path';
import { addYears, dayOf, usDate } from '../calendar';
import { CellValue, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, reasonFor } from './common';

/**
 * MI MDHHS sanctioned providers (XLSX, 1 title row): entity and person columns on one row (a
 * person and their business together), two sanction dates each followed by a column headed
 * `Sanction Source`, several dates in one cell, 2-digit years and the odd mistyped date.
 */
const SOURCES = ['MDHHS', 'OIG', 'LARA', 'CMS', 'MFCU'];

function shortDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${Number(month)}/${Number(day)}/${year.slice(2)}`;
}

function dateText(context: StateContext, iso: string, quirks: QuirkQuota): string {
  if (quirks.want('mistyped date', 0.005)) return `1${usDate(iso)}`; // e.g. 111/14/2022
  return quirks.want('2-digit year', 0.08) ? shortDate(iso) : usDate(iso);
}

function dates(context: StateContext, iso: string, quirks: QuirkQuota): [string, string, string, string] {
  const { rng } = context;
  let first = dateText(context, iso, quirks);
  const later = addYears(iso, 1);
  const laterOk = dayOf(later) < dayOf(context.universe.asOf);
  if (laterOk && quirks.want('several dates in a cell', 0.04)) first += ` ${usDate(later)}`;
  const second = laterOk && quirks.want('second sanction', 0.15) ? [dateText(context, later, quirks), rng.pick(SOURCES)] : ['', ''];
  return [first, rng.pick(SOURCES), second[0], second[1]];
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const city = party.address.city;
  const npi = npiOf(party) ?? '';
  const [date1, source1, date2, source2] = dates(context, party.effectiveDate, quirks);
  const license = party.kind === 'person' && rng.chance(0.6) ? `43${String(rng.int(100_000_000)).padStart(8, '0')}` : '';
  const tail = [npi, license, city, date1, source1, date2, source2, reasonFor(rng)];
  if (party.kind === 'organization') {
    const { organization } = party;
    const category = rng.pick(['Pharmacy', 'Home Health Agency', 'Medical Supplier', 'Adult Foster Care', 'Ambulance']);
    if (organization.ownerName && quirks.want('entity and person', 0.3)) {
      const [first, ...rest] = organization.ownerName.split(' ');
      return [organization.legalName, rest.pop() ?? first, first, rest.join(' '), category, ...tail];
    }
    return [organization.legalName, '', '', '', category, ...tail];
  }
  const { person } = party;
  return ['', person.lastName, person.firstName, person.middleName ?? '', person.providerType, ...tail];
}

export async function writeMichigan(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'mi', 0.25).map((party) => row(context, party, quirks));
  const path = join('states', 'mi', 'list-of-sanctioned-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sanctioned Providers',
        rows: [
          [`Michigan Department of Health and Human Services - List of Sanctioned Providers - ${usDate(context.universe.asOf)}`],
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
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_mi', path, format: 'state_mi', rows: rows.length };
}
