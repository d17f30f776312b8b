/**
 * Professional credentials written after a clinician's name (NPPES credential text, state PDFs:
 * "Ruth Diane Jones, DO"). Legal forms (LLC, INC, CORP, PC) are deliberately absent: they belong
 * to organization names and are handled by legalForms.ts.
 *
 * UNAMBIGUOUS credentials are removed wherever they trail a name. AMBIGUOUS ones are also
 * common name tokens (DO and MA are Vietnamese and Chinese surnames), so they are removed only
 * where the writing marks them as credentials (after a comma, in parentheses, or after another
 * credential); elsewhere the scorer treats them as "soft" tokens whose absence costs little.
 */
export const UNAMBIGUOUS_CREDENTIALS: ReadonlySet<string> = new Set([
  'MD',
  'RN',
  'LPN',
  'LVN',
  'APRN',
  'ARNP',
  'CRNP',
  'CRNA',
  'CNA',
  'CNM',
  'CNS',
  'FNP',
  'ANP',
  'DNP',
  'PAC',
  'DDS',
  'DMD',
  'PHARMD',
  'RPH',
  'PHD',
  'PSYD',
  'DPM',
  'DPT',
  'OTR',
  'LCSW',
  'LMSW',
  'LICSW',
  'LMFT',
  'LPC',
  'LPCC',
  'MSW',
  'MPH',
  'MBA',
  'MSN',
  'BSN',
  'CPHT',
  'PCA',
  'CMA',
  'EMT',
  'EMTP',
  'RRT',
  'DVM',
  'FACS',
  'FACP',
  'FAAP',
  'EDD',
  'LMHC',
  'LADC',
  'CADC',
  'CDP',
  'RDH',
  'RD',
  'LDN',
  'CCC',
  'SLP',
  'CRT',
  'LNA',
  'STNA',
  'HHA',
  'MFT',
  'LCPC',
  'NPC',
  'AUD',
  'OTD',
  'DACM',
  'LAC',
  'DC',
]);

export const AMBIGUOUS_CREDENTIALS: ReadonlySet<string> = new Set(['DO', 'PA', 'NP', 'OD', 'PT', 'OT', 'MA', 'MS', 'BS', 'BA', 'LAT']);

function isCredential(token: string): boolean {
  return UNAMBIGUOUS_CREDENTIALS.has(token) || AMBIGUOUS_CREDENTIALS.has(token);
}

/** "PA-C", "Psy.D.", "Pharm.D." written with inner marks: join them before tokenizing. */
export function joinDottedCredentials(folded: string): string {
  if (!folded.includes('PA') && !folded.includes('PSY') && !folded.includes('PHARM')) return folded;
  return folded
    .replace(/\bPA\s*-\s*C\b/g, 'PAC')
    .replace(/\bPSY\.\s*D\b/g, 'PSYD')
    .replace(/\bPHARM\.\s*D\b/g, 'PHARMD');
}

/**
 * Removes trailing credentials from a token list: unambiguous ones always (keeping at least
 * one token), ambiguous ones only when `marked` (the segment is known to hold credentials) or
 * when the trailing run also holds an unambiguous credential ("JONES DO MD").
 */
export function removeCredentials(tokens: string[], marked = false): string[] {
  // The trailing run of credential-or-suffix tokens ("JONES RN PA JR").
  let start = tokens.length;
  while (start > 1 && (isCredential(tokens[start - 1]) || isSuffixLike(tokens[start - 1]))) start--;
  if (start === tokens.length) return tokens.slice();
  const run = tokens.slice(start);
  const certain = marked || run.some((t) => UNAMBIGUOUS_CREDENTIALS.has(t));
  const kept = run.filter((t) => isSuffixLike(t) || (!certain && AMBIGUOUS_CREDENTIALS.has(t)));
  return [...tokens.slice(0, start), ...kept];
}

function isSuffixLike(t: string): boolean {
  return t === 'JR' || t === 'SR' || t === 'II' || t === 'III' || t === 'IV';
}

export function isOnlyCredentials(tokens: string[]): boolean {
  return tokens.length > 0 && tokens.every((t) => isCredential(t) || isSuffixLike(t));
}
