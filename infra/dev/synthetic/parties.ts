import { loadNameData, NameData } from './nameData';
import { PROFESSIONS, Profession } from './professions';
import { pickState } from './geography';
import { ORG_ADJECTIVES, ORG_CONNECTORS, ORG_SERVICES, LEGAL_FORMS, LEADING_TOKENS } from './orgWords';
import { Rng, WeightedTable, createRng } from './rng';
import { pad2 } from './text';

export { createRng } from './rng';
export type { Rng } from './rng';

export interface SyntheticPerson {
  kind: 'person';
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  credential: string | null;
  dateOfBirth: string; // YYYY-MM-DD
  state: string;
  npi: string | null;
  providerType: string;
  aliases: string[]; // full alternative names, e.g. maiden name or nickname form
}

export interface SyntheticOrganization {
  kind: 'organization';
  legalName: string; // with legal form, e.g. "SUNRISE VALLEY HOME HEALTH, LLC"
  dbaNames: string[];
  state: string;
  npi: string | null;
  ownerName: string | null;
}

// ---------------------------------------------------------------- NPI

/** Luhn check digit over "80840" + base (data-sources.md §4.5). */
export function npiWithCheckDigit(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error(`NPI base must be 9 digits, got ${base9}`);
  let sum = 24; // contribution of the 80840 prefix
  for (let i = 0; i < 9; i++) {
    let digit = base9.charCodeAt(8 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return base9 + String((10 - (sum % 10)) % 10);
}

export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiWithCheckDigit(npi.slice(0, 9)) === npi;
}

const NPI_SPACE = 100_000_000;
const NPI_MULTIPLIER = 38_734_577; // odd and not a multiple of 5, so k → k·M mod 10^8 is a bijection

/**
 * Hands out distinct NPIs: persons and organizations draw counters from disjoint halves of the
 * 8-digit space, scrambled by a fixed bijection so neighbours do not look sequential.
 */
export class NpiAllocator {
  private counter: number;
  private readonly end: number;
  constructor(
    private readonly rng: Rng,
    kind: 'person' | 'organization',
  ) {
    const half = kind === 'person' ? 0 : 1;
    const halfSize = NPI_SPACE / 2;
    this.counter = half * halfSize + rng.int(halfSize / 2);
    this.end = (half + 1) * halfSize;
  }
  next(): string {
    const { rng } = this;
    if (this.counter >= this.end) throw new Error('NPI space exhausted');
    // counter·M stays below 2^53, so plain doubles are exact here
    const scrambled = (((this.counter * NPI_MULTIPLIER) % NPI_SPACE) + 12_345_678) % NPI_SPACE;
    this.counter++;
    return npiWithCheckDigit((rng.chance(0.6) ? '1' : '2') + String(scrambled).padStart(8, '0'));
  }
}

// ---------------------------------------------------------------- persons

const professionTable = WeightedTable.of(PROFESSIONS.map((profession) => [profession, profession.weight] as const));
const FEMALE_HEAVY = new Set([
  'Nurse Aide',
  'Home Health Aide',
  'Personal Care Aide',
  'Registered Nurse',
  'Licensed Practical Nurse',
  'Nurse Practitioner',
]);

const SUFFIXES = WeightedTable.of([
  ['JR', 55],
  ['SR', 15],
  ['II', 8],
  ['III', 15],
  ['IV', 3],
  ['JR.', 4],
] as const);

/** A few census names whose owners often write them with diacritics (kept mainly for state lists). */
const ACCENTED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    JOSE: 'JOSÉ',
    MARIA: 'MARÍA',
    JESUS: 'JESÚS',
    RAMON: 'RAMÓN',
    ANDRES: 'ANDRÉS',
    RENE: 'RENÉ',
    ANGEL: 'ÁNGEL',
    RAUL: 'RAÚL',
    MONICA: 'MÓNICA',
    SOFIA: 'SOFÍA',
    LUCIA: 'LUCÍA',
    JOEL: 'JOËL',
    ZOE: 'ZOË',
    CHLOE: 'CHLOË',
    GARCIA: 'GARCÍA',
    MARTINEZ: 'MARTÍNEZ',
    RODRIGUEZ: 'RODRÍGUEZ',
    HERNANDEZ: 'HERNÁNDEZ',
    LOPEZ: 'LÓPEZ',
    GONZALEZ: 'GONZÁLEZ',
    PEREZ: 'PÉREZ',
    SANCHEZ: 'SÁNCHEZ',
    RAMIREZ: 'RAMÍREZ',
    NUNEZ: 'NÚÑEZ',
    MUNOZ: 'MUÑOZ',
    JIMENEZ: 'JIMÉNEZ',
    GOMEZ: 'GÓMEZ',
    DIAZ: 'DÍAZ',
    MULLER: 'MÜLLER',
    PENA: 'PEÑA',
    IBANEZ: 'IBÁÑEZ',
    CORDOVA: 'CÓRDOVA',
    BOLANOS: 'BOLAÑOS',
    GUZMAN: 'GUZMÁN',
    FERNANDEZ: 'FERNÁNDEZ',
    ALVAREZ: 'ÁLVAREZ',
    SCHRODER: 'SCHRÖDER',
    BRANDAO: 'BRANDÃO',
    BELANGER: 'BÉLANGER',
  }),
);

