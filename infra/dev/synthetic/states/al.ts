import { join } from 'node:path';
import { usDate } from '../calendar';
import { PdfTableRow, writePdfTable } from '../pdf';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties } from './common';

/**
 * Alabama Medicaid suspended providers (PDF): two columns, category heading rows, `LAST, FIRST M.`
 * with `(aka …)`, a trailing `, <provider type>`, organizations with `dba` and `(NAME, Owner)`.
 */
const PERSON_CATEGORIES = ['PHYSICIANS', 'NURSES', 'NURSES AIDES/ORDERLIES', 'MENTAL HEALTH WORKERS/SOCIAL WORKERS', 'OTHER'];
const ORGANIZATION_CATEGORIES = [
  'PHARMACISTS/PHARMACIES/PHARMACY PROVIDERS',
  'DURABLE MEDICAL EQUIPMENT PROVIDERS',
  'TRANSPORTATION PROVIDERS',
  'MEDICAL CLINIC PROVIDERS',
];

function shortDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${Number(m)}/${Number(d)}/${y.slice(2)}`;
}

function entry(context: StateContext, party: StateParty, quirks: QuirkQuota): { category: string; cells: string[] } {
  const { rng } = context;
  const date = rng.chance(0.3) ? shortDate(party.effectiveDate) : usDate(party.effectiveDate);
  if (party.kind === 'organization') {
    const { organization } = party;
    let name = organization.legalName;
    if (organization.dbaNames.length > 0 && quirks.want('dba', 0.4)) name += ` dba ${organization.dbaNames[0]}`;
    if (organization.ownerName && quirks.want('owner note', 0.4)) name += ` (${organization.ownerName}, Owner)`;
    return { category: rng.pick(ORGANIZATION_CATEGORIES), cells: [name, date] };
  }
  const { person } = party;
  let name = `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}.` : ''}`;
  if (person.suffix) name += ` ${person.suffix}`;
  if (person.aliases[0] && quirks.want('aka note', 0.3)) name += ` (aka ${person.aliases[0]})`;
  if (quirks.want('trailing type', 0.4)) name += `, ${person.providerType}`;
  return { category: rng.pick(PERSON_CATEGORIES), cells: [name, date] };
}

export async function writeAlabama(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const entries = drawStateParties(context, 'al').map((party) => entry(context, party, quirks));
  const rows: PdfTableRow[] = [];
  for (const category of [...PERSON_CATEGORIES, ...ORGANIZATION_CATEGORIES].sort()) {
    const inCategory = entries.filter((e) => e.category === category);
    if (inCategory.length === 0) continue;
    rows.push({ heading: category }, ...inCategory.map((e) => ({ cells: e.cells })));
  }
  const path = join('states', 'al', 'suspended-providers.pdf');
  await writePdfTable(
    join(context.outDir, path),
    {
      preamble: [
        'Excluded individuals and entities may not receive reimbursement for Medicare or Medicaid services in any capacity.',
        'Providers are listed by the type of provider they were at the time of exclusion; the exclusion applies to every category of service.',
        'Providers must check this list, the LEIE and SAM every month and before hiring staff or contractors.',
        'The exclusion remains in effect until the provider is removed from this list.',
        'This synthetic list is made up: no name on it belongs to a real provider.',
      ],
      title: ['Alabama Medicaid Agency', 'Suspended Providers'],
      columns: [
        { header: 'Name of Provider', width: 400 },
        { header: 'Suspension Effective Date', width: 130 },
      ],
      rows,
      headerOnEveryPage: true,
    },
    context.modified,
  );
  return { source: 'state_al', path, format: 'state_al', rows: entries.length };
}
