import { memoizeToken } from './memo';

/**
 * A phonetic key in the spirit of refined Soundex / NYSIIS: first letter kept, common spelling
 * variants rewritten (PH->F, CK->K, SCH->SK, GH silent, KN->N, WR->R, X->KS, Z->S...), vowels
 * and H/W/Y dropped after the first letter, consonants grouped into sound classes, repeats
 * collapsed. Not truncated, so long names keep their discriminating tail.
 */
const CLASS: Record<string, string> = {
  B: 'P',
  P: 'P',
  F: 'F',
  V: 'F',
  C: 'K',
  G: 'K',
  J: 'J',
  K: 'K',
  Q: 'K',
  S: 'S',
  X: 'S',
  Z: 'S',
  D: 'T',
  T: 'T',
  L: 'L',
  M: 'M',
  N: 'N',
  R: 'R',
};

/** Keys shorter than this ("MR" for MAURO and MARIA) say too little to call two words sound-alikes. */
export const MIN_PHONETIC_KEY_LENGTH = 3;

/** Memoized: the scorer compares the same list tokens' sounds over and over. */
export const phoneticKey = memoizeToken(computePhoneticKey);

function computePhoneticKey(token: string): string {
  let s = token.replace(/[^A-Z]/g, '');
  if (s.length === 0) return '';
  s = s
    .replace(/^KN/, 'N')
    .replace(/^GN/, 'N')
    .replace(/^PN/, 'N')
    .replace(/^WR/, 'R')
    .replace(/^PS/, 'S')
    .replace(/^X/, 'S')
    .replace(/^MAC/, 'MC')
    .replace(/PH/g, 'F')
    .replace(/SCH/g, 'SK')
    .replace(/CK/g, 'K')
    .replace(/GH(?![AEIOU])/g, 'H')
    .replace(/DG/g, 'J')
    .replace(/TH/g, 'T')
    .replace(/C(?=[EIY])/g, 'S')
    .replace(/Q/g, 'K')
    .replace(/X/g, 'KS')
    .replace(/Y/g, 'I');
  const first = s[0] === 'C' ? 'K' : s[0];
  let out = first;
  let last = CLASS[s[0]] ?? '';
  for (let i = 1; i < s.length; i++) {
    const c = s[i];
    const k = CLASS[c];
    if (!k) {
      if (c !== 'H' && c !== 'W') last = '';
      continue;
    }
    if (k !== last) out += k;
    last = k;
  }
  return out;
}
