import type { SyntheticOrganization, SyntheticPerson } from './parties';

/** A person as a list writes them: the names a reader of that list should find again. */
export type WrittenPerson = Pick<SyntheticPerson, 'kind' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'aliases'>;
export type WrittenOrganization = Pick<SyntheticOrganization, 'kind' | 'legalName' | 'dbaNames' | 'ownerName'>;
export type WrittenParty = WrittenPerson | WrittenOrganization;

/** What one list's writer tells about the parties it lists. */
export interface WrittenLog {
  add(party: WrittenParty): void;
  /**
   * The writer listed a drawn party under another name (a quirk of that list), or, with null, as a
   * row its reader rightly skips (a reinstated provider).
   */
  replace(drawn: WrittenParty, written: WrittenParty | null): void;
}

/**
 * The parties every generated list lists, by source key (`oig_leie`, `state_ny`), so a round-trip
 * test can compare the names an adapter reads with the names the generator wrote.
 */
export class WrittenParties {
  private readonly bySource = new Map<string, WrittenParty[]>();

  of(source: string): WrittenParty[] {
    return this.bySource.get(source) ?? [];
  }

  sources(): string[] {
    return [...this.bySource.keys()];
  }

  log(source: string): WrittenLog {
    const parties = this.bySource.get(source) ?? [];
    this.bySource.set(source, parties);
    return {
      add: (party) => parties.push(party),
      replace: (drawn, written) => {
        const at = parties.lastIndexOf(drawn);
        if (at >= 0) parties.splice(at, 1);
        if (written) parties.push(written);
      },
    };
  }
}
