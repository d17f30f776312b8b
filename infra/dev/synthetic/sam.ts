import { join } from 'node:path';
import { addYears, dayOf, isoOf, julianStamp, usDate } from './calendar';
import { quoteAllLine } from './csv';
import { addressFor } from './geography';
import { WrittenFile, personKey } from './leie';
import { OrganizationFactory, PersonFactory, SyntheticPerson } from './parties';
import { Rng, WeightedTable } from './rng';
import { foldToAscii } from './text';
import { ListedOrganization, ListedPerson, Universe } from './universe';
import { writeZip } from './zipFiles';
import type { WrittenLog, WrittenParty } from './written';

const SAM_V2_HEADER = [
  'Classification',
  'Name',
  'Prefix',
  'First',
  'Middle',
  'Last',
  'Suffix',
  'Address 1',
  'Address 2',
  'Address 3',
  'Address 4',
  'City',
  'State / Province',
  'Country',
  'Zip Code',
  'Open Data Flag',
  'Blank (Deprecated)',
  'Unique Entity ID',
  'Exclusion Program',
  'Excluding Agency',
  'CT Code',
  'Exclusion Type',
  'Additional Comments',
  'Active Date',
  'Termination Date',
  'Record Status',
  'Cross-Reference',
  'SAM Number',
  'CAGE',
  'NPI',
  'Creation_Date',
] as const;

type SamRow = Record<(typeof SAM_V2_HEADER)[number], string>;

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
function code(rng: Rng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALNUM[rng.int(ALNUM.length)];
  return text;
}

/** ISO-3 country with a city in it (SAM uses alpha-3 codes). */
const FOREIGN_PLACES: readonly (readonly [string, string])[] = [
  ['MEX', 'CULIACAN'],
  ['MEX', 'TIJUANA'],
  ['COL', 'MEDELLIN'],
  ['VEN', 'CARACAS'],
  ['IRN', 'TEHRAN'],
  ['RUS', 'MOSCOW'],
  ['CHN', 'SHENZHEN'],
  ['SYR', 'DAMASCUS'],
  ['LBN', 'BEIRUT'],
  ['CUB', 'HAVANA'],
  ['PRK', 'PYONGYANG'],
  ['ARE', 'DUBAI'],
  ['TUR', 'ISTANBUL'],
  ['PAN', 'PANAMA CITY'],
  ['CYM', 'GEORGE TOWN'],
  ['IRQ', 'BAGHDAD'],
  ['BLR', 'MINSK'],
  ['HKG', 'HONG KONG'],
];
const OFAC_ENTITY_WORDS = [
  'TRADING',
  'SHIPPING',
  'INTERNATIONAL',
  'GROUP',
  'HOLDINGS',
  'INVESTMENTS',
  'PETROLEUM',
  'IMPORT EXPORT',
  'LOGISTICS',
  'EXCHANGE',
];
const OFAC_ENTITY_FORMS = ['LTD', 'LLC', 'S.A.', 'S.A. DE C.V.', 'FZE', 'GMBH', 'CO., LTD.', 'LIMITED', 'JSC', 'SARL'];
const VESSEL_WORDS = ['OCEAN', 'STAR', 'PEARL', 'SPIRIT', 'QUEEN', 'GLORY', 'PRIDE', 'HORIZON', 'FORTUNE', 'DAWN', 'VICTORY', 'NOBLE'];
const OTHER_AGENCIES = WeightedTable.of([
  ['GSA', 5],
  ['DOJ', 4],
  ['HUD', 4],
  ['EPA', 3],
  ['NAVY', 3],
  ['ARMY', 3],
  ['AF', 2],
  ['DLA', 2],
  ['PS', 1],
  ['DOL', 1],
  ['DOS', 1],
  ['USDA', 2],
  ['DOE', 1],
  ['SBA', 1],
  ['VA', 1],
  ['', 0.5],
] as const);
const PROCUREMENT_TYPES = WeightedTable.of([
  ['Ineligible (Proceedings Completed)', 6],
  ['Ineligible (Proceedings Pending)', 2],
  ['Preliminarily Ineligible (Proceedings Pending)', 0.5],
  ['Voluntary Exclusion', 0.3],
  ['Prohibition/Restriction', 1],
] as const);
const HHS_COMMENTS = [
  '',
  '',
  '',
  'Excluded by HHS from all Federal health care programs under 42 U.S.C. ? 1320a-7.',
  'Excluded by HHS.  See the OIG LEIE for the exclusion authority.',
];
const OTHER_COMMENTS = [
  '',
  'Proposed Debarment: 01-20-2022 ',
  'Debarred for a period of three years pursuant to FAR 9.406-2.',
  'The individual was convicted of making \u201cfalse statements\u201d under 18 U.S.C. ? 1001.',
  'Suspended pending the completion of legal proceedings.  Contact the agency POC for details.',
];

