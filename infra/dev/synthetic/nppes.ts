import { join } from 'node:path';
import { compactDate, dayOf, isoOf, sundayOnOrBefore, usDate } from './calendar';
import { quoteAllLine } from './csv';
import { addressFor } from './geography';
import { WrittenFile } from './leie';
import { LineWriter } from './lineWriter';
import {
  NpiAllocator,
  OrganizationFactory,
  drawPersonName,
  PersonFactory,
  SyntheticOrganization,
  SyntheticPerson,
  organizationTaxonomy,
  personSex,
} from './parties';
import { professionOf } from './professions';
import { Rng } from './rng';
import { foldToAscii } from './text';
import { Universe } from './universe';

/** The 330-column header in the documented generator order (data-sources.md §4.3). */
export function nppesHeader(sexColumn = 'Provider Sex Code'): string[] {
  const header = [
    'NPI',
    'Entity Type Code',
    'Replacement NPI',
    'Employer Identification Number (EIN)',
    'Provider Organization Name (Legal Business Name)',
    'Provider Last Name (Legal Name)',
    'Provider First Name',
    'Provider Middle Name',
    'Provider Name Prefix Text',
    'Provider Name Suffix Text',
    'Provider Credential Text',
    'Provider Other Organization Name',
    'Provider Other Organization Name Type Code',
    'Provider Other Last Name',
    'Provider Other First Name',
    'Provider Other Middle Name',
    'Provider Other Name Prefix Text',
    'Provider Other Name Suffix Text',
    'Provider Other Credential Text',
    'Provider Other Last Name Type Code',
  ];
  for (const kind of ['Mailing', 'Practice Location']) {
    header.push(`Provider First Line Business ${kind} Address`, `Provider Second Line Business ${kind} Address`);
    for (const part of ['City Name', 'State Name', 'Postal Code', 'Country Code (If outside U.S.)', 'Telephone Number', 'Fax Number']) {
      header.push(`Provider Business ${kind} Address ${part}`);
    }
  }
  header.push(
    'Provider Enumeration Date',
    'Last Update Date',
    'NPI Deactivation Reason Code',
    'NPI Deactivation Date',
    'NPI Reactivation Date',
    sexColumn,
    'Authorized Official Last Name',
    'Authorized Official First Name',
    'Authorized Official Middle Name',
    'Authorized Official Title or Position',
    'Authorized Official Telephone Number',
  );
  for (let i = 1; i <= 15; i++) {
    header.push(
      `Healthcare Provider Taxonomy Code_${i}`,
      `Provider License Number_${i}`,
      `Provider License Number State Code_${i}`,
      `Healthcare Provider Primary Taxonomy Switch_${i}`,
    );
  }
  for (let i = 1; i <= 50; i++) {
    header.push(
      `Other Provider Identifier_${i}`,
      `Other Provider Identifier Type Code_${i}`,
      `Other Provider Identifier State_${i}`,
      `Other Provider Identifier Issuer_${i}`,
    );
  }
  header.push(
    'Is Sole Proprietor',
    'Is Organization Subpart',
    'Parent Organization LBN',
    'Parent Organization TIN',
    'Authorized Official Name Prefix Text',
    'Authorized Official Name Suffix Text',
    'Authorized Official Credential Text',
  );
  for (let i = 1; i <= 15; i++) header.push(`Healthcare Provider Taxonomy Group_${i}`);
  header.push('Certification Date');
  return header;
}

// The row is assembled from three populated stretches and two always-empty runs, which keeps
// the 2M-row file cheap to write (most of each line is "" separators).
const HEAD_FIELDS = 55; // columns 1-55: identity, addresses, dates, official, taxonomy slots 1-2
const IDENTIFIER_START = 107; // Other Provider Identifier_1 .. Issuer_1
const TAIL_START = 307; // Is Sole Proprietor .. Certification Date
const TAIL_FIELDS = 23;
const emptyRun = (count: number): string => Array.from({ length: count }, () => '""').join(',');
const EMPTY_AFTER_HEAD = emptyRun(IDENTIFIER_START - HEAD_FIELDS);
const EMPTY_AFTER_IDENTIFIER = emptyRun(TAIL_START - IDENTIFIER_START - 4);

interface NppesRow {
  head: string[];
  identifier: string[];
  tail: string[];
}

function blankRow(): NppesRow {
  return { head: new Array<string>(HEAD_FIELDS).fill(''), identifier: ['', '', '', ''], tail: new Array<string>(TAIL_FIELDS).fill('') };
}

function lineOf(row: NppesRow): string {
  return `${quoteAllLine(row.head)},${EMPTY_AFTER_HEAD},${quoteAllLine(row.identifier)},${EMPTY_AFTER_IDENTIFIER},${quoteAllLine(row.tail)}`;
}

