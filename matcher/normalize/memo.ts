import { StringKeyedCache } from '../boundedCache';

/**
 * Memoizes a key function of one token. Index builds ask for the keys of the same words over
 * and over (organization words above all); the cache has a fixed size, so it stays bounded
 * without the pause of dropping a full map.
 */
export function memoizeToken(compute: (token: string) => string, capacity = 1 << 17): (token: string) => string {
  const memo = new StringKeyedCache<string>(capacity);
  return (token) => {
    let value = memo.get(token);
    if (value === undefined) {
      value = compute(token);
      memo.set(token, value);
    }
    return value;
  };
}
