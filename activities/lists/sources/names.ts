import { clean } from './placeholders';

/**
 * Alias markers (data-sources.md §5.2–5.3): aka, a.k.a., a/k/a (DC), f/k/a, fka, dba, d/b/a, d.b.a.
 * `d/b/a` is also seen glued to the next word (`d/b/aMontessori`), so it needs no space after it.
 */
const ALIAS_MARKER =
  /\s*[([]?\s*(?:\b(?:a\.k\.a\.?|a\/k\/a|aka|f\/k\/a|f\.k\.a\.?|fka|dba|d\.b\.a\.?)(?=[\s:.,(]|$)|\bd\/b\/a\.?)\s*:?\s*/i;
const OWNER_MARKER = /\s*[([]?\s*\bowners?\s*:\s*/i;

interface SplitName {
  primary: string | null;
  alternates: string[];
  owners: string[];
}

function trimPunctuation(text: string): string | null {
  return clean(text.replace(/^[\s,;:"()[\]]+|[\s,;:"()[\]]+$/g, ''));
}

/**
 * Splits "PRIMARY aka ALT1 dba ALT2 Owner: NAME" into the primary name, the alternates and the
 * owners. Parenthesised markers (`(aka KC)`) work the same way.
 */
export function splitAliasMarkers(value: string | null | undefined): SplitName {
  const result: SplitName = { primary: null, alternates: [], owners: [] };
  const text = clean(value);
  if (!text) return result;
  let rest = text;
  const ownerAt = rest.search(OWNER_MARKER);
  if (ownerAt >= 0) {
    const owner = trimPunctuation(rest.slice(ownerAt).replace(OWNER_MARKER, ''));
    if (owner) result.owners.push(...owner.split(/\s*(?:;|&|\band\b)\s*/i).filter(Boolean));
    rest = rest.slice(0, ownerAt);
  }
  const parts = rest.split(new RegExp(ALIAS_MARKER.source, 'gi'));
  result.primary = trimPunctuation(parts[0] ?? '');
  for (const part of parts.slice(1)) {
    const alt = trimPunctuation(part);
    if (alt) result.alternates.push(alt);
  }
  return result;
}

/** Splits a cell holding several names (`;`, newlines) into distinct trimmed names. */
export function splitNameList(value: string | null | undefined, separators: RegExp = /[;\n\r]+/): string[] {
  if (!value) return [];
  const names: string[] = [];
  for (const piece of value.split(separators)) {
    const name = clean(piece);
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

const LEGAL_FORMS =
  /\b(INC|INCORPORATED|LLC|L\.L\.C|PLLC|LLP|LP|LTD|CORP|CORPORATION|CO|COMPANY|PC|P\.C|PA|P\.A|PLC|GROUP|ASSOCIATES|ASSOC)\b\.?/i;
const ORG_WORDS =
  /\b(PHARMACY|PHARMACIES|CLINIC|HOSPITAL|CENTER|CENTRE|SERVICES?|HEALTH|HEALTHCARE|MEDICAL|CARE|HOME|AGENCY|SUPPLY|LABS?|LABORATORY|DAYCARE|TRANSPORT(ATION)?|THERAPY|REHAB(ILITATION)?|DENTAL|NURSING|FOUNDATION|INSTITUTE|SYSTEMS?|SOLUTIONS|ENTERPRISES?|HOLDINGS|MINISTRIES|COUNSELING|AMBULANCE|DME|ACADEMY|SCHOOL|UNIVERSITY|PRACTICE|PHYSICIANS|PARTNERS|CONSULTING|LIVING|CHIROPRACTIC|IMAGING|HOSPICE|PEDIATRICS|STAFFING|RADIOLOGY|DIAGNOSTICS|DIALYSIS|ORTHOPEDICS|OPTICAL)\b/i;

/** Whether a free-form name looks like an organization rather than a person. */
export function looksLikeOrganization(name: string): boolean {
  return LEGAL_FORMS.test(name) || ORG_WORDS.test(name) || /\d/.test(name);
}

const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV', 'V', 'JR.', 'SR.']);

export interface PersonName {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  suffix: string | null;
}

/**
 * A generational suffix written at the end of a name cell (the LEIE writes `SMITH JR` as the last
 * name or `JOHN SR` as the first): the cell without it, and the suffix.
 */
export function splitTrailingSuffix(cell: string): { rest: string; suffix: string | null } {
  const tokens = cell.trim().split(/\s+/).filter(Boolean);
  const suffix = takeSuffix(tokens);
  return { rest: suffix ? tokens.join(' ') : cell, suffix };
}

function takeSuffix(tokens: string[]): string | null {
  const last = tokens[tokens.length - 1];
  if (tokens.length > 1 && last && SUFFIXES.has(last.toUpperCase().replace(/,$/, ''))) {
    tokens.pop();
    return last.replace(/[.,]$/, '');
  }
  return null;
}

/**
 * Parses one free-form person name. `LAST, FIRST MIDDLE` when there is a comma, otherwise
 * `FIRST MIDDLE LAST` (or `LAST FIRST MIDDLE` when the list says so, e.g. IL).
 */
export function parsePersonName(full: string, order: 'first_last' | 'last_first' = 'first_last'): PersonName {
  const text = full.replace(/\s+/g, ' ').trim();
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const lastPart = text.slice(0, comma).trim().split(' ').filter(Boolean);
    const rest = text
      .slice(comma + 1)
      .replace(/,/g, ' ')
      .trim()
      .split(' ')
      .filter(Boolean);
    const suffix = takeSuffix(rest) ?? takeSuffix(lastPart);
    return {
      lastName: lastPart.join(' ') || null,
      firstName: rest[0] ?? null,
      middleName: rest.slice(1).join(' ') || null,
      suffix,
    };
  }
  const tokens = text.split(' ').filter(Boolean);
  const suffix = takeSuffix(tokens);
  if (tokens.length === 1) return { lastName: tokens[0], firstName: null, middleName: null, suffix };
  if (order === 'last_first') {
    return { lastName: tokens[0], firstName: tokens[1] ?? null, middleName: tokens.slice(2).join(' ') || null, suffix };
  }
  return {
    lastName: tokens[tokens.length - 1],
    firstName: tokens[0],
    middleName: tokens.slice(1, -1).join(' ') || null,
    suffix,
  };
}

/** Display form of a person's name, natural order: `FIRST MIDDLE LAST SUFFIX`. */
export function personDisplayName(name: PersonName): string {
  return [name.firstName, name.middleName, name.lastName, name.suffix].filter((p) => p).join(' ');
}