const OFFICIAL_TITLES = [
  'ADMINISTRATOR',
  'CEO',
  'OWNER',
  'PRESIDENT',
  'MANAGER',
  'DIRECTOR',
  'CFO',
  'OFFICE MANAGER',
  'MEMBER',
  'COMPLIANCE OFFICER',
];
const NPPES_CREDENTIALS: Readonly<Record<string, readonly string[]>> = {
  MD: ['M.D.', 'MD', 'M.D'],
  DO: ['D.O.', 'DO'],
  'PA-C': ['PA-C', 'P.A.-C'],
  DDS: ['D.D.S.', 'DDS'],
  PsyD: ['Psy.D.', 'PSYD'],
  PhD: ['PH.D.', 'PHD'],
};

function enumerationDates(rng: Rng, asOf: string): { enumerated: string; updated: string } {
  const first = dayOf('2005-05-23');
  const last = dayOf(asOf) - 10;
  const enumerated = first + rng.int(last - first);
  return { enumerated: isoOf(enumerated), updated: isoOf(enumerated + rng.int(last - enumerated + 1)) };
}

function setAddresses(row: NppesRow, rng: Rng, key: string, state: string): void {
  const address = addressFor(key, state);
  const practice = [
    address.line1,
    address.line2,
    address.city,
    address.state,
    address.zip5 + address.zip4,
    'US',
    address.phone,
    rng.chance(0.4) ? address.phone.slice(0, 6) + String(1000 + rng.int(9000)) : '',
  ];
  const mailing = rng.chance(0.2)
    ? [
        `PO BOX ${1 + rng.int(9999)}`,
        '',
        address.city,
        address.state,
        address.zip5 + String(rng.int(10000)).padStart(4, '0'),
        'US',
        address.phone,
        '',
      ]
    : practice;
  mailing.forEach((value, index) => {
    row.head[20 + index] = value;
  });
  practice.forEach((value, index) => {
    row.head[28 + index] = value;
  });
}

function setTaxonomy(row: NppesRow, rng: Rng, taxonomy: string, state: string): void {
  row.head[47] = taxonomy;
  row.head[48] = rng.chance(0.55) ? `${state}${rng.chance(0.3) ? '-' : ''}${String(rng.int(1000000)).padStart(6, '0')}` : '';
  row.head[49] = state;
  row.head[50] = 'Y';
}

function organizationRow(rng: Rng, organization: SyntheticOrganization, npi: string, asOf: string): NppesRow {
  const row = blankRow();
  const { head, identifier, tail } = row;
  head[0] = npi;
  head[1] = '2';
  head[3] = '<UNAVAIL>';
  head[4] = organization.legalName;
  if (organization.dbaNames.length > 0 && rng.chance(0.75)) {
    head[11] = organization.dbaNames[0];
    head[12] = '3';
  } else if (rng.chance(0.01)) {
    head[11] = `${organization.legalName.split(/[ ,]/)[0]} ${rng.pick(['HEALTH', 'CARE', 'MEDICAL'])} INC`;
    head[12] = rng.pick(['4', '5']);
  }
  setAddresses(row, rng, organization.legalName, organization.state);
  const dates = enumerationDates(rng, asOf);
  head[36] = usDate(dates.enumerated);
  head[37] = usDate(dates.updated);
  const official = (organization.ownerName ?? '').split(' ');
  if (official.length >= 2) {
    head[42] = foldToAscii(official[official.length - 1]);
    head[43] = foldToAscii(official[0]);
    head[44] = official.length > 2 ? official[1] : '';
  } else {
    const name = drawPersonName(rng);
    head[42] = foldToAscii(name.last);
    head[43] = name.first;
    head[44] = name.middle ?? '';
  }
  head[45] = rng.pick(OFFICIAL_TITLES);
  head[46] = head[34];
  setTaxonomy(row, rng, organizationTaxonomy(organization.legalName), organization.state);
  if (rng.chance(0.1)) {
    identifier[0] = String(100000 + rng.int(900000000));
    identifier[1] = '05';
    identifier[2] = organization.state;
  }
  const subpart = rng.chance(0.1);
  tail[1] = subpart ? 'Y' : 'N';
  if (subpart) {
    tail[2] = `${organization.legalName.split(/[ ,]/)[0]} HEALTH SYSTEM INC`;
    tail[3] = '<UNAVAIL>';
  }
  if (rng.chance(0.05)) tail[4] = rng.pick(['DR.', 'MR.', 'MS.', 'MRS.']);
  if (rng.chance(0.05)) tail[6] = rng.pick(['MBA', 'RN', 'M.D.', 'CPA']);
  tail[22] = rng.chance(0.8) ? head[37] : '';
  return row;
}

