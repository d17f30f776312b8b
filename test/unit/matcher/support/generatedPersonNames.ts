import { entryNames } from '../../../../matcher/engine';
import type { NormalizedName } from '../../../../matcher/normalize/name';
import { createPersonFactory, createRng } from '../../../../infra/dev/synthetic/parties';

/** The normalized names (aliases included) of `count` generated listed persons, as the index holds them. */
export function generatedPersonNames(count: number, seed: number): NormalizedName[] {
  const persons = createPersonFactory(createRng(seed));
  const names: NormalizedName[] = [];
  for (let i = 0; i < count; i++) {
    const p = persons.next();
    names.push(
      ...entryNames({
        entryKey: String(i),
        kind: 'person',
        name: `${p.lastName}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`,
        lastName: p.lastName,
        firstName: p.firstName,
        middleName: p.middleName,
        suffix: p.suffix,
        aliases: p.aliases,
        npis: [],
        dateOfBirth: null,
        state: null,
        providerType: null,
      }),
    );
  }
  return names;
}
