import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { addYears, dayOf } from '../calendar';
import { titleCase } from '../text';
import { QuirkQuota, StateContext, StateParty, WrittenFile, aliasText, drawStateParties } from './common';

/**
 * DC OCP Excluded Parties List (an HTML page): four tables (individuals and companies, current
 * and historical) with headers in plain `<td>` cells, addresses split by `<br>`, dates written
 * `May 28, 2009` (sometimes two in one cell), `a/k/a` and `aka "…"` inside names.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const AGENCIES = [
  'Office of Contracting and Procurement',
  'Department of Health Care Finance',
  'Department of Human Services',
  'Office of the Inspector General',
];
const REASONS = [
  'Conviction for Medicaid fraud',
  'False claims submitted to the District',
  'Debarment by a federal agency',
  'Failure to perform under a District contract',
  'Conviction for theft of public funds',
];

function longDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${MONTHS[Number(month) - 1]} ${Number(day)}, ${year}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function personName(context: StateContext, party: StateParty & { kind: 'person' }, quirks: QuirkQuota): string {
  const { person } = party;
  const middle = person.middleName ? ` ${person.middleName}` : '';
  const name = context.rng.chance(0.7)
    ? titleCase(`${person.lastName}, ${person.firstName}${middle}`)
    : titleCase(`${person.firstName}${middle} ${person.lastName}`);
  // A list without any alias marker would not show the quirk: the first person written gets one.
  const alias = aliasText(person) ?? (quirks.pending('alias') ? `${person.firstName.charAt(0)}. ${person.lastName}` : null);
  if (!alias || !quirks.want('alias', 0.1)) return name;
  return context.rng.chance(0.5) ? `${name}; a/k/a ${titleCase(alias)}` : `${name}: aka "${titleCase(alias)}"`;
}

interface Listing {
  party: StateParty;
  cells: string[];
  current: boolean;
}

function listing(context: StateContext, party: StateParty, quirks: QuirkQuota): Listing {
  const { rng } = context;
  const end = addYears(party.effectiveDate, 1 + rng.int(5));
  const current = dayOf(end) > dayOf(context.universe.asOf);
  const { address } = party;
  const addressCell = `${escapeHtml(address.line1)}<br>${escapeHtml(`${address.city}, ${address.state} ${address.zip5}`)}`;
  let actionDate = escapeHtml(longDate(party.effectiveDate));
  if (quirks.want('two action dates', 0.04)) actionDate += ` and ${longDate(addYears(party.effectiveDate, 1))}`;
  const tail = [actionDate, escapeHtml(longDate(end)), escapeHtml(rng.pick(AGENCIES)), escapeHtml(rng.pick(REASONS))];
  if (party.kind === 'person') {
    return { party, current, cells: [escapeHtml(personName(context, party, quirks)), addressCell, ...tail] };
  }
  const { organization } = party;
  const principal = organization.ownerName ? `${titleCase(organization.ownerName)}${rng.chance(0.6) ? ', President' : ''}` : '';
  return { party, current, cells: [escapeHtml(organization.legalName), addressCell, escapeHtml(principal), ...tail] };
}

function table(heading: string, header: string[], rows: Listing[]): string {
  const headerRow = `<tr>${header.map((cell) => `<td><strong>${cell}</strong></td>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<h2>${heading}</h2>\n<table class="table">\n<tbody>\n${headerRow}\n${body}\n</tbody>\n</table>`;
}

export async function writeDistrictOfColumbia(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const listings = drawStateParties(context, 'dc', 0.5).map((party) => listing(context, party, quirks));
  const people = (current: boolean): Listing[] => listings.filter((l) => l.party.kind === 'person' && l.current === current);
  const companies = (current: boolean): Listing[] => listings.filter((l) => l.party.kind === 'organization' && l.current === current);
  const tail = ['Action Date', 'Agency Instituting the Action', 'Reason for the Action'];
  const individualHeader = (end: string): string[] => ['Name of Individual', 'Principal Address', tail[0], end, ...tail.slice(1)];
  const companyHeader = (end: string): string[] => ['Name of Company', 'Principal Address', 'Principals', tail[0], end, ...tail.slice(1)];
  const page = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Excluded Parties List | ocp</title></head><body>',
    '<h1>Excluded Parties List</h1>',
    '<p>Parties listed below are suspended or debarred from doing business with the District of Columbia.</p>',
    table('Current Excluded Parties &ndash; Individuals', individualHeader('Expiration Date'), people(true)),
    table('Current Excluded Parties &ndash; Companies', companyHeader('Expiration Date'), companies(true)),
    table('Historical Excluded Parties &ndash; Individuals', individualHeader('Termination Date'), people(false)),
    table('Historical Excluded Parties &ndash; Companies', companyHeader('Termination Date'), companies(false)),
    '</body></html>',
    '',
  ].join('\n');
  const path = join('states', 'dc', 'excluded-parties-list.html');
  mkdirSync(dirname(join(context.outDir, path)), { recursive: true });
  writeFileSync(join(context.outDir, path), page);
  return { source: 'state_dc', path, format: 'state_dc', rows: listings.length };
}
