import { join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf } from './common';

/**
 * Vermont DVHA excluded providers (the Excel export of vtmedicaid.com's list): provider id and
 * NPI, the name in one cell (`LAST, FIRST M` or a business), city and state, a status code with
 * its description, and `12/31/9999` as the end date of an exclusion that stands.
 */
const STATUSES: Array<[string, string]> = [
  ['E', 'Excluded'],
  ['T', 'Terminated for Cause'],
  ['S', 'Suspended'],
];
/** The workbook's header row, as DVHA writes it (the tests of the VT adapter write it too). */
export const VT_EXCLUDED_PROVIDERS_HEADER = [
  'Provider ID',
  'Provider NPI',
  'Full Name',
  'City',
  'State',
  'Status Code',
  'Status Code Desc',
  'Status Effective Date',
  'Status End Date',
  'Provider Type',
];
const ORGANIZATION_TYPES = ['Pharmacy', 'Home Health Agency', 'Durable Medical Equipment Supplier', 'Ambulance'];

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const [code, description] = rng.pick(STATUSES);
  const name =
    party.kind === 'organization'
      ? party.organization.legalName
      : `${party.person.lastName}, ${party.person.firstName}${party.person.middleName ? ` ${party.person.middleName[0]}` : ''}`.toUpperCase();
  const end = quirks.want('end as text', 0.2) ? '12/31/9999' : excelDate('9999-12-31');
  return [
    String(1_000_000 + rng.int(9_000_000)),
    npiOf(party) ?? '',
    name,
    party.address.city.toUpperCase(),
    party.address.state,
    code,
    description,
    rng.chance(0.8) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate),
    end,
    party.kind === 'person' ? party.person.providerType : rng.pick(ORGANIZATION_TYPES),
  ];
}

export async function writeVermont(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'vt', 0.15).map((party) => row(context, party, quirks));
  const path = join('states', 'vt', 'excluded-providers.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [{ name: 'Excluded Providers', rows: [VT_EXCLUDED_PROVIDERS_HEADER, ...rows] }],
    context.modified,
  );
  return { source: 'state_vt', path, format: 'state_vt', rows: rows.length };
}
