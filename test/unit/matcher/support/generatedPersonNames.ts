import { entryNames } from '../../../../matcher/engine';
import type { NormalizedName } from '../../../../matcher/normalize/name';
import { createPersonFactory, createRng } from '../../../../infra/dev/synthetic/parties';
import { listedSyntheticPerson } from './listedPersons';

/** The normalized names (aliases included) of `count` generated listed persons, as the index holds them. */
export function generatedPersonNames(count: number, seed: number): NormalizedName[] {
  const persons = createPersonFactory(createRng(seed));
  const names: NormalizedName[] = [];
  for (let i = 0; i < count; i++) {
    const p = persons.next();
    names.push(...entryNames(listedSyntheticPerson(p, String(i), { aliases: p.aliases })));
  }
  return names;
}