function individualRow(rng: Rng, person: SyntheticPerson, npi: string, asOf: string): NppesRow {
  const row = blankRow();
  const { head, tail } = row;
  const profession = professionOf(person.providerType);
  head[0] = npi;
  head[1] = '1';
  head[5] = foldToAscii(person.lastName);
  head[6] = foldToAscii(person.firstName);
  head[7] = person.middleName ? foldToAscii(person.middleName) : '';
  head[8] = profession.providerType.includes('Physician') && rng.chance(0.3) ? 'DR.' : '';
  head[9] = person.suffix
    ? person.suffix.startsWith('JR') || person.suffix.startsWith('SR')
      ? `${person.suffix.replace('.', '')}.`
      : person.suffix
    : '';
  head[10] = person.credential ? rng.pick(NPPES_CREDENTIALS[person.credential] ?? [person.credential.toUpperCase()]) : '';
  const maiden = person.aliases.find((alias) => alias.startsWith(`${person.firstName} `) && !alias.endsWith(` ${person.lastName}`));
  if (maiden) {
    head[13] = foldToAscii(maiden.split(' ').pop() ?? '');
    head[14] = head[6];
    head[19] = '1';
  }
  setAddresses(row, rng, `${person.firstName}|${person.lastName}|${person.dateOfBirth}`, person.state);
  const dates = enumerationDates(rng, asOf);
  head[36] = usDate(dates.enumerated);
  head[37] = usDate(dates.updated);
  head[41] = personSex(person);
  setTaxonomy(row, rng, profession.taxonomy, person.state);
  tail[0] = rng.chance(0.3) ? 'Y' : 'N';
  tail[22] = rng.chance(0.8) ? head[37] : '';
  return row;
}

function deactivatedStub(rng: Rng, npi: string, asOf: string): NppesRow {
  const row = blankRow();
  row.head[0] = npi;
  row.head[39] = usDate(isoOf(dayOf(asOf) - 30 - rng.int(4000)));
  return row;
}

function nppesFileName(asOf: string): string {
  return `npidata_pfile_20050523-${compactDate(sundayOnOrBefore(asOf))}.csv`;
}

interface NppesPlan {
  organizations: number;
  individuals: number;
}

interface NppesSources {
  /** Factories that always hand out an NPI (share the run's allocators). */
  persons: PersonFactory;
  organizations: OrganizationFactory;
  deactivatedNpis: NpiAllocator;
}

/**
 * Mostly type-2 organizations; listed parties with an NPI appear too (so NPI look-ups resolve),
 * plus type-1 individuals and ~1% deactivated stubs, interleaved.
 */
export async function writeNppes(
  outDir: string,
  universe: Universe,
  rng: Rng,
  plan: NppesPlan,
  sources: NppesSources,
): Promise<WrittenFile> {
  const path = join('nppes', nppesFileName(universe.asOf));
  const writer = new LineWriter(join(outDir, path), '\r\n');
  await writer.write(quoteAllLine(nppesHeader()));
  const listedOrganizations = universe.leieOrganizations.map((listed) => listed.organization).filter((organization) => organization.npi);
  const listedPersons = universe.leiePersons.map((listed) => listed.person).filter((person) => person.npi);
  const organizationRows = Math.max(plan.organizations, listedOrganizations.length);
  const individualRows = listedPersons.length + plan.individuals;
  const total = organizationRows + individualRows;
  let organizationsWritten = 0;
  let individualsWritten = 0;
  let listedOrganizationsWritten = 0;
  let rows = 0;
  for (let i = 0; i < total; i++) {
    const wantIndividual =
      individualsWritten < individualRows && (organizationsWritten >= organizationRows || rng.next() * total < individualRows);
    if (wantIndividual) {
      const person = individualsWritten < listedPersons.length ? listedPersons[individualsWritten] : sources.persons.next();
      await writer.write(lineOf(individualRow(rng, person, person.npi as string, universe.asOf)));
      individualsWritten++;
    } else {
      const remainingListed = listedOrganizations.length - listedOrganizationsWritten;
      const useListed = remainingListed > 0 && rng.next() * (organizationRows - organizationsWritten) < remainingListed;
      const organization = useListed ? listedOrganizations[listedOrganizationsWritten++] : sources.organizations.next();
      await writer.write(lineOf(organizationRow(rng, organization, organization.npi as string, universe.asOf)));
      organizationsWritten++;
    }
    rows++;
    if (rng.chance(0.01) || i === Math.floor(total / 3)) {
      await writer.write(lineOf(deactivatedStub(rng, sources.deactivatedNpis.next(), universe.asOf)));
      rows++;
    }
  }
  await writer.close();
  return { source: 'nppes', path, format: 'nppes', rows };
}