/** A row as one all-quoted CSV line, in header order. */
function lineOf(row: SamRow): string {
  return quoteAllLine(SAM_V2_HEADER.map((column) => row[column]));
}

function emptyRow(): SamRow {
  return Object.fromEntries(SAM_V2_HEADER.map((column) => [column, ''])) as SamRow;
}

function samMiddle(rng: Rng, middle: string | null): string {
  if (!middle) return '';
  const folded = foldToAscii(middle);
  if (folded.length === 1 || rng.chance(0.5)) return `${folded[0]}.`;
  return folded;
}

/** Rows are shuffled together, so the numbers come from a counter and stay unique. */
class SamNumbers {
  private counter = 0;
  constructor(private readonly rng: Rng) {}
  next(): string {
    this.counter++;
    return `S4MR${code(this.rng, 1)}${this.counter.toString(36).toUpperCase().padStart(4, '0')}`;
  }
}

function creationDate(rng: Rng, activeDate: string, asOf: string): string {
  return isoOf(Math.min(dayOf(activeDate) + 1 + rng.int(20), dayOf(asOf) - 1));
}

function fillPerson(row: SamRow, rng: Rng, person: SyntheticPerson, addressKey: string): void {
  row.Classification = 'Individual';
  row.Prefix = rng.chance(0.05) ? rng.pick(['DR.', 'MR.', 'MS.', 'Ms', 'MRS.']) : '';
  row.First = foldToAscii(person.firstName);
  row.Middle = samMiddle(rng, person.middleName);
  row.Last = foldToAscii(person.lastName);
  row.Suffix = person.suffix ? person.suffix.replace('.', '') : '';
  if (rng.chance(0.8)) {
    const address = addressFor(addressKey, person.state);
    if (rng.chance(0.3)) row['Address 1'] = address.line1;
    row.City = address.city;
    row['State / Province'] = person.state;
    row['Zip Code'] = rng.chance(0.3) ? address.zip5 + address.zip4 : address.zip5;
  }
  row.Country = 'USA';
}

function hhsPersonRow(rng: Rng, listed: ListedPerson, numbers: SamNumbers, asOf: string): SamRow {
  const row = emptyRow();
  fillPerson(row, rng, listed.person, personKey(listed));
  row['Exclusion Program'] = 'Reciprocal';
  row['Excluding Agency'] = 'HHS';
  row['CT Code'] = rng.chance(0.03) ? 'Z1' : '';
  row['Exclusion Type'] = 'Prohibition/Restriction';
  row['Additional Comments'] = rng.pick(HHS_COMMENTS);
  row['Active Date'] = usDate(listed.exclusionDate);
  row['Termination Date'] = 'Indefinite';
  if (listed.person.aliases.length > 0 && rng.chance(0.3))
    row['Cross-Reference'] = `(also ${listed.person.aliases.map(foldToAscii).join(', ')})`;
  row['SAM Number'] = numbers.next();
  row.NPI = listed.person.npi && (listed.npiShownInLeie || rng.chance(0.3)) ? listed.person.npi : '';
  row.Creation_Date = creationDate(rng, listed.exclusionDate, asOf);
  return row;
}

