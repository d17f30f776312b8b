import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { usDate } from '../calendar';
import { CellValue, excelDate, openXmlSdkStyle, workbookBuffer } from '../xlsx';
import { QuirkQuota, StateContext, StateParty, WrittenFile, drawStateParties, npiOf, tradeName } from './common';

/**
 * IL HFS-OIG provider sanctions, as the Dynamics portal's "download as Excel" gives them: one
 * `Active Sanctions` sheet written the OpenXML SDK way (`x:`-prefixed parts, an empty fill),
 * names `LAST FIRST M` without a comma, ` DBA ` inside names, an affiliated business beside some
 * people.
 */
const ACTIONS = ['Barred', 'Terminated', 'Suspended', 'Suspended Payments', 'Voluntary Withdrawal'];

function name(context: StateContext, party: StateParty, quirks: QuirkQuota): string {
  if (party.kind === 'organization') {
    const { organization } = party;
    return quirks.want('dba', 0.15) ? `${organization.legalName} DBA ${tradeName(organization)}` : organization.legalName;
  }
  const { person } = party;
  const middle = person.middleName ? ` ${person.middleName[0]}` : '';
  const suffix = person.suffix && quirks.want('suffix', 0.5) ? ` ${person.suffix}` : '';
  return `${person.lastName} ${person.firstName}${middle}${suffix}`.toUpperCase();
}

function row(context: StateContext, party: StateParty, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const { address } = party;
  const isPerson = party.kind === 'person';
  const license =
    isPerson && rng.chance(0.6) ? `${rng.pick(['036', '041', '043', '049'])}.${String(rng.int(1_000_000)).padStart(6, '0')}` : '';
  const affiliation = isPerson && quirks.want('affiliation', 0.12) ? context.organizations.next().legalName : '';
  const providerType = isPerson
    ? party.person.providerType
    : rng.pick(['Pharmacy', 'Home Health Agency', 'DME Supplier', 'Transportation']);
  const date: CellValue = rng.chance(0.85) ? excelDate(party.effectiveDate) : usDate(party.effectiveDate);
  return [
    name(context, party, quirks),
    license,
    npiOf(party) ?? '',
    providerType,
    affiliation,
    date,
    rng.pick(ACTIONS),
    address.line1,
    address.line2,
    address.city.toUpperCase(),
    address.state,
    address.zip5,
  ];
}

export async function writeIllinois(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const rows = drawStateParties(context, 'il', 0.2).map((party) => row(context, party, quirks));
  const path = join('states', 'il', 'provider-sanctions.xlsx');
  const workbook = await workbookBuffer(
    [
      {
        name: 'Active Sanctions',
        rows: [
          [
            'Provider Name',
            'License',
            'NPI',
            'Provider Type',
            'Affiliation',
            'Action Date',
            'Action Type',
            'Address',
            'Address 2',
            'City',
            'State',
            'Zip Code',
          ],
          ...rows,
        ],
      },
    ],
    context.modified,
  );
  const target = join(context.outDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, await openXmlSdkStyle(workbook, context.modified));
  return { source: 'state_il', path, format: 'state_il', rows: rows.length };
}
