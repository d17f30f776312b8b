/** Generational suffixes: part of the written name but not of the identity comparison. */
const SUFFIXES: ReadonlySet<string> = new Set(['JR', 'SR', 'II', 'III', 'IV', '2ND', '3RD', '4TH', 'JNR', 'SNR']);

export function isSuffix(token: string): boolean {
  return SUFFIXES.has(token);
}

/** Removes suffix tokens anywhere but the first position (a lone "II" stays a name). */
export function removeSuffixes(tokens: string[]): { tokens: string[]; suffix: string | null } {
  let suffix: string | null = null;
  const out = tokens.filter((t, i) => {
    if (i > 0 && SUFFIXES.has(t)) {
      suffix ??= t;
      return false;
    }
    return true;
  });
  return { tokens: out.length > 0 ? out : tokens, suffix };
}
