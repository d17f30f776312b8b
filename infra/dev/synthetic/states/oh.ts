import { join } from 'node:path';
import { dayOf, isoOf } from '../calendar';
import { CellValue, excelDate, writeWorkbook } from '../xlsx';
import { QuirkQuota, StateContext, StateOrganization, StatePerson, WrittenFile, drawStateParties, extraNpi, npiOf } from './common';

/** ODM exclusion & suspension list (XLSX): sheets Instructions / Individuals / Organizations; aka and Owner: inside names. */
const STATUSES = ['Excluded', 'Suspended', 'Terminated', 'Denied'];

function npiCell(context: StateContext, party: StatePerson | StateOrganization, quirks: QuirkQuota): string {
  const npi = npiOf(party);
  if (!npi) return 'N/A';
  if (quirks.want('multi npi', 0.04)) return `${npi}${context.rng.pick(['/', '\n', ' '])}${extraNpi(context)}`;
  return npi;
}

function providerId(context: StateContext): string {
  return String(1_000_000 + context.rng.int(9_000_000));
}

function dates(context: StateContext, effective: string): CellValue[] {
  const added = isoOf(Math.min(dayOf(effective) + context.rng.int(60), dayOf(context.universe.asOf) - 1));
  return [excelDate(effective), context.rng.pick(STATUSES), excelDate(added)];
}

function individualRow(context: StateContext, party: StatePerson, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const { person } = party;
  let last = person.lastName;
  let first = person.firstName;
  const alias = person.aliases[0];
  if (alias && quirks.want('aka', 0.5)) {
    if (rng.chance(0.5)) last = `${last} aka ${alias.split(' ').pop()}`;
    else first = `${first} (a.k.a. ${alias.split(' ')[0]})`;
  }
  return [
    last,
    first,
    excelDate(person.dateOfBirth),
    npiCell(context, party, quirks),
    person.providerType,
    providerId(context),
    ...dates(context, party.effectiveDate),
  ];
}

function organizationRow(context: StateContext, party: StateOrganization, quirks: QuirkQuota): CellValue[] {
  const { rng } = context;
  const { organization } = party;
  let name = organization.legalName;
  if (organization.dbaNames.length > 0 && quirks.want('dba', 0.6)) name = `${name} dba ${organization.dbaNames[0]}`;
  if (organization.ownerName && quirks.want('owner', 0.3)) name = `${name} Owner: ${organization.ownerName}`;
  const { address } = party;
  return [
    name,
    address.line1,
    address.line2,
    address.city,
    address.state,
    address.zip5,
    npiCell(context, party, quirks),
    rng.pick(['Pharmacy', 'Home Health Agency', 'Waiver Agency', 'DME Supplier', 'Clinic']),
    providerId(context),
    ...dates(context, party.effectiveDate),
  ];
}

export async function writeOhio(context: StateContext): Promise<WrittenFile> {
  const quirks = new QuirkQuota(context.rng);
  const parties = drawStateParties(context, 'oh', 0.25);
  const individuals = parties
    .filter((party): party is StatePerson => party.kind === 'person')
    .map((party) => individualRow(context, party, quirks));
  const organizations = parties
    .filter((party): party is StateOrganization => party.kind === 'organization')
    .map((party) => organizationRow(context, party, quirks));
  const path = join('states', 'oh', 'provider-exclusion-suspension-list.xlsx');
  await writeWorkbook(
    join(context.outDir, path),
    [
      {
        name: 'Instructions',
        rows: [
          ['Ohio Department of Medicaid'],
          ['Medicaid Provider Exclusion and Suspension List'],
          ['Individuals and organizations are listed on separate tabs.'],
        ],
      },
      {
        name: 'Individuals',
        rows: [
          ['Last Name', 'First Name', 'DOB', 'NPI', 'Provider Type', 'Provider ID', 'Action Date', 'Status', 'Date Added'],
          ...individuals,
        ],
      },
      {
        name: 'Organizations',
        rows: [
          [
            'Organization Name',
            'Address 1',
            'Address 2',
            'City',
            'State',
            'Zip Code',
            'NPI',
            'Provider Type',
            'Provider ID',
            'Action Date',
            'Status',
            'Date Added',
          ],
          ...organizations,
        ],
      },
    ],
    context.modified,
  );
  return { source: 'state_oh', path, format: 'state_oh', rows: individuals.length + organizations.length };
}
