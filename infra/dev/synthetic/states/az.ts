import { join } from 'node:path';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf } from './common';

/** AHCCCS suspensions & terminations (PDF): a title line, two NPIs stacked in one cell, `NONE` / `No NPI`. */
function looseDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const npi = npiOf(party);
  let npiCell = npi ?? rng.pick(['NONE', 'No NPI']);
  if (npi && party.kind === 'organization' && quirks.want('stacked npis', 0.1)) npiCell = `${npi}\n${extraNpi(context)}`;
  const name =
    party.kind === 'organization'
      ? party.organization.legalName
      : `${party.person.firstName}${party.person.middleName ? ` ${party.person.middleName[0]}` : ''} ${party.person.lastName}`;
  return [name, npiCell, rng.chance(0.6) ? 'Terminate' : 'Suspend', looseDate(party.effectiveDate)];
}

export async function writeArizona(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'az', 0.5).map((party) => row(context, party, quirks));
  const path = join('states', 'az', 'ProviderSuspensionsTerminations.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['AHCCCS Provider Suspensions and Terminations'],
      columns: [
        { header: 'Name (Provider)', width: 250 },
        { header: 'NPI', width: 80 },
        { header: 'Action Type (Suspend/Terminate)', width: 80 },
        { header: 'Effective Date', width: 80 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
    },
    context.modified,
  );
  return { source: 'state_az', path, format: 'state_az', rows: rows.length };
}
