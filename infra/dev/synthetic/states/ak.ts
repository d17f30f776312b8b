import { join } from 'node:path';
import { usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, reasonFor } from './common';

/** Alaska Medical Assistance Excluded Provider List (PDF): cover page, shaded rows, long names wrapping, entities with no first name. */
const AUTHORITIES = ['42 CFR 1001.1901', '7 AAC 105.400', '7 AAC 160.110', 'AS 47.05.270', 'OIG 1128(a)(1)'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const common = [rng.pick(AUTHORITIES), reasonFor(rng)];
  if (party.kind === 'organization') {
    return [
      usDate(party.effectiveDate),
      party.organization.legalName,
      '',
      rng.pick(['Pharmacy', 'DME Supplier', 'Home Health Agency', 'Transportation']),
      ...common,
    ];
  }
  const { person } = party;
  // A double-barrelled surname too long for its column wraps onto a line of its own.
  const last = quirks.want('wrapped surname', 0.05)
    ? `${person.lastName}-${rng.pick(['WORTHINGTON', 'MONTGOMERY', 'FITZGERALD'])}`
    : person.lastName;
  if (last !== person.lastName) context.written?.replace(person, { ...person, lastName: last });
  return [usDate(party.effectiveDate), last, person.firstName, person.providerType, ...common];
}

export async function writeAlaska(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ak').map((party) => row(context, party, quirks));
  const path = join('states', 'ak', 'alaska-medical-assistance-excluded-provider-list.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      cover: [
        'State of Alaska',
        'Department of Health',
        'Alaska Medical Assistance Excluded Provider List',
        `Updated ${usDate(context.universe.asOf)}`,
      ],
      title: ['Alaska Medical Assistance Excluded Provider List'],
      columns: [
        { header: 'Exclusion Date', width: 70 },
        { header: 'Last Name', width: 90 },
        { header: 'First Name', width: 90 },
        { header: 'Provider Type', width: 130 },
        { header: 'Exclusion Authority', width: 110 },
        { header: 'Exclusion Reason', width: 200 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      shading: true,
      landscape: true,
    },
    context.modified,
  );
  return { source: 'state_ak', path, format: 'state_ak', rows: rows.length };
}
