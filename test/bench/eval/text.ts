/**
 * Harness-side text helpers: folding and edit distance used to build and validate the labelled set.
 * Deliberately independent of matcher/ so the harness never grades the matcher with its own rules.
 */

/** Uppercase, strip diacritics, turn punctuation into spaces, collapse whitespace. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters only (no spaces/hyphens): "SMITH-JONES", "SMITH JONES" and "SMITHJONES" fold to one key. */
export function squashName(text: string): string {
  return foldName(text).replace(/ /g, '');
}

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein without re-editing a transposed pair),
 * capped: returns `max + 1` as soon as the distance must exceed `max`, so blocking checks stay cheap.
 */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  if (rowA.length < cols) {
    rowA = new Int32Array(cols * 2);
    rowB = new Int32Array(cols * 2);
    rowC = new Int32Array(cols * 2);
  }
  let prevPrev = rowA;
  let prev = rowB;
  let current = rowC;
  for (let j = 0; j < cols; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const charA = a.charCodeAt(i - 1);
    for (let j = 1; j < cols; j++) {
      const charB = b.charCodeAt(j - 1);
      let value = Math.min(prev[j] + 1, current[j - 1] + 1, prev[j - 1] + (charA === charB ? 0 : 1));
      if (i > 1 && j > 1 && charA === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === charB) value = Math.min(value, prevPrev[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const recycled = prevPrev;
    prevPrev = prev;
    prev = current;
    current = recycled;
  }
  return Math.min(prev[b.length], max + 1);
}

// Reused DP rows: the harness calls osaDistance millions of times while filtering queries.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);
