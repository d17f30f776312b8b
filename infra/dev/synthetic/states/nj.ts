import { join } from 'node:path';
import { addYears, usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/**
 * New Jersey debarment / exclusion report (PDF): cover page, shaded rows, wrapped names, an empty
 * title for entities, expiration `PERMANENT` / `DECEASED` / a date, a state column too narrow for its header.
 */
const TITLES = ['MD', 'DO', 'RN', 'LPN', 'DDS', 'RPH', 'CHHA', 'PT', 'DC'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const { address } = party;
  const roll = rng.next();
  const expiration =
    roll < 0.5
      ? 'PERMANENT'
      : roll < 0.55 || quirks.want('deceased', 0)
        ? 'DECEASED'
        : usDate(addYears(party.effectiveDate, rng.pick([3, 5, 8])));
  const place = [address.line1, address.city, address.state, address.zip5];
  const action = rng.pick(['DEBARMENT', 'SUSPENSION', 'DISQUALIFICATION']);
  if (party.kind === 'organization') {
    return [party.organization.legalName, '', npiOf(party) ?? '', ...place, action, usDate(party.effectiveDate), expiration];
  }
  const { person } = party;
  const name = `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}` : ''}`;
  return [
    name,
    person.credential?.replace(/\./g, '') || rng.pick(TITLES),
    npiOf(party) ?? '',
    ...place,
    action,
    usDate(party.effectiveDate),
    expiration,
  ];
}

export async function writeNewJersey(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'nj', 0.3).map((party) => row(context, party, quirks));
  const path = join('states', 'nj', 'nj_debarment_list.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      cover: ['State of New Jersey', 'Office of the State Comptroller', 'Medicaid Fraud Division', 'Debarment / Exclusion Report'],
      title: ['Medicaid Fraud Division Debarment / Exclusion Report'],
      columns: [
        { header: 'PROVIDER NAME', width: 120 },
        { header: 'TITLE', width: 40 },
        { header: 'NPI NUMBER', width: 60 },
        { header: 'STREET', width: 120 },
        { header: 'CITY', width: 75 },
        { header: 'STATE', width: 22 },
        { header: 'ZIP', width: 38 },
        { header: 'ACTION', width: 90 },
        { header: 'EFFECTIVE DATE', width: 60 },
        { header: 'EXPIRATION DATE', width: 65 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      shading: true,
      landscape: true,
      fontSize: 7,
    },
    context.modified,
  );
  return { source: 'state_nj', path, format: 'state_nj', rows: rows.length };
}
