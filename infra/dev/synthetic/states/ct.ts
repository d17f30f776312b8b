import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { usDate } from '../calendar';
import { titleCase } from '../text';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties } from './common';

/**
 * Connecticut DSS Quality Assurance administrative actions list: the HTML document the page shows
 * in its frame, one `<center><table>` whose first row is a title spanning the table and whose
 * second is the header (plain `<td>` cells). A person's business sits in its own column; a
 * business listed alone has `N/A` for a name; the period is in words.
 */
const ACTIONS = ['Exclusion', 'Exclusion', 'Suspension', 'Termination', 'Suspension of Payments'];
const PERIODS = ['Indefinite', '1 year', '3 years', '5 years', '10 years', 'Permanent'];
const SPECIALTIES = ['Pharmacy', 'Home Health Care Agency', 'Medical Transportation', 'Behavioral Health Clinic'];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function cells(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const { address } = party;
  const place = `${address.line1}, ${address.city}, ${address.state} ${address.zip5}`;
  const tail = [usDate(party.effectiveDate), rng.pick(PERIODS), rng.pick(ACTIONS)];
  if (party.kind === 'organization') {
    return ['N/A', party.organization.legalName, rng.pick(SPECIALTIES), place, ...tail];
  }
  const { person } = party;
  const middle = person.middleName ? ` ${person.middleName[0]}.` : '';
  const suffix = person.suffix ? ` ${person.suffix}` : '';
  const name = `${titleCase(`${person.lastName}, ${person.firstName}`)}${middle}${suffix}`;
  const business = quirks.want('business beside a person', 0.2) ? `${titleCase(person.lastName)} Care Services, LLC` : 'N/A';
  return [name, business, person.providerType, rng.chance(0.1) ? 'N/A' : place, ...tail];
}

export async function writeConnecticut(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ct', 0.2).map((party) => cells(context, party, quirks));
  const header = ['Name', 'Business', 'Specialty', 'Address', 'Effective Date', 'Period', 'Action'];
  const page = [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><title>Administrative Actions List</title></head><body>',
    '<div><center><table border="1" cellpadding="3">',
    `<tr><td colspan="${header.length}"><b>Department of Social Services - Office of Quality Assurance - Administrative Actions List</b></td></tr>`,
    `<tr>${header.map((h) => `<td><b>${h}</b></td>`).join('')}</tr>`,
    ...rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`),
    '</table></center></div>',
    '</body></html>',
    '',
  ].join('\n');
  const path = join('states', 'ct', 'administrative-actions-list.html');
  mkdirSync(dirname(join(context.outDir, path)), { recursive: true });
  writeFileSync(join(context.outDir, path), page);
  return { source: 'state_ct', path, format: 'state_ct', rows: rows.length };
}
