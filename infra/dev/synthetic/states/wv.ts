import { join } from 'node:path';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf, reasonFor } from './common';

/**
 * WV Medicaid exclusions & terminations (PDF): a title line above a header repeated on every
 * page, wrapped cells, `Deactivated` NPIs, two NPIs over two lines, ZIP+4 and `M/D/YY` dates.
 */
function shortDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}/${y.slice(2)}`;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const { address } = party;
  const npi = npiOf(party);
  const npiCell = !npi ? rng.pick(['N/A', 'Deactivated']) : quirks.want('two npis', 0.05) ? `${npi},\n${extraNpi(context)}` : npi;
  const zip = quirks.want('zip plus four', 0.3) ? `${address.zip5}-${address.zip4}` : address.zip5;
  const rest = [
    npiCell,
    address.line1,
    address.line2,
    address.city,
    address.state,
    zip,
    shortDate(party.effectiveDate),
    rng.pick(['Excluded', 'Terminated']),
    reasonFor(rng),
  ];
  if (party.kind === 'organization') return [party.organization.legalName, '', ...rest];
  return [party.person.lastName, party.person.firstName, ...rest];
}

export async function writeWestVirginia(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'wv', 0.08).map((party) => row(context, party, quirks));
  const path = join('states', 'wv', 'medicaid-provider-exclusions-terminations.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['West Virginia Medicaid Provider Exclusions and Terminations'],
      columns: [
        { header: 'Last Name', width: 80 },
        { header: 'First Name', width: 65 },
        { header: 'NPI', width: 62 },
        { header: 'Address 1', width: 85 },
        { header: 'Address 2', width: 55 },
        { header: 'City', width: 60 },
        { header: 'State', width: 28 },
        { header: 'Zip', width: 34 },
        { header: 'Action Date', width: 45 },
        { header: 'Excluded/ Terminated', width: 60 },
        { header: 'Reason for Exclusion/ Termination', width: 140 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      landscape: true,
      fontSize: 7,
    },
    context.modified,
  );
  return { source: 'state_wv', path, format: 'state_wv', rows: rows.length };
}