function firmRow(rng: Rng, legalName: string, state: string, numbers: SamNumbers, asOf: string, activeDate: string): SamRow {
  const row = emptyRow();
  const address = addressFor(legalName, state);
  row.Classification = 'Firm';
  row.Name = legalName;
  row['Address 1'] = address.line1;
  row['Address 2'] = address.line2;
  row.City = address.city;
  row['State / Province'] = state;
  row.Country = 'USA';
  row['Zip Code'] = rng.chance(0.5) ? address.zip5 + address.zip4 : address.zip5;
  row['Unique Entity ID'] = rng.chance(0.7) ? code(rng, 12) : '';
  row['SAM Number'] = numbers.next();
  row.CAGE = rng.chance(0.4) ? code(rng, 5) : '';
  row['Active Date'] = usDate(activeDate);
  row.Creation_Date = creationDate(rng, activeDate, asOf);
  return row;
}

function hhsOrganizationRow(rng: Rng, listed: ListedOrganization, numbers: SamNumbers, asOf: string): SamRow {
  const { organization } = listed;
  const row = firmRow(rng, organization.legalName, organization.state, numbers, asOf, listed.exclusionDate);
  row['Exclusion Program'] = 'Reciprocal';
  row['Excluding Agency'] = 'HHS';
  row['Exclusion Type'] = 'Prohibition/Restriction';
  row['Termination Date'] = 'Indefinite';
  row.NPI = organization.npi ?? '';
  if (organization.dbaNames.length > 0) row['Cross-Reference'] = `(also ${organization.legalName}  DBA ${organization.dbaNames[0]})`;
  return row;
}

function recentDate(rng: Rng, asOf: string): string {
  return isoOf(dayOf(asOf) - 30 - rng.int(365 * 12));
}

function termination(rng: Rng, activeDate: string, indefiniteShare: number): string {
  return rng.chance(indefiniteShare) ? 'Indefinite' : usDate(isoOf(dayOf(addYears(activeDate, 1 + rng.int(5))) - 1));
}

interface SamContext {
  rng: Rng;
  numbers: SamNumbers;
  asOf: string;
  persons: PersonFactory;
  organizations: OrganizationFactory;
  onWrittenParty: (party: WrittenParty) => void;
}

function opmRow(context: SamContext): SamRow {
  const { rng } = context;
  const person = context.persons.next();
  context.onWrittenParty(person);
  const row = emptyRow();
  fillPerson(row, rng, person, `${person.firstName}|${person.lastName}|${person.dateOfBirth}`);
  const activeDate = recentDate(rng, context.asOf);
  row['Exclusion Program'] = 'Reciprocal';
  row['Excluding Agency'] = 'OPM';
  row['Exclusion Type'] = rng.chance(0.5) ? 'Prohibition/Restriction' : 'Ineligible (Proceedings Completed)';
  row['Active Date'] = usDate(activeDate);
  row['Termination Date'] = termination(rng, activeDate, 0.5);
  row['SAM Number'] = context.numbers.next();
  row.Creation_Date = creationDate(rng, activeDate, context.asOf);
  return row;
}

