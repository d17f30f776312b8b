/**
 * Memoizes a key function of one token. The scorer asks for the same list tokens' keys
 * thousands of times per screening; the memo is dropped whole when full, so it stays bounded.
 */
export function memoizeToken(compute: (token: string) => string, size = 100_000): (token: string) => string {
  const memo = new Map<string, string>();
  return (token) => {
    let value = memo.get(token);
    if (value === undefined) {
      value = compute(token);
      if (memo.size >= size) memo.clear();
      memo.set(token, value);
    }
    return value;
  };
}
