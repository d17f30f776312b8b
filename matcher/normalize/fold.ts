/**
 * Unicode folding to plain uppercase ASCII letters: lists are uppercase ASCII (LEIE, SAM,
 * NPPES) while rosters and state lists carry accents and mixed case.
 */
const SPECIAL: Record<string, string> = {
  ß: 'SS',
  ẞ: 'SS',
  Ø: 'O',
  ø: 'O',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Ð: 'D',
  ð: 'D',
  Þ: 'TH',
  þ: 'TH',
  ı: 'I',
  Ħ: 'H',
  ħ: 'H',
  ĸ: 'K',
  '‘': "'",
  '’': "'",
  ʼ: "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g');

const ASCII_RE = /^[ -~]*$/;

export function fold(input: string): string {
  if (ASCII_RE.test(input)) return input.toUpperCase().replace(/`/g, "'");
  return input
    .replace(SPECIAL_RE, (c) => SPECIAL[c])
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase();
}
