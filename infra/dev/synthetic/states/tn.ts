import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { usDate } from '../calendar';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/**
 * TennCare terminated provider list: the JSON feed behind the program-integrity page's web table,
 * `{ "data": [ { "Last Name", "First Name", "NPI", "Effective Date", "Reason" } ] }`. Entities
 * carry their name in Last Name with an empty First Name; `N/A` stands for no NPI; dates are
 * `05-Mar-2024`, a few still `03/05/2024` (the crawler accepts both).
 */
const REASONS = ['Terminated for cause', 'Failure to revalidate', 'License revoked', 'OIG exclusion', 'Conviction', 'Fraud'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2024-03-05` → `05-Mar-2024`. */
function feedDate(iso: string): string {
  return `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
}

function record(context: StateContext, party: StateParty, quirks: QuirkQuota): Record<string, string> {
  const { rng } = context;
  const npi = npiOf(party) ?? 'N/A';
  const date = quirks.want('us date', 0.05) ? usDate(party.effectiveDate) : feedDate(party.effectiveDate);
  const [lastName, firstName] =
    party.kind === 'organization' ? [party.organization.legalName, ''] : [party.person.lastName, party.person.firstName];
  return { 'Last Name': lastName, 'First Name': firstName, NPI: npi, 'Effective Date': date, Reason: rng.pick(REASONS) };
}

export async function writeTennessee(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const records = drawStateParties(context, 'tn', 0.35).map((party) => record(context, party, quirks));
  const path = join('states', 'tn', 'terminated-provider-list.tablejson.json');
  const target = join(context.outDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, JSON.stringify({ data: records }));
  return { source: 'state_tn', path, format: 'state_tn', rows: records.length };
}
