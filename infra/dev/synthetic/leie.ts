import { join } from 'node:path';
import { compactDate } from './calendar';
import { quoteAllLine, quoteNonEmptyLine } from './csv';
import { addressFor } from './geography';
import { writeLines } from './lineWriter';
import { SyntheticPerson, organizationTaxonomy } from './parties';
import { professionOf } from './professions';
import { Rng } from './rng';
import { foldToAscii } from './text';
import { ListedOrganization, ListedPerson, Universe, isListedPerson } from './universe';
import type { WrittenPerson } from './written';

export const LEIE_HEADER = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

const NO_DATE = '00000000';
const NO_NPI = '0000000000';

/** LEIE field widths (data-sources.md §1.3): values arrive cut off at these lengths. */
function cut(value: string, width: number): string {
  return value.length > width ? value.slice(0, width) : value;
}

/** A person's names as the LEIE prints them: ASCII, cut at the field widths. */
export function leieWrittenPerson(person: SyntheticPerson): WrittenPerson {
  return {
    ...person,
    lastName: cut(foldToAscii(person.lastName), 20),
    firstName: cut(foldToAscii(person.firstName), 15),
    middleName: person.middleName ? cut(foldToAscii(person.middleName), 15) : null,
  };
}

export function personKey(listed: ListedPerson): string {
  const { person } = listed;
  return `${person.firstName}|${person.lastName}|${person.dateOfBirth}`;
}

function leieAddress(key: string, state: string): { street: string; city: string; zip: string } {
  const address = addressFor(key, state);
  const street = address.line2 ? `${address.line1}${address.line2.startsWith('APT') ? ', ' : ' '}${address.line2}` : address.line1;
  return { street: cut(street, 30), city: cut(address.city, 20), zip: address.zip5 };
}

interface RowOptions {
  rng: Rng;
  reinstatementDate?: string;
  waiver?: boolean;
  supplementStyle?: boolean;
}

function personRow(listed: ListedPerson, options: RowOptions): string[] {
  const { person } = listed;
  const { rng } = options;
  const profession = professionOf(person.providerType);
  const suffixInFirst = person.suffix !== null && rng.chance(0.3);
  const last = foldToAscii(person.lastName) + (person.suffix && !suffixInFirst ? ` ${person.suffix.replace('.', '')}` : '');
  const first = foldToAscii(person.firstName) + (suffixInFirst ? ` ${person.suffix}` : '');
  let middle = person.middleName ? foldToAscii(person.middleName) : '';
  if (middle.length > 1 && rng.chance(0.4)) middle = middle[0];
  if (middle.length === 1 && (options.supplementStyle || rng.chance(0.03))) middle += ' ';
  const address = leieAddress(personKey(listed), person.state);
  return [
    cut(last, 20),
    cut(first, 15),
    cut(middle, 15),
    cut(listed.affiliation ?? '', 30),
    profession.leieGeneral,
    rng.chance(0.06) ? '' : profession.leieSpecialty,
    rng.chance(0.003) ? `${String.fromCharCode(65 + rng.int(26))}${String(rng.int(100000)).padStart(5, '0')}` : '',
    listed.npiShownInLeie && person.npi ? person.npi : NO_NPI,
    rng.chance(0.01) ? '' : compactDate(person.dateOfBirth),
    address.street,
    address.city,
    person.state,
    address.zip,
    listed.exclusionType,
    compactDate(listed.exclusionDate),
    options.reinstatementDate ? compactDate(options.reinstatementDate) : NO_DATE,
    options.waiver ? compactDate(listed.exclusionDate).replace(/^(\d{4})/, (year) => String(Number(year) + 1)) : NO_DATE,
    options.waiver ? person.state : '',
  ];
}

const ENTITY_SPECIALTIES: readonly (readonly [string, string, string])[] = [
  ['PHARMACY', 'OTHER BUSINESS', 'PHARMACY'],
  ['HOME HEALTH', 'OTHER BUSINESS', 'HOME HEALTH AGENCY'],
  ['MEDICAL SUPPLY', 'OTHER BUSINESS', 'DME COMPANY'],
  ['DME', 'OTHER BUSINESS', 'DME COMPANY'],
  ['AMBULANCE', 'OTHER BUSINESS', 'AMBULANCE SERVICE'],
  ['SOBER HOME', 'OTHER BUSINESS', 'SOBER HOME'],
  ['NURSING', 'SKILLED NURSING FAC', 'NURSING HOME'],
  ['CHIROPRACTIC', 'OTHER BUSINESS', 'CHIROPRACTIC'],
];

