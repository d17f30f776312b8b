import { AMBIGUOUS_CREDENTIALS, UNAMBIGUOUS_CREDENTIALS, isOnlyCredentials, joinDottedCredentials, removeCredentials } from './credentials';
import { compoundLead, gluedToPrevious, markFreeTextSurname, markKnownSurname, type MarkedName } from './compoundSurname';
import { fold } from './fold';
import { removeHonorifics } from './honorifics';
import type { NormalizedName, TokenRole } from './name';
import { middleMarkers } from './middleMarkers';
import { reorderPersonName } from './nameOrder';
import { splitAliases, startsWithAliasMarker } from './aliases';
import { tokenize } from './punctuation';
import { isSuffix, removeSuffixes } from './suffixes';

const PLACEHOLDER_RE = /\b(?:N\/A|NMN|NONE|UNKNOWN|UNK)\b/g;

const ORDINAL_SUFFIXES: Record<string, string> = { '2ND': 'II', '3RD': 'III', '4TH': 'IV' };
const DIGIT_AS_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '3': 'E',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
  '9': 'G',
};

/** Person names hold no digits: a digit is a scanner's misreading of a letter (1V -> IV, MYER5 -> MYERS). */
export function lettersForDigits(folded: string): string {
  if (!/\d/.test(folded)) return folded;
  return folded.replace(/\b(2ND|3RD|4TH)\b/g, (m) => ORDINAL_SUFFIXES[m]).replace(/\d/g, (d) => DIGIT_AS_LETTER[d]);
}

function cleanFolded(raw: string): string {
  return lettersForDigits(joinDottedCredentials(fold(raw))).replace(PLACEHOLDER_RE, ' ');
}

function build(display: string, { tokens, roles, particle }: MarkedName): NormalizedName {
  const marker = middleMarkers(tokens, roles);
  const soft = tokens.map((t, i) => particle[i] || marker[i] || (i > 0 && AMBIGUOUS_CREDENTIALS.has(t)));
  return { display, tokens, roles, soft, compoundLead: compoundLead(tokens, roles, soft), key: tokens.join(' ') };
}

function rolesFor(count: number): TokenRole[] {
  if (count === 1) return ['surname'];
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'given' : i === count - 1 ? 'surname' : 'middle'));
}

/** Cleans one token list: honorifics, suffixes, credentials. */
function cleanTokens(tokens: string[], credentialsMarked: boolean): string[] {
  let out = removeHonorifics(tokens);
  out = removeCredentials(out, credentialsMarked);
  out = removeSuffixes(out).tokens;
  out = removeCredentials(out, credentialsMarked);
  return out;
}

/**
 * A free-form person name ("Dr. John A. Smith Jr., MD", "SMITH, JOHN A", "Jane Doe aka Jane
 * Roe") to one normalized name per name it carries.
 */
export function normalizePersonName(raw: string): NormalizedName[] {
  const out: NormalizedName[] = [];
  for (const piece of splitAliases(cleanFolded(raw))) {
    if (isOnlyCredentials(tokenize(piece))) continue;
    const { text, trailing } = reorderPersonName(piece);
    const commaOrder = piece.includes(',') && text !== piece.replace(/,\s*$/, '');
    const tokens = cleanTokens(tokenize(text), trailing.length > 0);
    if (tokens.length === 0) continue;
    let marked: MarkedName;
    if (commaOrder) {
      // "BERZUNZA LARA, JOSE": every token of the leading segment is surname.
      const surnameCount = cleanTokens(tokenize(piece.split(',')[0]), false).length;
      const firstSurname = Math.max(1, tokens.length - surnameCount);
      marked = markKnownSurname(
        tokens,
        tokens.map((_, i) => (i >= firstSurname ? 'surname' : i === 0 ? 'given' : 'middle')),
      );
    } else {
      marked = markFreeTextSurname(tokens, rolesFor(tokens.length), gluedToPrevious(text, tokens));
    }
    out.push(build(piece.trim(), marked));
  }
  return dedupe(out);
}

function part(raw: string | null | undefined): { main: string[]; extra: string[][] } {
  if (!raw) return { main: [], extra: [] };
  const folded = cleanFolded(raw);
  const pieces = splitAliases(folded).map((p) => tokenize(p));
  if (startsWithAliasMarker(folded)) return { main: [], extra: pieces };
  return { main: pieces[0] ?? [], extra: pieces.slice(1) };
}

/**
 * A person given in separate columns (LEIE, SAM, PA...). Alias markers inside a column
 * ("AKA JOHNNY" in the middle name, as GA writes it) yield extra names with that column replaced.
 */
export function normalizePersonParts(first: string | null, middle: string | null, last: string | null, display: string): NormalizedName[] {
  const f = part(first);
  const m = part(middle);
  const l = part(last);
  const make = (given: string[], mid: string[], sur: string[]): NormalizedName | null => {
    const keep = (t: string): boolean => !isSuffix(t) && !UNAMBIGUOUS_CREDENTIALS.has(t);
    const givenClean = removeHonorifics(given).filter(keep);
    const midClean = mid.filter(keep);
    const surClean = sur.filter(keep).length > 0 ? sur.filter(keep) : sur;
    const tokens = [...givenClean, ...midClean, ...surClean];
    if (tokens.length === 0) return null;
    const roles: TokenRole[] = [
      ...givenClean.map((_, i): TokenRole => (i === 0 ? 'given' : 'middle')),
      ...midClean.map((): TokenRole => 'middle'),
      ...surClean.map((): TokenRole => 'surname'),
    ];
    return build(display, markKnownSurname(tokens, roles));
  };
  const out: NormalizedName[] = [];
  const main = make(f.main, m.main, l.main);
  if (main) out.push(main);
  for (const alt of f.extra) {
    const n = make(alt, m.main, l.main);
    if (n) out.push({ ...n, display: `${display} (${alt.join(' ')})` });
  }
  for (const alt of m.extra) {
    const n = make(alt, [], l.main);
    if (n) out.push({ ...n, display: `${display} (${alt.join(' ')})` });
  }
  for (const alt of l.extra) {
    const n = make(f.main, m.main, alt);
    if (n) out.push({ ...n, display: `${display} (${alt.join(' ')})` });
  }
  return dedupe(out);
}

function dedupe(names: NormalizedName[]): NormalizedName[] {
  const seen = new Set<string>();
  return names.filter((n) => (seen.has(n.key) ? false : (seen.add(n.key), true)));
}
