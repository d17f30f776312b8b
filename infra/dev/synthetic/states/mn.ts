import { join } from 'node:path';
import { CellValue, excelDate, workbookBuffer } from '../xlsx';
import { writeZip } from '../zipFiles';
import { StateContext, StateOrganization, StatePerson, WrittenFile, drawStateParties, middleVariant } from './common';

/**
 * MN MHCP excluded providers: two published workbooks, Group Providers and Individual Providers,
 * with different name columns and the same address and exclusion columns. The artifact is a ZIP
 * holding both files as published.
 */
const STATUSES = ['Excluded', 'Excluded', 'Excluded', 'Suspended', 'Terminated'];
const ADDRESS = ['Address Line1', 'Address Line2', 'City', 'State', 'Zip Code'];
const EXCLUSION = ['Effective Date of Exclusion', 'Exclusion Status'];

function place(party: StatePerson | StateOrganization): CellValue[] {
  const { address } = party;
  return [address.line1, address.line2, address.city, address.state, address.zip5];
}

function groupRow(context: StateContext, party: StateOrganization): CellValue[] {
  const type = context.rng.pick(['PCA Agency', 'Home Health Agency', 'Pharmacy', 'Medical Transportation', 'Adult Day Care']);
  return [party.organization.legalName, type, ...place(party), excelDate(party.effectiveDate), context.rng.pick(STATUSES)];
}

function individualRow(context: StateContext, party: StatePerson): CellValue[] {
  const { person } = party;
  return [
    person.firstName,
    middleVariant(context.rng, person),
    person.lastName,
    person.providerType,
    ...place(party),
    excelDate(party.effectiveDate),
    context.rng.pick(STATUSES),
  ];
}

export async function writeMinnesota(context: StateContext): Promise<WrittenFile> {
  const parties = drawStateParties(context, 'mn', 0.15);
  const groups = parties
    .filter((party): party is StateOrganization => party.kind === 'organization')
    .map((party) => groupRow(context, party));
  const individuals = parties
    .filter((party): party is StatePerson => party.kind === 'person')
    .map((party) => individualRow(context, party));
  const group = await workbookBuffer(
    [{ name: 'Sheet1', rows: [['Practice Name', 'Provider Type Description', ...ADDRESS, ...EXCLUSION], ...groups] }],
    context.modified,
  );
  const individual = await workbookBuffer(
    [
      {
        name: 'Sheet1',
        rows: [['First Name', 'Middle Name', 'Last Name', 'Provider Type Description', ...ADDRESS, ...EXCLUSION], ...individuals],
      },
    ],
    context.modified,
  );
  const path = join('states', 'mn', 'mhcp-excluded-providers.zip');
  writeZip(
    join(context.outDir, path),
    [
      { name: 'MHCP Excluded Group Providers.xlsx', content: group },
      { name: 'MHCP Excluded Individual Providers.xlsx', content: individual },
    ],
    context.modified,
  );
  return { source: 'state_mn', path, format: 'state_mn', rows: groups.length + individuals.length };
}
