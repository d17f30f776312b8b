import { join } from 'node:path';
import { usDate } from '../calendar';
import { PdfTableRow, writePdfTable } from '../pdf';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties } from './common';

/**
 * Alabama Medicaid suspended providers, the page's "Excel Version" workbook: 33 rows of notices
 * above a header whose name column has no heading, category heading rows, `LAST, FIRST M.` with
 * `(aka …)`, a trailing `, <provider type>`, organizations with `dba` and `(NAME, Owner)`, and a
 * `NOTE:` block after the data. The same list printed as a PDF is written by writeAlabamaPdf.
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

function entry(context: StateContext, party: StateParty, quirks: QuirkQuota): { category: string; cells: string[]; iso: string } {
  const { rng } = context;
  const date = rng.chance(0.3) ? shortDate(party.effectiveDate) : usDate(party.effectiveDate);
  if (party.kind === 'organization') {
    const { organization } = party;
    let name = organization.legalName;
    if (organization.dbaNames.length > 0 && quirks.want('dba', 0.4)) name += ` dba ${organization.dbaNames[0]}`;
    if (organization.ownerName && quirks.want('owner note', 0.4)) name += ` (${organization.ownerName}, Owner)`;
    return { category: rng.pick(ORGANIZATION_CATEGORIES), cells: [name, date], iso: party.effectiveDate };
  }
  const { person } = party;
  let name = `${person.lastName}, ${person.firstName}${person.middleName ? ` ${person.middleName[0]}.` : ''}`;
  if (person.suffix) name += ` ${person.suffix}`;
  if (person.aliases[0] && quirks.want('aka note', 0.3)) name += ` (aka ${person.aliases[0]})`;
  if (quirks.want('trailing type', 0.4)) name += `, ${person.providerType}`;
  return { category: rng.pick(PERSON_CATEGORIES), cells: [name, date], iso: party.effectiveDate };
}

const NOTICES = [
  'Alabama Medicaid Agency',
  'Suspended Providers',
  'Excluded individuals and entities are not allowed to receive reimbursement for providing Medicare and Medicaid services in any capacity.',
  'Excluded individuals and entities are listed according to the type of provider they were at the time of exclusion.',
  'They are excluded from participating in providing services in the Medicaid program in all categories of service and in any capacity.',
  'The exclusion remains in effect until they are removed from this list.',
  'Any provider participating or applying to participate in the Medicaid program must search this list, the LEIE and SAM monthly.',
  'This synthetic list is made up: no name on it belongs to a real provider.',
];

type Entry = ReturnType<typeof entry>;

/** The entries under their category headings, categories in order. */
function byCategory<T>(entries: Entry[], heading: (category: string) => T, data: (e: Entry) => T): T[] {
  const rows: T[] = [];
  for (const category of [...PERSON_CATEGORIES, ...ORGANIZATION_CATEGORIES].sort()) {
    const inCategory = entries.filter((e) => e.category === category);
    if (inCategory.length === 0) continue;
    rows.push(heading(category), ...inCategory.map(data));
  }
  return rows;
}

export async function writeAlabama(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const entries = drawStateParties(context, 'al').map((party) => entry(context, party, quirks));
  // 33 notice rows (some blank) above the header, as the crawler skips them.
  const notices: CellValue[][] = Array.from({ length: 33 }, (_, i) => (i % 4 === 3 ? [] : [NOTICES[Math.floor(i / 4) % NOTICES.length]]));
  // Most dates are date cells; some were typed as text (`8/15/23`).
  const rows = byCategory<CellValue[]>(
    entries,
    (category) => [category],
    (e) => [e.cells[0], context.rng.chance(0.7) ? excelDate(e.iso) : e.cells[1]],
  );
  const path = join('states', 'al', 'suspended-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Suspended Providers',
        rows: [
          ...notices,
          ['', 'Effective Date'],
          ...rows,
          [],
          ['NOTE:  Any nurse aide listed above is also listed on the Alabama Department of Public Health Nurse Aide Registry.'],
          ['Updated monthly.'],
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_al', path, format: 'state_al', rows: entries.length };
}

/** The same list as the page's PDF prints it (the format the adapter falls back to). */
export async function writeAlabamaPdf(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const entries = drawStateParties(context, 'al').map((party) => entry(context, party, quirks));
  const rows = byCategory<PdfTableRow>(
    entries,
    (category) => ({ heading: category }),
    (e) => ({ cells: e.cells }),
  );
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
