import { looksLikeOrganization } from '../names';

/**
 * Professional credentials a clerk writes after a person's name (`HARRIS, MARIA L (LPN)`,
 * `PETERS, JEAN P, EMT`, `GORDON N. FITZGERALD, M.D.`, `…, BSN, RN`), compared without dots.
 * Generational suffixes (JR, III) are part of the name and are not listed.
 */
const CREDENTIALS = new Set([
  'MD',
  'DO',
  'DDS',
  'DMD',
  'DPM',
  'DC',
  'OD',
  'PA',
  'PA-C',
  'NP',
  'FNP',
  'FNP-C',
  'FNP-BC',
  'APRN',
  'ARNP',
  'CRNA',
  'CNM',
  'RN',
  'BSN',
  'MSN',
  'DNP',
  'LPN',
  'LVN',
  'CNA',
  'CMA',
  'HHA',
  'PCA',
  'STNA',
  'EMT',
  'EMT-B',
  'EMT-P',
  'PT',
  'DPT',
  'PTA',
  'OT',
  'OTR',
  'COTA',
  'SLP',
  'RPH',
  'PHARMD',
  'CPHT',
  'PHD',
  'PSYD',
  'LCSW',
  'LICSW',
  'LMSW',
  'LSW',
  'LPC',
  'LMHC',
  'LMFT',
  'LADC',
  'CADC',
  'RD',
  'RRT',
]);

/** Whether the text is one credential or several (`BSN, RN`, `RN/BSN`). */
export function isCredentialList(text: string): boolean {
  const words = text.split(/[\s,/]+/).filter(Boolean);
  return words.length > 0 && words.every((word) => CREDENTIALS.has(word.replace(/\./g, '').toUpperCase()));
}

/** Still a person's name once the credential is gone: more than a lone word, no business words. */
function readsAsPersonName(text: string): boolean {
  return /[\s,]/.test(text) && !text.includes('&') && !looksLikeOrganization(text);
}

/** `DONALD CARTER DDS, PA` is a practice: there PA is the legal form (professional association), not a physician assistant. */
function isPracticeForm(credential: string, rest: string): boolean {
  const last = /[^,\s]\s+(\S+)$/.exec(rest);
  return credential.replace(/\./g, '').toUpperCase() === 'PA' && last !== null && isCredentialList(last[1]);
}

/** A credential at the end of the name, in parentheses (an unclosed one too) or after a comma. */
const TRAILING_PARENTHESIS = /\s*\(([^()]*)\)?$/;
const TRAILING_COMMA_PART = /\s*,\s*([^,()]*)$/;

/**
 * Takes the credentials off the end of a name cell: the name without them and the credentials as
 * written, or null when there were none. A note that is not a credential (an alias, an owner)
 * stays for the name reader.
 */
export function takeTrailingCredentials(value: string): { name: string; credential: string | null } {
  // Line breaks stay: they separate stacked names (WA).
  let name = value.trim();
  const credentials: string[] = [];
  for (;;) {
    const note = TRAILING_PARENTHESIS.exec(name) ?? TRAILING_COMMA_PART.exec(name);
    if (!note || !isCredentialList(note[1])) break;
    const rest = name.slice(0, note.index).trimEnd();
    if (!readsAsPersonName(rest) || isPracticeForm(note[1], rest)) break;
    credentials.unshift(note[1].trim());
    name = rest;
  }
  return { name, credential: credentials.length > 0 ? credentials.join(', ') : null };
}
