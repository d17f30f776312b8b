import { screenEntity, type IndexedEntry, type IndexedRegistryOrganization, type MatcherIndex } from './engine';
import type { Entity } from './types';

/**
 * The screenings a matcher runs over its first index before it serves. Until V8 has seen every
 * path of the scorer (a common name's hundreds of candidates, an organization's registry names,
 * a misspelt word, a field that corroborates), it compiles and throws away optimized code as new
 * paths appear: at full scale the first ~2,000 screenings after a start ran several times slower
 * than later ones, and one of them in interpreted code took 10-25 ms. Screening the index's own
 * listed parties (as written, misspelt, recombined with another party's surname; with and without
 * the fields that corroborate) walks those paths before the first real screening does.
 */
export const WARM_UP_SCREENINGS = 3000;

/** A transposed pair of letters in the middle of `word`, as a typist makes. */
function transposed(word: string): string {
  if (word.length < 4) return word;
  const at = word.length >> 1;
  return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
}

function personScreening(entry: IndexedEntry, other: IndexedEntry, variant: number): Entity {
  const first = entry.firstName ?? '';
  const last = entry.lastName ?? entry.name;
  switch (variant) {
    case 0:
      return { type: 'person', name: `${first} ${last}`, dateOfBirth: entry.dateOfBirth ?? undefined, state: entry.state ?? undefined };
    case 1:
      return { type: 'person', name: `${first} ${transposed(last)}`, dateOfBirth: entry.dateOfBirth ?? undefined };
    case 2:
      // Another party's surname: most such names are on no list.
      return { type: 'person', name: `${first} ${entry.middleName ?? ''} ${other.lastName ?? transposed(last)}`, npi: other.npis[0] };
    default:
      return {
        type: 'person',
        name: entry.name,
        aliases: entry.aliases.slice(0, 2),
        npi: entry.npis[0],
        state: entry.state ?? undefined,
        providerType: entry.providerType ?? undefined,
      };
  }
}

function organizationScreening(entry: IndexedEntry, variant: number): Entity {
  switch (variant) {
    case 0:
      return { type: 'organization', legalName: entry.name, npi: entry.npis[0] };
    case 1:
      return { type: 'organization', legalName: transposed(entry.name), npi: entry.npis[0], state: entry.state ?? undefined };
    default:
      return { type: 'organization', legalName: entry.name, aliases: entry.aliases.slice(0, 2) };
  }
}

/** `count` screenings drawn evenly over the index's entries (the same index: the same screenings). */
export function warmUpScreenings(index: MatcherIndex, count = WARM_UP_SCREENINGS): Entity[] {
  const { entries } = index;
  const n = Math.min(count, entries.length);
  const out: Entity[] = [];
  for (let i = 0; i < n; i++) {
    const at = Math.floor((i * entries.length) / n);
    const entry = entries[at];
    const other = entries[(at + (entries.length >> 1)) % entries.length];
    out.push(entry.kind === 'person' ? personScreening(entry, other, i % 4) : organizationScreening(entry, i % 3));
  }
  return out;
}

/** Screens warmUpScreenings(index, count); returns how many and how long they took. */
export function warmUp(
  index: MatcherIndex,
  registry?: (npi: string) => IndexedRegistryOrganization | undefined,
  count = WARM_UP_SCREENINGS,
): { screenings: number; ms: number } {
  const started = performance.now();
  const screenings = warmUpScreenings(index, count);
  for (const entity of screenings) screenEntity(index, entity, registry);
  return { screenings: screenings.length, ms: performance.now() - started };
}
