import { clean } from '../placeholders';
import { isCredentialList } from './credentials';

/** Notes a PDF list writes into its one name cell, taken out before the name is parsed. */
export interface NameNotes {
  name: string;
  providerType: string | null;
  aliases: string[];
  owners: string[];
}

const NOT_A_TYPE = /^(jr|sr|ii|iii|iv|v|inc|llc|l\.l\.c|pllc|llp|lp|ltd|corp|pc|p\.c|pa|p\.a|co)\.?$/i;

/** Splits at commas outside parentheses. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim());
}

/**
 * AL: `Last, First M. (aka Other Name), Pharmacy Technician` and
 * `Pharmacy, Inc. dba Other (Jane Doe & John Doe, Owners)`. A third comma part is the provider
 * type; a parenthesised aka/dba note holds whole names; a parenthesised note with `Owner` names owners.
 */
export function takeTrailingNotes(value: string): NameNotes {
  let text = value.replace(/\s+/g, ' ').trim();
  const aliases: string[] = [];
  const owners: string[] = [];
  text = text.replace(/\(([^()]*)\)?/g, (whole, inner: string) => {
    const note = inner.trim();
    const marker = /^(?:aka|a\.k\.a\.?|dba|d\/b\/a|d\.b\.a\.?)\s+/i.exec(note);
    if (marker) {
      aliases.push(
        ...note
          .slice(marker[0].length)
          .split(/\s*;\s*/)
          .filter(Boolean),
      );
      return '';
    }
    if (/\bowners?\b/i.test(note)) {
      const names = note
        .replace(/\bowners?\b(\s*(&|and)\s*[A-Za-z/ ]+)?/gi, '')
        .split(/\s*(?:,|&|;|\band\b)\s*/i)
        .map((n) => n.trim())
        .filter((n) => n && !/^(MD|DO|RN|LPN|CEO|DDS|PharmD|Pharmacist)$/i.test(n));
      owners.push(...names);
      return '';
    }
    return whole;
  });
  const parts = topLevelParts(text);
  let providerType: string | null = null;
  if (parts.length > 2 && !NOT_A_TYPE.test(parts[parts.length - 1])) providerType = parts.pop() ?? null;
  return { name: parts.filter(Boolean).join(', '), providerType: clean(providerType), aliases, owners };
}

const LEGAL_FORM = /^(inc|llc|l\.l\.c|pllc|llp|lp|ltd|corp|pc|p\.c|pa|p\.a|co)\.?$/i;

/**
 * DE: a credential after the name, `Ruth Diane Jones, DO`, `Tamika Brewer-Adams (PCA)`,
 * `Charles Napoli (Pharma Tech)`; legal forms (`…, LLC`) are part of the name and stay.
 */
export function takeCredential(value: string): NameNotes {
  const text = value.replace(/\s+/g, ' ').trim();
  const result: NameNotes = { name: text, providerType: null, aliases: [], owners: [] };
  const paren = /^(.+?)\s*\(([^()]+)\)$/.exec(text);
  if (paren && !/^(aka|a\.k\.a|dba|d\.b\.a|d\/b\/a|f\/k\/a)\b/i.test(paren[2].trim())) {
    return { ...result, name: paren[1].trim(), providerType: paren[2].trim() };
  }
  const comma = /^(.+?),\s*([A-Z][A-Za-z./-]{0,11})$/.exec(text);
  if (comma && !LEGAL_FORM.test(comma[2]) && comma[2] === comma[2].toUpperCase()) {
    return { ...result, name: comma[1].trim(), providerType: comma[2] };
  }
  return result;
}

/** A note that starts with an alias or owner marker is read by the alias reader, not here. */
const MARKED_NOTE = /^\s*(?:aka|a\.k\.a\.?|a\/k\/a|f\/k\/a|f\.k\.a\.?|fka|dba|d\/b\/a|d\.b\.a\.?|owners?\b)/i;
/** A bare other name is words only: a note with a comma, a digit or a colon says something else (`Jane Doe, Owner`). */
const OTHER_NAME = /^[\p{L}' .-]+$/u;
const MARKER_BEFORE = /(?:aka|a\.k\.a\.?|a\/k\/a|f\/k\/a|fka|dba|d\/b\/a)\s*:?\s*$/i;

export interface OtherNames {
  text: string;
  /** Other surnames: a maiden name in parentheses after the surname (`SMITH (JONES), MARY`). */
  surnames: string[];
  /** Other given names: a quoted nickname (`ROBERT "BOB" SMITH`) or one in parentheses after the given name. */
  givenNames: string[];
}

/**
 * Takes the unmarked other names out of a person's name cell. A parenthesised name before the
 * comma of `LAST, FIRST`, or after the last word of `FIRST LAST`, is another surname; one after
 * the given name, like any quoted name, is another given name.
 */
export function takeOtherNames(value: string): OtherNames {
  const result: OtherNames = { text: value, surnames: [], givenNames: [] };
  let text = value.replace(/\s+/g, ' ').trim();
  text = text.replace(/\s*["“]([^"”]+)["”]/g, (whole, inner: string, at: number) => {
    if (MARKER_BEFORE.test(text.slice(0, at))) return whole;
    result.givenNames.push(inner.trim());
    return '';
  });
  const comma = text.replace(/\([^)]*\)/g, (note) => ' '.repeat(note.length)).indexOf(',');
  text = text.replace(/\s*\(([^()]+)\)/g, (whole, inner: string, at: number) => {
    if (MARKED_NOTE.test(inner) || !OTHER_NAME.test(inner) || isCredentialList(inner)) return whole;
    const atEnd = text.slice(at + whole.length).trim() === '';
    const surname = comma >= 0 ? at < comma : atEnd;
    (surname ? result.surnames : result.givenNames).push(inner.trim());
    return '';
  });
  if (result.surnames.length === 0 && result.givenNames.length === 0) return result;
  return { ...result, text: text.trim() };
}
