import { fold } from './fold';
import { joinInitials, removeLegalForms } from './legalForms';
import type { NormalizedName } from './name';
import { splitAliases } from './aliases';
import { tokenize } from './punctuation';
import { canonicalizeOrgTokens } from './orgWords';

export interface NormalizedOrgName extends NormalizedName {
  /** Tokens before legal-form removal and abbreviation mapping: equal strict keys score 1. */
  strictKey: string;
}

const OWNER_RE = /\(?\bOWNER\b:?[^;)]*\)?/g;

/**
 * An organization name to one normalized name per name it carries (DBA/AKA/FKA split): legal
 * forms dropped, initials joined, abbreviations mapped to one spelling.
 */
export function normalizeOrgName(raw: string): NormalizedOrgName[] {
  const out: NormalizedOrgName[] = [];
  const seen = new Set<string>();
  const pieces = splitAliases(fold(raw).replace(OWNER_RE, ' '));
  for (const piece of pieces) {
    const rawTokens = tokenize(piece);
    if (rawTokens.length === 0) continue;
    const tokens = canonicalizeOrgTokens(removeLegalForms(joinInitials(rawTokens)));
    const key = tokens.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      display: pieces.length === 1 ? raw.trim() : piece,
      tokens,
      roles: tokens.map(() => 'any'),
      soft: tokens.map(() => false),
      compoundLead: -1,
      key,
      strictKey: rawTokens.join(' '),
    });
  }
  return out;
}
