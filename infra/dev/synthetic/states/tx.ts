import { join } from 'node:path';
import { addYears, dayOf } from '../calendar';
import { writeLegacyWorkbook, type XlsCell } from '../xls';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, tradeName } from './common';

/**
 * Texas HHSC OIG exclusions: a legacy `.xls` (BIFF8) with one sheet `EXCEL_Destination`. People
 * have a last name; companies only `CompanyName`, whose `dba`/`d/b/a` is sometimes cut at 50
 * characters. `N/A` for a missing NPI or licence, `ReinstatedDate` for lifted exclusions.
 */
const HEADER = [
  'LastName',
  'FirstName',
  'MidInitial',
  'CompanyName',
  'Occupation',
  'LicenseNumber',
  'NPI',
  'StartDate',
  'AddDate',
  'ReinstatedDate',
  'WebComments',
  'Waiver',
  'EligibleToReapplyDate',
];
const COMMENTS = ['Mandatory exclusion', 'Permissive exclusion', 'HHS-OIG exclusion', 'Licensing board action', 'Conviction'];
const COMPANY_TYPES = ['Pharmacy', 'Ambulance Provider', 'DME Supplier', 'Home Health Agency', 'Dental Group'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): XlsCell[] {
  const { rng } = context;
  const npi = npiOf(party);
  const start = party.effectiveDate;
  const added = addYears(start, 0);
  const reinstated = quirks.want('reinstated', 0.06) ? addYears(start, 3 + rng.int(3)) : null;
  const reinstatedCell = reinstated && dayOf(reinstated) < dayOf(context.universe.asOf) ? { date: reinstated } : null;
  const tail: XlsCell[] = [
    rng.chance(0.6) ? `${rng.pick(['RN', 'LVN', 'MD', 'DDS', 'PT'])}${100_000 + rng.int(900_000)}` : 'N/A',
    npi ?? (quirks.want('npi n/a', 0.5) ? 'N/A' : null),
    { date: start },
    { date: added },
    reinstatedCell,
    rng.pick(COMMENTS),
    rng.chance(0.03) ? 'Y' : null,
    { date: addYears(start, 5) },
  ];
  if (party.kind === 'organization') {
    const { organization } = party;
    let name = organization.legalName;
    if (quirks.want('dba', 0.5)) {
      name = `${name} ${rng.pick(['dba', 'd/b/a'])} ${tradeName(organization)}`;
      // The export cuts the cell at 50 characters (`…d/b/a The Apothecary Sho`).
      if (name.length > 50 && organization.legalName.length < 40 && quirks.want('cut at 50', 0.3)) name = name.slice(0, 50);
    }
    return [null, null, null, name, rng.pick(COMPANY_TYPES), ...tail];
  }
  const { person } = party;
  return [person.lastName, person.firstName, person.middleName ? person.middleName[0] : null, null, person.providerType, ...tail];
}

export async function writeTexas(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'tx', 0.1).map((party) => row(context, party, quirks));
  const path = join('states', 'tx', 'oig-exclusions.xls');
  writeLegacyWorkbook(join(context.outDir, path), [{ name: 'EXCEL_Destination', rows: [HEADER, ...rows] }], context.modified);
  return { source: 'state_tx', path, format: 'state_tx', rows: rows.length };
}