/** Census spellings drop apostrophes; real lists mostly keep them. */
const APOSTROPHE: ReadonlyMap<string, string> = new Map(
  Object.entries({
    OBRIEN: "O'BRIEN",
    OCONNOR: "O'CONNOR",
    ONEIL: "O'NEIL",
    ONEILL: "O'NEILL",
    OCONNELL: "O'CONNELL",
    ODONNELL: "O'DONNELL",
    OMALLEY: "O'MALLEY",
    OHARA: "O'HARA",
    OKEEFE: "O'KEEFE",
    OROURKE: "O'ROURKE",
    DANGELO: "D'ANGELO",
    DAMICO: "D'AMICO",
  }),
);

const ACCENT_SHARE = 0.35;
const REFERENCE_YEAR = 2025;

/** Sex is not part of the public shape; NPPES writers ask for it through personSex(). */
const sexByPerson = new WeakMap<SyntheticPerson, 'M' | 'F'>();

export function personSex(person: SyntheticPerson): 'M' | 'F' {
  return sexByPerson.get(person) ?? (loadNameData().femaleFirstNames.has(person.firstName) ? 'F' : 'M');
}

function withVariants(rng: Rng, name: string): string {
  const apostrophe = APOSTROPHE.get(name);
  if (apostrophe && rng.chance(0.7)) return apostrophe;
  const accented = ACCENTED.get(name);
  if (accented && rng.chance(ACCENT_SHARE)) return accented;
  return name;
}

function drawSurname(rng: Rng, names: NameData): string {
  const base = withVariants(rng, names.last.pick(rng));
  const roll = rng.next();
  if (roll < 0.03) return `${base}-${withVariants(rng, names.last.pick(rng))}`;
  if (roll < 0.05) return `${base} ${withVariants(rng, names.last.pick(rng))}`;
  return base;
}

function drawFirst(rng: Rng, names: NameData, sex: 'M' | 'F'): string {
  return (sex === 'F' ? names.femaleFirst : names.maleFirst).pick(rng);
}

function drawDateOfBirth(rng: Rng): string {
  const age = 22 + rng.int(18) + rng.int(18) + rng.int(22);
  const month = 1 + rng.int(12);
  const day = 1 + rng.int(month === 2 ? 28 : [4, 6, 9, 11].includes(month) ? 30 : 31);
  return `${REFERENCE_YEAR - age}-${pad2(month)}-${pad2(day)}`;
}

function fullName(first: string, middle: string | null, last: string): string {
  return [first, middle, last].filter(Boolean).join(' ');
}

