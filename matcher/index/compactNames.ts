import type { NormalizedName } from '../normalize/name';
import type { NormalizedOrgName } from '../normalize/orgName';

/**
 * The listed names as an index keeps them: each token is the vocabulary's own string, and the
 * role and soft-flag arrays are shared by every name of the same pattern. Normalization made a
 * string and two arrays per name; a screening scores hundreds of names picked at random from
 * hundreds of thousands, and each of those objects was a cache miss of its own. Shared, the
 * common words and patterns (SMITH, given-middle-surname) stay in the core's caches, and the
 * index holds one copy of each. The names compare, score and display exactly as before: the
 * same values in the same fields. Nothing writes to a listed name's arrays once the index holds it.
 *
 * Each name is built by one object literal per kind, with the fields in normalization's order, so
 * listed names share one hidden class per kind. Copies made by spreading took a class per class of
 * source object (a name and its alias variant differ): the scorer's optimized code met more classes,
 * and a class it had not met sends a screening back to unoptimized code.
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
  return names.map((n) =>
    listedName(
      n,
      n.tokens.map((t) => {
        const id = vocabulary.get(t);
        return id === undefined ? t : words[id];
      }),
      shared(roles, n.roles),
      shared(soft, n.soft),
    ),
  );
}

const PERSON_FIELDS = 'display,tokens,roles,soft,compoundLead,key';
const ORGANIZATION_FIELDS = `${PERSON_FIELDS},strictKey`;

/** `n` with its arrays replaced, as a person's or an organization's literal when it has exactly their fields. */
function listedName<N extends NormalizedName>(n: N, tokens: string[], roles: NormalizedName['roles'], soft: NormalizedName['soft']): N {
  const fields = Object.keys(n).join(',');
  const { display, compoundLead, key } = n;
  if (fields === PERSON_FIELDS) return { display, tokens, roles, soft, compoundLead, key } as N;
  if (fields === ORGANIZATION_FIELDS) {
    const { strictKey } = n as N & NormalizedOrgName;
    return { display, tokens, roles, soft, compoundLead, key, strictKey } as NormalizedName as N;
  }
  return { ...n, tokens, roles, soft };
}
