import { memoizeToken } from './memo';

/**
 * A key under which characters that scanners and OCR confuse coincide: 0/O, 1/I/L, 5/S, 8/B,
 * 2/Z, 6/G and "RN"/"M", "VV"/"W", "CL"/"D". Two tokens with the same key are treated as the
 * same token misread. Memoized: the scorer asks for the same list tokens' keys over and over.
 */
export const ocrKey = memoizeToken(computeOcrKey);

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
