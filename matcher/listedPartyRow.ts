import type { ListedParty } from './types';

/** A `list_entries` row as `listedPartyColumns` selects it. */
export interface ListedPartyRow {
  entry_key: string;
  kind: ListedParty['kind'];
  name: string;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  suffix: string | null;
  aliases: string[] | null;
  npis: string[] | null;
  dob: string | null;
  state: string | null;
  provider_type: string | null;
}

/** The select list of a listed party, with `alias.` before each column of `list_entries`. */
export function listedPartyColumns(alias: string): string {
  const a = alias ? `${alias}.` : '';
  return `${a}entry_key, ${a}kind, ${a}name, ${a}last_name, ${a}first_name, ${a}middle_name, ${a}suffix, ${a}aliases, ${a}npis,
    to_char(${a}date_of_birth, 'YYYY-MM-DD') AS dob, ${a}state, ${a}provider_type`;
}

/** The party a row describes; `state` is a fixed-width column, so it is trimmed. */
export function listedPartyFromRow(r: ListedPartyRow): ListedParty {
  return {
    entryKey: r.entry_key,
    kind: r.kind,
    name: r.name,
    lastName: r.last_name,
    firstName: r.first_name,
    middleName: r.middle_name,
    suffix: r.suffix,
    aliases: r.aliases ?? [],
    npis: r.npis ?? [],
    dateOfBirth: r.dob,
    state: r.state ? String(r.state).trim() : null,
    providerType: r.provider_type,
  };
}