function organizationRow(listed: ListedOrganization, options: RowOptions): string[] {
  const { organization } = listed;
  const [, general, specialty] = ENTITY_SPECIALTIES.find(([word]) => organization.legalName.includes(word)) ?? [
    '',
    'OTHER BUSINESS',
    organizationTaxonomy(organization.legalName) === '171100000X' ? 'OTHER BUSINESS' : 'HEALTH CARE FACILITY',
  ];
  const address = leieAddress(organization.legalName, organization.state);
  return [
    '',
    '',
    '',
    cut(organization.legalName, 30),
    general,
    specialty,
    '',
    organization.npi && options.rng.chance(0.6) ? organization.npi : NO_NPI,
    '',
    address.street,
    address.city,
    organization.state,
    address.zip,
    listed.exclusionType,
    compactDate(listed.exclusionDate),
    options.reinstatementDate ? compactDate(options.reinstatementDate) : NO_DATE,
    NO_DATE,
    '',
  ];
}

function rowFor(listed: ListedPerson | ListedOrganization, options: RowOptions): string[] {
  return isListedPerson(listed) ? personRow(listed, options) : organizationRow(listed, options);
}

function byNameOrder(a: string[], b: string[]): number {
  for (const column of [0, 1, 2, 3]) {
    if (a[column] !== b[column]) return a[column] < b[column] ? -1 : 1;
  }
  return 0;
}

export interface WrittenFile {
  source: string;
  path: string;
  format: string;
  rows: number;
}

/** UPDATED.csv: header bare, every data field quoted, sorted by name like OIG's file. */
export async function writeLeieUpdated(outDir: string, universe: Universe, rng: Rng): Promise<WrittenFile> {
  const waiverIndex = Math.floor(universe.leiePersons.length / 2);
  const rows = [
    ...universe.leiePersons.map((listed, index) => personRow(listed, { rng, waiver: index === waiverIndex || rng.chance(0.00003) })),
    ...universe.leieOrganizations.map((listed) => organizationRow(listed, { rng })),
  ].sort(byNameOrder);
  const path = join('leie', 'UPDATED.csv');
  await writeLines(join(outDir, path), [LEIE_HEADER.join(','), ...rows.map(quoteAllLine)], '\r\n');
  return { source: 'oig_leie', path, format: 'leie', rows: rows.length };
}

function supplementStamp(supplementMonth: string): string {
  return supplementMonth.slice(2, 4) + supplementMonth.slice(5, 7);
}

/** YYMMEXCL.csv / YYMMREIN.csv in the older style: bare empty fields, trailing comma, trailing spaces. */
export async function writeLeieSupplements(outDir: string, universe: Universe, rng: Rng): Promise<WrittenFile[]> {
  const stamp = supplementStamp(universe.supplementMonth);
  const exclusions = universe.supplementExclusions.map((listed) => rowFor(listed, { rng, supplementStyle: true })).sort(byNameOrder);
  const reinstatements = [
    ...universe.reinstatedPersons.map(({ listed, reinstatementDate }) =>
      personRow(listed, { rng, reinstatementDate, supplementStyle: true }),
    ),
    ...universe.reinstatedOrganizations.map(({ listed, reinstatementDate }) => organizationRow(listed, { rng, reinstatementDate })),
  ].sort(byNameOrder);
  const exclPath = join('leie', `${stamp}EXCL.csv`);
  const reinPath = join('leie', `${stamp}REIN.csv`);
  await writeLines(join(outDir, exclPath), [LEIE_HEADER.join(','), ...exclusions.map(quoteNonEmptyLine)], '\r\n');
  await writeLines(join(outDir, reinPath), [LEIE_HEADER.join(','), ...reinstatements.map(quoteNonEmptyLine)], '\r\n');
  return [
    { source: 'oig_leie', path: exclPath, format: 'leie_supplement_excl', rows: exclusions.length },
    { source: 'oig_leie', path: reinPath, format: 'leie_supplement_rein', rows: reinstatements.length },
  ];
}
