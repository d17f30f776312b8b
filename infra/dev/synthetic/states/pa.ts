import { join } from 'node:path';
import { addYears, usDate } from '../calendar';
import { quoteMinimalLine } from '../csv';
import { writeLines } from '../lineWriter';
import { foldToAscii } from '../text';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/** DHS Medicheck precluded providers (CSV, raw headers); a person and a business can share a row. */
const HEADER = [
  'ProviderName',
  'NAM_LAST_PROVR',
  'NAM_FIRST_PROVR',
  'NAM_MIDDLE_PROVR',
  'NAM_SUFFIX_PROVR',
  'NAM_TITLE_PROVR',
  'NAM_BUSNS_MP',
  'NAM_PROVR_ALT',
  'IDN_NPI',
  'NBR_FEIN',
  'LicenseNumber',
  'CAO',
  'Status',
  'BeginDate',
  'EndDate',
  'ListDate',
  'IND_CHGD',
  'DTE_CHANGE_LAST',
];
const COUNTIES = [
  'Philadelphia',
  'Allegheny',
  'Montgomery',
  'Bucks',
  'Delaware',
  'Lancaster',
  'Chester',
  'York',
  'Berks',
  'Lehigh',
  'Luzerne',
  'Erie',
];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): string[] {
  const { rng } = context;
  const cao = party.address.state === 'PA' ? rng.pick(COUNTIES) : `Out of State ${party.address.state}`;
  const begin = party.effectiveDate;
  const end = rng.chance(0.3) ? usDate(addYears(begin, 5)) : '';
  const listDate = usDate(begin);
  const changed = rng.chance(0.1) ? 'Y' : 'N';
  const npi = npiOf(party) ?? '';
  if (party.kind === 'organization') {
    const { organization } = party;
    return [
      organization.legalName,
      '',
      '',
      '',
      '',
      '',
      organization.legalName,
      organization.dbaNames[0] ?? '',
      npi,
      String(100000000 + rng.int(899999999)),
      '',
      cao,
      'Precluded',
      usDate(begin),
      end,
      listDate,
      changed,
      listDate,
    ];
  }
  const { person } = party;
  const last = foldToAscii(person.lastName);
  const first = foldToAscii(person.firstName);
  const business = quirks.want('person with business', 0.15)
    ? `${last} ${rng.pick(['CHIROPRACTIC', 'MEDICAL', 'HOME CARE', 'PHARMACY'])} ${rng.pick(['PC', 'LLC', 'INC'])}`
    : '';
  const title = person.credential ? person.credential.replace(/\./g, '') : '';
  return [
    `${last} ${first}`,
    last,
    first,
    person.middleName ? person.middleName[0] : '',
    person.suffix ? person.suffix.replace('.', '') : '',
    title,
    business,
    '',
    npi,
    '',
    title ? `${title.slice(0, 2).toUpperCase()}${String(rng.int(1000000)).padStart(6, '0')}L` : '',
    cao,
    'Precluded',
    usDate(begin),
    end,
    listDate,
    changed,
    listDate,
  ];
}

export async function writePennsylvania(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'pa').map((party) => row(context, party, quirks));
  const path = join('states', 'pa', 'medicheck-precluded-providers.csv');
  await writeLines(join(context.outDir, path), [HEADER.join(','), ...rows.map(quoteMinimalLine)], '\r\n');
  return { source: 'state_pa', path, format: 'state_pa', rows: rows.length };
}
