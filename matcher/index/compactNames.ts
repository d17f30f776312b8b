import type { NormalizedName } from '../normalize/name';

/**
 * The listed names as an index keeps them: each token is the vocabulary's own string, and the
 * role and soft-flag arrays are shared by every name of the same pattern. Normalization made a
 * string and two arrays per name; a screening scores hundreds of names picked at random from
 * hundreds of thousands, and each of those objects was a cache miss of its own. Shared, the
 * common words and patterns (SMITH, given-middle-surname) stay in the core's caches, and the
 * index holds one copy of each. The names compare, score and display exactly as before: the
 * same values in the same fields. Nothing writes to a listed name's arrays once the index holds it.
 */
export function compactNames<N extends NormalizedName>(
  names: readonly N[],
  vocabulary: ReadonlyMap<string, number>,
  words: readonly string[],
): N[] {
  const roles = new Map<string, NormalizedName['roles']>();
  const soft = new Map<string, NormalizedName['soft']>();
  const shared = <T>(pool: Map<string, T[]>, values: T[]): T[] => {
    const key = values.join(',');
    const known = pool.get(key);
    if (known) return known;
    pool.set(key, values);
    return values;
  };
  return names.map((n) => ({
    ...n,
    tokens: n.tokens.map((t) => {
      const id = vocabulary.get(t);
      return id === undefined ? t : words[id];
    }),
    roles: shared(roles, n.roles),
    soft: shared(soft, n.soft),
  }));
}
