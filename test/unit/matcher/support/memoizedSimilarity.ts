/** A token similarity computed once per pair of words: tests that compare many names meet the same pairs again and again. */
export function memoized(similarity: (a: string, b: string) => number): (a: string, b: string) => number {
  const known = new Map<string, number>();
  return (a, b) => {
    const key = `${a} ${b}`;
    let v = known.get(key);
    if (v === undefined) known.set(key, (v = similarity(a, b)));
    return v;
  };
}