function ofacRow(context: SamContext): SamRow {
  const { rng } = context;
  const row = emptyRow();
  const roll = rng.next();
  const [country, city] = rng.pick(FOREIGN_PLACES);
  const stranger = context.persons.next();
  if (roll < 0.55) {
    row.Classification = 'Individual';
    row.First = foldToAscii(stranger.firstName);
    row.Middle = samMiddle(rng, stranger.middleName);
    row.Last = foldToAscii(stranger.lastName);
    const aliases: string[] = [];
    if (rng.chance(0.5)) {
      const alias = `${row.First} ${foldToAscii(context.persons.next().lastName)}`;
      aliases.push(alias);
      row['Cross-Reference'] = `(also ${alias}, ${row.Last.split(' ')[0]}, ${row.First})`;
    }
    context.onWrittenParty({ ...stranger, aliases });
  } else if (roll < 0.95) {
    row.Classification = 'Special Entity Designation';
    row.Name = `${foldToAscii(stranger.lastName)} ${rng.pick(OFAC_ENTITY_WORDS)} ${rng.pick(OFAC_ENTITY_FORMS)}`;
    row['Unique Entity ID'] = rng.chance(0.1) ? code(rng, 12) : '';
    const dbaNames: string[] = [];
    if (rng.chance(0.4)) {
      dbaNames.push(`${foldToAscii(stranger.lastName)} ${rng.pick(OFAC_ENTITY_WORDS)}`, `${row.Name.split(' ')[0]} GROUP`);
      row['Cross-Reference'] = `(also ${dbaNames.join(', ')})`;
    }
    context.onWrittenParty({ kind: 'organization', legalName: row.Name, dbaNames, ownerName: null });
  } else {
    row.Classification = 'Vessel';
    row.Name = `${rng.pick(VESSEL_WORDS)} ${rng.pick(VESSEL_WORDS)}${rng.chance(0.3) ? ` ${1 + rng.int(9)}` : ''}`;
    context.onWrittenParty({ kind: 'organization', legalName: row.Name, dbaNames: [], ownerName: null });
  }
  if (row.Classification !== 'Individual' || rng.chance(0.4)) {
    row['Address 1'] = rng.chance(0.5) ? `${1 + rng.int(300)} ${rng.pick(VESSEL_WORDS)} STREET` : '';
    row.City = city;
    row['Zip Code'] = rng.chance(0.3) ? String(rng.int(100000)).padStart(5, '0') : '';
  }
  row.Country = country;
  const activeDate = recentDate(rng, context.asOf);
  row['Exclusion Program'] = 'Reciprocal';
  row['Excluding Agency'] = 'TREAS-OFAC';
  row['Exclusion Type'] = 'Prohibition/Restriction';
  row['Additional Comments'] = rng.chance(0.35) ? 'PII data has been masked from view' : '';
  row['Active Date'] = usDate(activeDate);
  row['Termination Date'] = 'Indefinite';
  row['SAM Number'] = context.numbers.next();
  row.Creation_Date = creationDate(rng, activeDate, context.asOf);
  return row;
}

