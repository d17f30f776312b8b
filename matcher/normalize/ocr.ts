/**
 * A key under which characters that scanners and OCR confuse coincide: 0/O, 1/I/L, 5/S, 8/B,
 * 2/Z, 6/G and "RN"/"M", "VV"/"W", "CL"/"D". Two tokens with the same key are treated as the
 * same token misread.
 */
const MEMO_SIZE = 100_000;
const memo = new Map<string, string>();

/** Memoized: the scorer asks for the same list tokens' keys over and over. */
export function ocrKey(token: string): string {
  let key = memo.get(token);
  if (key === undefined) {
    key = computeOcrKey(token);
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(token, key);
  }
  return key;
}

function computeOcrKey(token: string): string {
  return token
    .replace(/RN/g, 'M')
    .replace(/VV/g, 'W')
    .replace(/CL/g, 'D')
    .replace(/0/g, 'O')
    .replace(/[1L|!]/g, 'I')
    .replace(/5/g, 'S')
    .replace(/8/g, 'B')
    .replace(/2/g, 'Z')
    .replace(/6/g, 'G');
}
