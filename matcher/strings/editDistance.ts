const rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), abandoned
 * early once it must exceed `max`; returns max + 1 in that case.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  if (rows[0].length <= lb) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(2 * (lb + 1));
  // Rows are reused across calls: a screening computes thousands of distances.
  let prev2 = rows[0];
  let prev = rows[1];
  let cur = rows[2];
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb];
}

/** How many edits a token of this length may carry and still be the same token misspelled. */
export function allowedEdits(length: number): number {
  if (length >= 4) return 2;
  if (length >= 3) return 1;
  return 0;
}

/** The set of characters a token holds, one bit each for A-Z; other characters (digits read by OCR) share the upper bits. */
export function letterSet(token: string): number {
  let bits = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    bits |= 1 << (c >= 65 && c <= 90 ? c - 65 : 26 + (c % 6));
  }
  return bits;
}

/**
 * A lower bound on the edit distance of two tokens from their character sets: one edit adds or
 * removes at most two characters from the set a token holds (shared bits only weaken the bound).
 */
export function fewestEdits(lettersA: number, lettersB: number): number {
  let x = lettersA ^ lettersB;
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  const differing = Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  return (differing + 1) >> 1;
}