/** Procurement debarments; a firm and its owner often cross-reference each other (mirror-image rows). */
function otherAgencyRows(context: SamContext): SamRow[] {
  const { rng } = context;
  const agency = OTHER_AGENCIES.pick(rng);
  const activeDate = recentDate(rng, context.asOf);
  const common = (row: SamRow): SamRow => {
    row['Exclusion Program'] = rng.chance(0.6) ? 'Procurement' : 'NonProcurement';
    row['Excluding Agency'] = agency;
    row['Exclusion Type'] = PROCUREMENT_TYPES.pick(rng);
    row['Additional Comments'] = rng.pick(OTHER_COMMENTS);
    row['Termination Date'] = termination(rng, activeDate, 0.3);
    return row;
  };
  if (rng.chance(0.5)) {
    const person = context.persons.next();
    context.onWrittenParty(person);
    const row = emptyRow();
    fillPerson(row, rng, person, `${person.firstName}|${person.lastName}|${person.dateOfBirth}`);
    row['Active Date'] = usDate(activeDate);
    row['SAM Number'] = context.numbers.next();
    row.Creation_Date = creationDate(rng, activeDate, context.asOf);
    return [common(row)];
  }
  const organization = context.organizations.next();
  context.onWrittenParty(organization);
  const firm = common(firmRow(rng, organization.legalName, organization.state, context.numbers, context.asOf, activeDate));
  if (organization.dbaNames.length > 0)
    firm['Cross-Reference'] = `(also ${organization.legalName}, ${organization.legalName}  DBA ${organization.dbaNames[0]})`;
  const rows = [firm];
  if (organization.ownerName && rng.chance(0.5)) {
    const [first, ...rest] = organization.ownerName.split(' ');
    const owner = emptyRow();
    owner.Classification = 'Individual';
    owner.First = foldToAscii(first);
    owner.Middle = rest.length > 1 && rest[0].length === 1 ? `${rest[0]}.` : '';
    owner.Last = foldToAscii(rest[rest.length - 1]);
    context.onWrittenParty({
      kind: 'person',
      firstName: owner.First,
      middleName: owner.Middle || null,
      lastName: owner.Last,
      suffix: null,
      aliases: [],
    });
    owner.City = firm.City;
    owner['State / Province'] = firm['State / Province'];
    owner.Country = 'USA';
    owner['Zip Code'] = firm['Zip Code'].slice(0, 5);
    owner['Active Date'] = firm['Active Date'];
    owner['SAM Number'] = context.numbers.next();
    owner.Creation_Date = firm.Creation_Date;
    common(owner);
    owner['Cross-Reference'] = `(also ${organization.legalName})`;
    firm['Cross-Reference'] = `(also ${organization.ownerName})`;
    rows.push(owner);
  }
  if (rng.chance(0.03)) rows.push({ ...firm }); // exact duplicate, as in the real extract
  return rows;
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function samFileBase(asOf: string): string {
  return `SAM_Exclusions_Public_Extract_V2_${julianStamp(asOf)}`;
}

export async function writeSam(
  outDir: string,
  universe: Universe,
  rng: Rng,
  targetRows: number,
  persons: PersonFactory,
  organizations: OrganizationFactory,
  written?: WrittenLog,
): Promise<WrittenFile> {
  const onWrittenParty = (party: WrittenParty): void => written?.add(party);
  const context: SamContext = { rng, numbers: new SamNumbers(rng), asOf: universe.asOf, persons, organizations, onWrittenParty };
  const rows: SamRow[] = [];
  const hhsTarget = Math.round(targetRows * 0.47);
  const hhsPool = shuffle(rng, [
    ...universe.leiePersons.map((listed) => ['p', listed] as const),
    ...universe.leieOrganizations.map((listed) => ['o', listed] as const),
  ]);
  for (const [kind, listed] of hhsPool.slice(0, hhsTarget)) {
    onWrittenParty(kind === 'p' ? (listed as ListedPerson).person : (listed as ListedOrganization).organization);
    rows.push(
      kind === 'p'
        ? hhsPersonRow(rng, listed as ListedPerson, context.numbers, universe.asOf)
        : hhsOrganizationRow(rng, listed as ListedOrganization, context.numbers, universe.asOf),
    );
  }
  const opmTarget = rows.length + Math.round(targetRows * 0.22);
  while (rows.length < opmTarget) rows.push(opmRow(context));
  const ofacTarget = rows.length + Math.round(targetRows * 0.25);
  while (rows.length < ofacTarget) rows.push(ofacRow(context));
  // Guarantee at least one mirror-image pair and one duplicate even at the smallest scale.
  while (
    rows.length < targetRows ||
    !rows.some(
      (row) => row.Classification === 'Firm' && /^\(also [A-Z]+ /.test(row['Cross-Reference']) && !row['Cross-Reference'].includes(' DBA '),
    )
  ) {
    rows.push(...otherAgencyRows(context));
  }
  const duplicateSource = rows.find((row) => row.Classification === 'Firm');
  if (duplicateSource) rows.push({ ...duplicateSource });
  shuffle(rng, rows);

  const base = samFileBase(universe.asOf);
  const csv = [quoteAllLine(SAM_V2_HEADER), ...rows.map(lineOf)].join('\r\n') + '\r\n';
  const path = join('sam', `${base}.ZIP`);
  writeZip(join(outDir, path), [{ name: `${base}.CSV`, content: csv }], new Date(`${universe.asOf}T06:00:00Z`));
  return { source: 'sam_exclusions', path, format: 'sam_v2', rows: rows.length };
}
