import type { ListedParty } from '../../../../matcher/types';
import type { SyntheticPerson } from '../../../../infra/dev/synthetic/parties';

/** A generated person as a list writes it (LAST, FIRST MIDDLE), with no aliases, NPI or other field unless `fields` gives one. */
export function listedPerson(p: SyntheticPerson, entryKey: string, fields: Partial<ListedParty> = {}): ListedParty {
  return {
    entryKey,
    kind: 'person',
    name: `${p.lastName}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`,
    lastName: p.lastName,
    firstName: p.firstName,
    middleName: p.middleName,
    suffix: p.suffix,
    aliases: [],
    npis: [],
    dateOfBirth: null,
    state: null,
    providerType: null,
    ...fields,
  };
}
