/**
 * Plain Jaro–Winkler (prefix scale 0.1, prefix up to 4, boost above Jaro 0.7): the baseline the
 * matcher has to beat. Buffers are reused between calls because the baseline compares every query
 * with every list name.
 */
let matchedA = new Uint8Array(64);
let matchedB = new Uint8Array(64);

function ensureCapacity(length: number): void {
  if (matchedA.length >= length) return;
  matchedA = new Uint8Array(length * 2);
  matchedB = new Uint8Array(length * 2);
}

export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  ensureCapacity(Math.max(lengthA, lengthB));
  // Plain loops: TypedArray.prototype.fill on a few bytes costs more than the comparison itself.
  for (let i = 0; i < lengthA; i++) matchedA[i] = 0;
  for (let j = 0; j < lengthB; j++) matchedB[j] = 0;
  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < lengthA; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lengthB - 1, i + window);
    const code = a.charCodeAt(i);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === code) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let halfTranspositions = 0;
  let k = 0;
  for (let i = 0; i < lengthA; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) halfTranspositions++;
    k++;
  }
  const transpositions = halfTranspositions / 2;
  return (matches / lengthA + matches / lengthB + (matches - transpositions) / matches) / 3;
}

export function jaroWinkler(a: string, b: string): number {
  const similarity = jaro(a, b);
  if (similarity <= 0.7) return similarity;
  let prefix = 0;
  const limit = Math.min(4, a.length, b.length);
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return similarity + prefix * 0.1 * (1 - similarity);
}
