import { join } from 'node:path';
import { usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, aliasText, drawStateParties, tradeName } from './common';

/**
 * Wyoming Medicaid Provider Exclusion List (PDF, header on the first page only, a title above
 * it): a person, a business or both on one row, `a.k.a. NAME` in the business column for the
 * person's other name, Wyoming provider numbers (now and then missing), city and state.
 */
const ORGANIZATION_TYPES = ['Pharmacy', 'Home Health Agency', 'DME Supplier', 'Ambulance', 'Group Home'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const providerNumber = quirks.want('no provider number', 0.03) ? '' : String(rng.int(10_000_000)).padStart(7, '0');
  const tail = [providerNumber, party.address.city, party.address.state, usDate(party.effectiveDate)];
  if (party.kind === 'organization') {
    const { organization } = party;
    if (organization.ownerName && quirks.want('owner with business', 0.3)) {
      const parts = organization.ownerName.split(' ');
      return [parts[parts.length - 1], parts[0], organization.legalName, rng.pick(ORGANIZATION_TYPES), ...tail];
    }
    const name = quirks.want('business dba', 0.15) ? `${organization.legalName} dba ${tradeName(organization)}` : organization.legalName;
    return ['', '', name, rng.pick(ORGANIZATION_TYPES), ...tail];
  }
  const { person } = party;
  const alias = aliasText(person);
  const business = alias && quirks.want('aka in business column', 0.1) ? `${rng.pick(['a.k.a.', 'a.k.a', 'aka'])} ${alias}` : '';
  return [person.lastName, person.firstName, business, person.providerType, ...tail];
}

export async function writeWyoming(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'wy', 0.15).map((party) => row(context, party, quirks));
  const path = join('states', 'wy', 'wyoming-medicaid-provider-exclusion-list.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['Wyoming Medicaid Provider Exclusion List'],
      columns: [
        { header: 'Last Name', width: 95 },
        { header: 'First Name', width: 80 },
        { header: 'Business Name', width: 170 },
        { header: 'Provider Type', width: 110 },
        { header: 'Provider Number', width: 60 },
        { header: 'City', width: 80 },
        { header: 'State', width: 30 },
        { header: 'Exclusion Date', width: 60 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: false,
      landscape: true,
    },
    context.modified,
  );
  return { source: 'state_wy', path, format: 'state_wy', rows: rows.length };
}
