import { join } from 'node:path';
import { addYears, dayOf, usDate } from '../calendar';
import { titleCase } from '../text';
import { CellValue, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, reasonFor, withDba } from './common';

/**
 * NH Medicaid provider exclusion and sanction list (XLSX, a title row): a person may carry a
 * business name (often a d/b/a), a business may stand alone; NPI `N/A` or a FEIN; dates typed as
 * `YYYY-MM-DD` or `MM/DD/YYYY` text, and one cell holding two dates.
 */
function fein(context: StateContext): string {
  return `${String(10 + context.rng.int(89))}-${String(context.rng.int(10_000_000)).padStart(7, '0')} (FEIN)`;
}

function dateCell(context: StateContext, iso: string, quirks: QuirkQuota): string {
  const text = context.rng.chance(0.5) ? iso : usDate(iso);
  const later = addYears(iso, 2);
  if (dayOf(later) < dayOf(context.universe.asOf) && quirks.want('several dates', 0.02)) return `${text} ${usDate(later)}`;
  return text;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const npi = npiOf(party) ?? (party.kind === 'organization' && quirks.want('fein', 0.3) ? fein(context) : 'N/A');
  const date = dateCell(context, party.effectiveDate, quirks);
  if (party.kind === 'organization') {
    const { organization } = party;
    const type = rng.pick(['Pharmacy', 'Home Health Agency', 'DME Supplier', 'Transportation']);
    return ['', '', titleCase(organization.legalName), npi, type, reasonFor(rng), date];
  }
  const { person } = party;
  let business = '';
  if (quirks.want('person with business', 0.1)) {
    const own = `${titleCase(person.lastName)} ${rng.pick(['Counseling', 'Therapy Services', 'Home Care', 'Consulting'])}`;
    business = rng.chance(0.5) ? withDba(rng, own, titleCase(context.organizations.next().dbaNames[0] ?? `${person.lastName} Care`)) : own;
  }
  return [titleCase(person.firstName), titleCase(person.lastName), business, npi, person.providerType, reasonFor(rng), date];
}

export async function writeNewHampshire(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'nh', 0.2).map((party) => row(context, party, quirks));
  const path = join('states', 'nh', 'provider-exclusion-sanction-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Sheet1',
        rows: [
          ['New Hampshire Medicaid Provider Exclusion and Sanction List'],
          [
            'Provider/Individual First Name',
            'Provider/Individual Last Name',
            'Business Name',
            'National Provider Identifier (NPI)',
            'Provider/Individual Type',
            'Exclusion/Sanction Reason',
            'Exclusion/Sanction Effective Date',
          ],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_nh', path, format: 'state_nh', rows: rows.length };
}
