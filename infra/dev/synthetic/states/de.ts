import { join } from 'node:path';
import { usDate } from '../calendar';
import { writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, extraNpi, npiOf, reasonFor } from './common';

/**
 * Delaware Medicaid sanctioned providers (PDF, header on every page): credentials after names,
 * aka / d.b.a., `-` for no DEA, `PROMISe#` licence ids over two lines, text reinstatement dates.
 */
const TAXONOMIES = ['207Q00000X', '163W00000X', '3336C0003X', '332B00000X', '251E00000X', '164W00000X'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const npi = npiOf(party);
  const npiCell = npi ? (quirks.want('two npis', 0.03) ? `${npi}; ${extraNpi(context)}` : npi) : 'N/A';
  let name: string;
  if (party.kind === 'organization') {
    const { organization } = party;
    name =
      organization.dbaNames.length > 0 && quirks.want('dba', 0.3)
        ? `${organization.legalName} d.b.a. ${organization.dbaNames[0]}`
        : organization.legalName;
  } else {
    const { person } = party;
    name = `${person.firstName}${person.middleName ? ` ${person.middleName}` : ''} ${person.lastName}`;
    if (person.aliases[0] && quirks.want('aka', 0.15)) name += ` ${rng.pick(['aka', 'a.k.a.'])} ${person.aliases[0]}`;
    else if (person.credential && quirks.want('credential', 0.3)) name += `, ${person.credential.replace(/\./g, '')}`;
    else if (quirks.want('role in parentheses', 0.1)) name += ` (${rng.pick(['PCA', 'Pharma Tech', 'CNA'])})`;
  }
  const license = quirks.want('promise id', 0.1)
    ? `PROMISe#\n${String(rng.int(1_000_000_000)).padStart(9, '0')}`
    : rng.chance(0.6)
      ? `${rng.pick(['RN', 'PN', 'MD', 'OS'])}${String(rng.int(1_000_000)).padStart(6, '0')} (${rng.pick(['DE', 'PA', 'MD'])})`
      : 'N/A';
  const reinstated = rng.chance(0.8)
    ? rng.pick(['', 'N/A', 'Indefinite'])
    : quirks.want('reinstated text', 0.5)
      ? `Reinstated effective ${usDate(party.effectiveDate.replace(/^\d{4}/, (y) => String(Number(y) + 3)))}`
      : usDate(party.effectiveDate.replace(/^\d{4}/, (y) => String(Number(y) + 5)));
  return [
    name,
    npiCell,
    rng.pick(TAXONOMIES),
    rng.chance(0.8) ? '-' : `B${String.fromCharCode(65 + rng.int(26))}${String(rng.int(10_000_000)).padStart(7, '0')}`,
    license,
    rng.pick(['OIG', 'Medicaid', 'OIG/Medicaid']),
    usDate(party.effectiveDate),
    reinstated,
    reasonFor(rng),
    party.effectiveDate.slice(0, 4),
  ];
}

export async function writeDelaware(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'de', 0.45).map((party) => row(context, party, quirks));
  const path = join('states', 'de', 'sanctioned-providers.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      title: ['Delaware Medical Assistance Program', 'Sanctioned Providers'],
      columns: [
        { header: 'Sanctioned Provider Name', width: 130 },
        { header: 'NPI', width: 60 },
        { header: 'Taxonomy', width: 58 },
        { header: 'DEA', width: 55 },
        { header: 'License', width: 80 },
        { header: 'OIG/Medicaid Sanction', width: 60 },
        { header: 'Effective Date', width: 52 },
        { header: 'Reinstated Date', width: 70 },
        { header: 'Comments', width: 100 },
        { header: 'Year', width: 30 },
      ],
      rows: rows.map((cells) => ({ cells })),
      headerOnEveryPage: true,
      landscape: true,
      fontSize: 7,
    },
    context.modified,
  );
  return { source: 'state_de', path, format: 'state_de', rows: rows.length };
}
