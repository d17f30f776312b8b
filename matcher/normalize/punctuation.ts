/**
 * Reduces folded text to space-separated [A-Z0-9] tokens. Periods and apostrophes are
 * dropped in place (M.D. -> MD, O'BRIEN -> OBRIEN); "&" reads as AND; every other mark,
 * hyphens included, separates tokens (compound names are rejoined by the scorer).
 */
function stripPunctuation(folded: string): string {
  return folded
    .replace(/[.'"]/g, '')
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export function tokenize(folded: string): string[] {
  const text = stripPunctuation(folded);
  return text === '' ? [] : text.split(' ');
}
