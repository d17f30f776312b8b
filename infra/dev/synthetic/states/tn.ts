import { join } from 'node:path';
import { usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/** TennCare terminated provider list (PDF): entities carry their name in Last Name with no first name. */
const REASONS = ['Terminated for cause', 'Failure to revalidate', 'License revoked', 'OIG exclusion', 'Conviction', 'Fraud'];

function row(context: StateContext, party: StateParty): string[] {
  const { rng } = context;
  const npi = npiOf(party) ?? 'N/A';
  if (party.kind === 'organization') return [party.organization.legalName, '', npi, usDate(party.effectiveDate), rng.pick(REASONS)];
  const { person } = party;
  return [person.lastName, person.firstName, npi, usDate(party.effectiveDate), rng.pick(REASONS)];
}

export async function writeTennessee(context: StateContext): Promise<WrittenFile> {
  const rows = drawStateParties(context, 'tn', 0.35).map((party) => row(context, party));
  const path = join('states', 'tn', 'terminated-provider-list.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['TennCare Office of Program Integrity', 'Terminated Provider List'],
      columns: [
        { header: 'Last Name', width: 200 },
        { header: 'First Name', width: 110 },
        { header: 'NPI', width: 80 },
        { header: 'Effective Date', width: 80 },
        { header: 'Reason', width: 220 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      landscape: true,
    },
    context.modified,
  );
  return { source: 'state_tn', path, format: 'state_tn', rows: rows.length };
}
