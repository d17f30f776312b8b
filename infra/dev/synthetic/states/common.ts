import { dayOf, isoOf } from '../calendar';
import { addressFor, Address } from '../geography';
import { WrittenFile, personKey } from '../leie';
import { OrganizationFactory, PersonFactory, SyntheticOrganization, SyntheticPerson } from '../parties';
import { Rng } from '../rng';
import { ListedOrganization, ListedPerson, Universe } from '../universe';
import type { WrittenLog } from '../written';

export type { WrittenFile };

export interface StateContext {
  outDir: string;
  universe: Universe;
  rng: Rng;
  rows: number;
  persons: PersonFactory;
  organizations: OrganizationFactory;
  /** Pinned timestamp for workbook metadata and ZIP entries. */
  modified: Date;
  /** Told each party the list lists, so a round-trip test can compare what its reader finds. */
  written?: WrittenLog;
}

export interface StatePerson {
  kind: 'person';
  person: SyntheticPerson;
  fromLeie: boolean;
  effectiveDate: string;
  address: Address;
}
export interface StateOrganization {
  kind: 'organization';
  organization: SyntheticOrganization;
  fromLeie: boolean;
  effectiveDate: string;
  address: Address;
}
export type StateParty = StatePerson | StateOrganization;

function recentDate(rng: Rng, asOf: string): string {
  return isoOf(dayOf(asOf) - 20 - rng.int(365 * 15));
}

/**
 * The parties on one state's list: about 40% LEIE people (OIG copies, mostly from that state),
 * some LEIE entities, and the rest state-only people and organizations from that state.
 */
export function drawStateParties(context: StateContext, stateCode: string, organizationShare = 0.2): StateParty[] {
  const { rng, universe } = context;
  const state = stateCode.toUpperCase();
  const local = universe.personsByState.get(state) ?? [];
  const parties: StateParty[] = [];
  const usedLeie = new Set<ListedPerson | ListedOrganization>();
  for (let i = 0; i < context.rows; i++) {
    const roll = rng.next();
    if (roll < 0.4) {
      const pool = local.length > 0 && rng.chance(0.9) ? local : universe.leiePersons;
      const listed = rng.pick(pool);
      if (!usedLeie.has(listed)) {
        usedLeie.add(listed);
        parties.push({
          kind: 'person',
          person: listed.person,
          fromLeie: true,
          effectiveDate: listed.exclusionDate,
          address: addressFor(personKey(listed), listed.person.state),
        });
        continue;
      }
    }
    if (roll < 0.4 + organizationShare * 0.25) {
      const listed = rng.pick(universe.leieOrganizations);
      if (!usedLeie.has(listed)) {
        usedLeie.add(listed);
        const { organization } = listed;
        parties.push({
          kind: 'organization',
          organization,
          fromLeie: true,
          effectiveDate: listed.exclusionDate,
          address: addressFor(organization.legalName, organization.state),
        });
        continue;
      }
    }
    if (rng.chance(organizationShare)) {
      const organization = { ...context.organizations.next(), state };
      parties.push({
        kind: 'organization',
        organization,
        fromLeie: false,
        effectiveDate: recentDate(rng, universe.asOf),
        address: addressFor(organization.legalName, state),
      });
    } else {
      const person = { ...context.persons.next(), state };
      parties.push({
        kind: 'person',
        person,
        fromLeie: false,
        effectiveDate: recentDate(rng, universe.asOf),
        address: addressFor(`${person.firstName}|${person.lastName}|${person.dateOfBirth}`, state),
      });
    }
  }
  for (const party of parties) context.written?.add(party.kind === 'person' ? party.person : party.organization);
  return parties;
}

/** The first name as a state clerk typed it: sometimes the nickname the person goes by. */
export function firstNameVariant(rng: Rng, person: SyntheticPerson): string {
  const nickname = person.aliases.find(
    (alias) => alias.endsWith(` ${person.lastName}`) && alias.split(' ').length === 2 && !alias.startsWith(`${person.firstName} `),
  );
  return nickname && rng.chance(0.3) ? nickname.split(' ')[0] : person.firstName;
}

export function middleVariant(rng: Rng, person: SyntheticPerson): string {
  if (!person.middleName) return '';
  const roll = rng.next();
  if (roll < 0.35) return person.middleName[0];
  if (roll < 0.5) return `${person.middleName[0]}.`;
  return person.middleName;
}

const ALIAS_MARKERS = ['aka', 'AKA', 'a.k.a.', 'a.k.a', 'f/k/a'];
const DBA_MARKERS = ['DBA', 'dba', 'd/b/a', 'd.b.a.', 'D/B/A'];

export function aliasMarker(rng: Rng): string {
  return rng.pick(ALIAS_MARKERS);
}

/** "X dba Y", with the real-world variants: glued marker ("d/b/aY") and double space before it. */
export function withDba(rng: Rng, name: string, dba: string, forceGlued = false): string {
  if (forceGlued || rng.chance(0.08)) return `${name} d/b/a${dba}`;
  const spacing = rng.chance(0.1) ? '  ' : ' ';
  return `${name}${spacing}${rng.pick(DBA_MARKERS)} ${dba}`;
}

/** The organization's trade name, or one made from its first word when the universe gave it none. */
export function tradeName(organization: SyntheticOrganization): string {
  return organization.dbaNames[0] ?? `${organization.legalName.split(/[\s,]+/)[0]} CARE`;
}

/** Another surname the person was listed under (maiden name), if any. */
export function otherSurname(person: SyntheticPerson): string | null {
  const alias = person.aliases.find(
    (candidate) => candidate.startsWith(`${person.firstName} `) && !candidate.endsWith(` ${person.lastName}`),
  );
  return alias ? (alias.split(' ').pop() ?? null) : null;
}

/** A nickname or other-name form for "(aka …)" markers. */
export function aliasText(person: SyntheticPerson): string | null {
  return person.aliases[0] ?? null;
}

export function npiOf(party: StateParty): string | null {
  return party.kind === 'person' ? party.person.npi : party.organization.npi;
}

/** A second, fake NPI-like number for multi-valued NPI cells (check digit valid). */
export function extraNpi(context: StateContext): string {
  return context.organizations.next().npi ?? context.persons.next().npi ?? '1000000012';
}

/** Answers true the first time a quirk is asked for, so even a 30-row file shows every quirk. */
export class QuirkQuota {
  private readonly seen = new Set<string>();
  constructor(private readonly rng: Rng) {}
  /** The quirk has not been written yet (a writer may then make the case for it). */
  pending(quirk: string): boolean {
    return !this.seen.has(quirk);
  }
  want(quirk: string, share: number): boolean {
    if (!this.seen.has(quirk)) {
      this.seen.add(quirk);
      return true;
    }
    return this.rng.chance(share);
  }
}

export function cityStateZip(address: Address): string {
  return `${address.city}, ${address.state} ${address.zip5}`;
}

export function reasonFor(rng: Rng): string {
  return rng.pick([
    'Fraud',
    'Abuse/Neglect',
    'License Revocation',
    'Conviction',
    'Failure to comply',
    'Billing for services not rendered',
    'OIG Exclusion',
    'Patient abuse',
    'Drug diversion',
  ]);
}