function drawAliases(rng: Rng, names: NameData, sex: 'M' | 'F', first: string, middle: string | null, last: string): string[] {
  const aliases: string[] = [];
  if (sex === 'F' && rng.chance(0.14)) {
    aliases.push(fullName(first, middle, drawSurname(rng, names))); // maiden or former married name
  }
  const nicknames = names.nicknames.get(first.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  if (nicknames && rng.chance(0.12)) aliases.push(fullName(rng.pick(nicknames), null, last));
  if (rng.chance(0.02)) aliases.push(fullName(last.split(/[- ]/)[0], null, first)); // transposed record
  return aliases;
}

interface PartyFactoryOptions {
  /** Overrides the per-profession share of persons (or organizations) holding an NPI; 1 = all. */
  npiShare?: number;
  /** Share one allocator between factories of the same kind so their NPIs never collide. */
  npis?: NpiAllocator;
}

export interface PersonFactory {
  next(): SyntheticPerson;
}

/** Streams persons; one factory per run keeps every NPI distinct. */
export function createPersonFactory(rng: Rng, options: PartyFactoryOptions = {}): PersonFactory {
  const names = loadNameData();
  const npis = options.npis ?? new NpiAllocator(rng, 'person');
  return {
    next(): SyntheticPerson {
      const profession: Profession = professionTable.pick(rng);
      const sex: 'M' | 'F' = rng.chance(FEMALE_HEAVY.has(profession.providerType) ? 0.8 : 0.42) ? 'F' : 'M';
      const firstName = withVariants(rng, drawFirst(rng, names, sex));
      let middleName: string | null = null;
      if (rng.chance(0.62)) {
        let middle = drawFirst(rng, names, sex);
        if (middle === firstName) middle = drawFirst(rng, names, sex);
        middleName = rng.chance(0.22) ? middle[0] : middle;
      }
      const lastName = drawSurname(rng, names);
      const suffix = sex === 'M' && rng.chance(0.05) ? SUFFIXES.pick(rng) : null;
      const credential = profession.credentials.length > 0 && rng.chance(0.85) ? rng.pick(profession.credentials) : null;
      const dateOfBirth = drawDateOfBirth(rng);
      const state = pickState(rng);
      const npi = rng.chance(options.npiShare ?? profession.npiShare) ? npis.next() : null;
      const aliases = drawAliases(rng, names, sex, firstName, middleName, lastName);
      const person: SyntheticPerson = {
        kind: 'person',
        firstName,
        middleName,
        lastName,
        suffix,
        credential,
        dateOfBirth,
        state,
        npi,
        providerType: profession.providerType,
        aliases,
      };
      sexByPerson.set(person, sex);
      return person;
    },
  };
}

export function generatePersons(rng: Rng, count: number): SyntheticPerson[] {
  const factory = createPersonFactory(rng);
  return Array.from({ length: count }, () => factory.next());
}

// ---------------------------------------------------------------- organizations

const serviceTable = WeightedTable.of(ORG_SERVICES.map(([service, weight]) => [service, weight] as const));
const legalFormTable = WeightedTable.of(LEGAL_FORMS);
const PERSONAL_FORMS = ['PLLC', 'PC', 'P.C.', 'PA', 'LLC', 'INC'];

/** The NUCC taxonomy that goes with a generated organization name (for NPPES). */
export function organizationTaxonomy(legalName: string): string {
  for (const [service, , taxonomy] of ORG_SERVICES) if (legalName.includes(service)) return taxonomy;
  return '261QP2300X';
}

function withLegalForm(rng: Rng, stem: string, form: string): string {
  return rng.chance(0.55) ? `${stem}, ${form}` : `${stem} ${form}`;
}

function brandStem(rng: Rng): string {
  const adjective = rng.pick(ORG_ADJECTIVES);
  const second = rng.chance(0.25) ? ` ${rng.pick(ORG_ADJECTIVES)}` : '';
  const connector = rng.chance(0.3) ? ` ${rng.pick(ORG_CONNECTORS)}` : '';
  const words = `${adjective}${second}${connector} ${serviceTable.pick(rng)}`.split(' ');
  return words.filter((word, index) => word !== words[index - 1]).join(' '); // no "HEALTH HEALTH"
}

function drawLegalName(rng: Rng, names: NameData): string {
  const roll = rng.next();
  if (roll < 0.5) return withLegalForm(rng, brandStem(rng), legalFormTable.pick(rng));
  const surname = names.last.pick(rng);
  if (roll < 0.68)
    return withLegalForm(rng, `${surname} ${rng.chance(0.4) ? 'FAMILY ' : ''}${serviceTable.pick(rng)}`, legalFormTable.pick(rng));
  if (roll < 0.76) return withLegalForm(rng, `${surname} & ${names.last.pick(rng)} ${serviceTable.pick(rng)}`, legalFormTable.pick(rng));
  if (roll < 0.84) return withLegalForm(rng, `${rng.pick(LEADING_TOKENS)} ${serviceTable.pick(rng)}`, legalFormTable.pick(rng));
  if (roll < 0.94) {
    // solo practices named after the clinician, as in NPPES
    const first = drawFirst(rng, names, rng.chance(0.5) ? 'F' : 'M');
    const middle = rng.chance(0.5) ? ` ${String.fromCharCode(65 + rng.int(26))}` : '';
    const title = rng.pick(['MD', 'DDS', 'DO', 'DPM', 'PHD', 'LCSW', 'DC']);
    return withLegalForm(rng, `${first}${middle} ${surname} ${title}`, rng.pick(PERSONAL_FORMS));
  }
  return `${rng.pick(ORG_ADJECTIVES)} ${serviceTable.pick(rng)}`; // no legal form at all
}

function stripLegalForm(name: string): string {
  return name.replace(/,? (INC\.?|LLC|L\.L\.C\.|PLLC|PC|P\.C\.|PA|CORP|CORPORATION|CO|LTD|LP|LLP)$/, '');
}

/** A plain "FIRST [M] LAST" name, e.g. for an organization's authorized official. */
export function drawPersonName(rng: Rng): { first: string; middle: string | null; last: string } {
  const names = loadNameData();
  const first = drawFirst(rng, names, rng.chance(0.5) ? 'F' : 'M');
  return { first, middle: rng.chance(0.4) ? String.fromCharCode(65 + rng.int(26)) : null, last: drawSurname(rng, names) };
}

export interface OrganizationFactory {
  next(): SyntheticOrganization;
}

export function createOrganizationFactory(rng: Rng, options: PartyFactoryOptions = {}): OrganizationFactory {
  const names = loadNameData();
  const npis = options.npis ?? new NpiAllocator(rng, 'organization');
  return {
    next(): SyntheticOrganization {
      const legalName = drawLegalName(rng, names);
      const dbaNames: string[] = [];
      if (rng.chance(0.16)) {
        dbaNames.push(
          rng.chance(0.5) ? brandStem(rng) : stripLegalForm(legalName).split(' ').slice(0, 2).join(' ') + ' ' + rng.pick(ORG_CONNECTORS),
        );
        if (rng.chance(0.15)) dbaNames.push(brandStem(rng));
      }
      const state = pickState(rng);
      const npi = rng.chance(options.npiShare ?? 0.7) ? npis.next() : null;
      const ownerName = rng.chance(0.4)
        ? fullName(
            drawFirst(rng, names, rng.chance(0.5) ? 'F' : 'M'),
            rng.chance(0.4) ? String.fromCharCode(65 + rng.int(26)) : null,
            drawSurname(rng, names),
          )
        : null;
      return { kind: 'organization', legalName, dbaNames, state, npi, ownerName };
    },
  };
}

export function generateOrganizations(rng: Rng, count: number): SyntheticOrganization[] {
  const factory = createOrganizationFactory(rng);
  return Array.from({ length: count }, () => factory.next());
}

/** Convenience for callers that want a fresh stream per purpose without sharing state. */
export function rngFor(seed: number, purpose: string): Rng {
  let hash = seed >>> 0;
  for (let i = 0; i < purpose.length; i++) hash = Math.imul(hash ^ purpose.charCodeAt(i), 0x01000193) >>> 0;
  return createRng(hash);
}
