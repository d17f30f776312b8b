import { join } from 'node:path';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/**
 * Nebraska Medicaid Excluded Providers (PDF, header on the first page only): coded columns,
 * persons and organizations in separate name columns, dates `YYYY–MM–DD` with a typographic dash.
 * The code values are made up: the public layout names the columns, not their vocabularies.
 */
const PROVIDER_TYPES = ['01', '05', '08', '12', '16', '25', '33', '40'];
const REASONS = ['R01', 'R02', 'R05', 'R09', 'R12'];
const SANCTIONS = ['EXCL', 'TERM', 'SUSP'];

function dashDate(iso: string): string {
  return iso.replace(/-/g, '\u2013');
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const codes = [npiOf(party) ?? '', rng.pick(PROVIDER_TYPES), rng.pick(REASONS), rng.pick(SANCTIONS), rng.pick(['P', 'T', 'I'])];
  const added = dashDate(
    party.effectiveDate.replace(/-(\d{2})$/, (_, d: string) => `-${String(Math.min(28, Number(d) + 3)).padStart(2, '0')}`),
  );
  if (party.kind === 'organization') return ['', party.organization.legalName, ...codes, dashDate(party.effectiveDate), added];
  const { person } = party;
  let name = `${person.firstName} ${person.lastName}`;
  if (person.aliases[0] && quirks.want('aka last first', 0.1)) {
    const parts = person.aliases[0].split(' ');
    name += ` (aka ${parts[parts.length - 1]}, ${parts.slice(0, -1).join(' ')})`;
  }
  return [name, '', ...codes, dashDate(party.effectiveDate), added];
}

export async function writeNebraska(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'ne', 0.15).map((party) => row(context, party, quirks));
  const path = join('states', 'ne', 'medicaid-excluded-providers.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['Nebraska Medicaid Excluded Providers (NMEP)'],
      columns: [
        { header: 'Provider Name (Individual)', width: 120 },
        { header: 'Organization Name', width: 140 },
        { header: 'Provider NPI', width: 60 },
        { header: 'Provider Type Code', width: 50 },
        { header: 'Reason for Action Code', width: 50 },
        { header: 'Sanction Code', width: 50 },
        { header: 'Sanction Type Code', width: 50 },
        { header: 'Effective Date of Sanction', width: 70 },
        { header: 'Date Added to NMEP List', width: 70 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: false,
      landscape: true,
    },
    context.modified,
  );
  return { source: 'state_ne', path, format: 'state_ne', rows: rows.length };
}
