import { addYears, dayOf, isoOf, previousMonthStart } from './calendar';
import { OrganizationFactory, PersonFactory, SyntheticOrganization, SyntheticPerson } from './parties';
import { Rng, WeightedTable } from './rng';

/**
 * The people and organizations on the LEIE, with their exclusion details. Every other list draws
 * from here first (SAM HHS rows, OIG copies on state lists), so overlaps look like the real ones.
 */
export interface ListedPerson {
  person: SyntheticPerson;
  exclusionType: string;
  exclusionDate: string; // ISO
  /** Affiliated business printed in LEIE BUSNAME for about 4% of individuals. */
  affiliation: string | null;
  /** LEIE shows only some NPIs; the rest print as 0000000000. */
  npiShownInLeie: boolean;
}

export interface ListedOrganization {
  organization: SyntheticOrganization;
  exclusionType: string;
  exclusionDate: string;
}

interface Reinstatement<T> {
  listed: T;
  reinstatementDate: string;
}

export interface Universe {
  asOf: string;
  supplementMonth: string; // ISO first day of the month the supplements cover
  leiePersons: ListedPerson[];
  leieOrganizations: ListedOrganization[];
  /** New exclusions of the supplement month (also present in leiePersons/leieOrganizations). */
  supplementExclusions: (ListedPerson | ListedOrganization)[];
  /** Reinstated that month: gone from UPDATED.csv, present only in the REIN supplement. */
  reinstatedPersons: Reinstatement<ListedPerson>[];
  reinstatedOrganizations: Reinstatement<ListedOrganization>[];
  personsByState: ReadonlyMap<string, ListedPerson[]>;
}

// Counts follow the LEIE frequency profile (data-sources.md §1.5); rare codes keep the 22-value variety.
const PERSON_EXCLUSION_TYPES = WeightedTable.of([
  ['1128b4', 279],
  ['1128a1', 206],
  ['1128b5', 80],
  ['1128a2', 68],
  ['1128a3', 48],
  ['1128b14', 35],
  ['1128a4', 20],
  ['1128b7', 12],
  ['1128b1', 8],
  ['1128b3', 5],
  ['1128b2', 2],
  ['1128b6', 2],
  ['1128b15', 4],
  ['1128b16', 2],
  ['1128c3Gi', 2],
  ['1128c3Gii', 1],
  ['1128Aa', 1],
  ['1156', 0.5],
  ['BRCH CIA', 0.3],
  ['1128b13', 0.2],
  ['1128b9', 0.2],
  ['1128b12', 0.2],
] as const);
const ORGANIZATION_EXCLUSION_TYPES = WeightedTable.of([
  ['1128b8', 50],
  ['1128b5', 12],
  ['1128a1', 10],
  ['1128b7', 10],
  ['1128b4', 5],
  ['1128b1', 4],
  ['1128b11', 1],
  ['BRCH SA', 1],
] as const);

function drawExclusionDate(rng: Rng, asOf: string, dateOfBirth: string | null): string {
  const yearsAgo = Math.floor(rng.next() ** 1.7 * 34); // most exclusions are recent, the oldest date from the early 1990s
  let day = dayOf(asOf) - Math.floor(yearsAgo * 365.25) - rng.int(365);
  if (dateOfBirth) day = Math.max(day, dayOf(addYears(dateOfBirth, 20)) + rng.int(2000));
  return isoOf(Math.min(day, dayOf(asOf) - 40));
}

function dayInMonth(rng: Rng, monthStartIso: string): string {
  return isoOf(dayOf(monthStartIso) + rng.int(28));
}

export function buildUniverse(
  rng: Rng,
  persons: PersonFactory,
  organizations: OrganizationFactory,
  leieRows: number,
  asOf: string,
): Universe {
  const supplementMonth = previousMonthStart(asOf);
  const organizationCount = Math.max(5, Math.round(leieRows * 0.03));
  const personCount = leieRows - organizationCount;
  const supplementShare = Math.max(8 / leieRows, 0.004);

  const supplementExclusions: (ListedPerson | ListedOrganization)[] = [];
  const inSupplement = (): boolean => rng.chance(supplementShare);
  const supplementDate = (): string =>
    rng.chance(0.06)
      ? isoOf(dayOf(asOf) + 5 + rng.int(30)) /* effective after the month it is published in */
      : dayInMonth(rng, supplementMonth);

  const leiePersons: ListedPerson[] = [];
  for (let i = 0; i < personCount; i++) {
    const person = persons.next();
    const fresh = inSupplement();
    const listed: ListedPerson = {
      person,
      exclusionType: PERSON_EXCLUSION_TYPES.pick(rng),
      exclusionDate: fresh ? supplementDate() : drawExclusionDate(rng, asOf, person.dateOfBirth),
      affiliation: null,
      npiShownInLeie: person.npi !== null && rng.chance(0.4),
    };
    leiePersons.push(listed);
    if (fresh) supplementExclusions.push(listed);
  }

  const leieOrganizations: ListedOrganization[] = [];
  for (let i = 0; i < organizationCount; i++) {
    const fresh = inSupplement();
    const listed: ListedOrganization = {
      organization: organizations.next(),
      exclusionType: ORGANIZATION_EXCLUSION_TYPES.pick(rng),
      exclusionDate: fresh ? supplementDate() : drawExclusionDate(rng, asOf, null),
    };
    leieOrganizations.push(listed);
    if (fresh) supplementExclusions.push(listed);
  }

  // Owners and employees: some individuals carry an affiliated business, owned organizations name a listed person.
  for (const listed of leiePersons) {
    if (rng.chance(0.04)) listed.affiliation = rng.pick(leieOrganizations).organization.legalName;
  }

  const reinstatedCount = Math.max(3, Math.round(leieRows * 0.0015));
  const reinstatedPersons: Reinstatement<ListedPerson>[] = [];
  const reinstatedOrganizations: Reinstatement<ListedOrganization>[] = [];
  for (let i = 0; i < reinstatedCount; i++) {
    const reinstatementDate = dayInMonth(rng, supplementMonth);
    if (i % 12 === 5) {
      reinstatedOrganizations.push({
        listed: {
          organization: organizations.next(),
          exclusionType: ORGANIZATION_EXCLUSION_TYPES.pick(rng),
          exclusionDate: isoOf(dayOf(reinstatementDate) - 365 - rng.int(3000)),
        },
        reinstatementDate,
      });
    } else {
      const person = persons.next();
      reinstatedPersons.push({
        listed: {
          person,
          exclusionType: PERSON_EXCLUSION_TYPES.pick(rng),
          affiliation: null,
          npiShownInLeie: person.npi !== null,
          exclusionDate: isoOf(Math.max(dayOf(reinstatementDate) - 365 - rng.int(3000), dayOf(addYears(person.dateOfBirth, 20)))),
        },
        reinstatementDate,
      });
    }
  }

  const personsByState = new Map<string, ListedPerson[]>();
  for (const listed of leiePersons) {
    const list = personsByState.get(listed.person.state) ?? [];
    list.push(listed);
    personsByState.set(listed.person.state, list);
  }

  return {
    asOf,
    supplementMonth,
    leiePersons,
    leieOrganizations,
    supplementExclusions,
    reinstatedPersons,
    reinstatedOrganizations,
    personsByState,
  };
}

export function isListedPerson(listed: ListedPerson | ListedOrganization): listed is ListedPerson {
  return 'person' in listed;
}
