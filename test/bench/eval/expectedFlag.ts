import type { EvalListEntry } from './evalList';
import type { NicknameTable } from './nicknames';
import { splitLegalForm } from './orgVariants';
import { foldName, osaDistance, squashName } from './text';

/**
 * Decides whether a name that is NOT on the list would still be expected to come back as a potential
 * match (a typo-distance namesake, a nickname, one half of a compound surname, a different middle
 * name…). Clean queries and hard negatives must pass this check, so every match on them is a false
 * match a compliance user would rightly complain about.
 */
interface NameKey {
  first: string;
  last: string;
  lastSquashed: string;
  lastPieces: string[];
}

const SUFFIX_OR_CREDENTIAL = /^(JR|SR|II|III|IV|V|MD|DO|RN|LPN|LVN|CNA|NP|PA|DDS|DMD|PHD|APRN|HHA)$/;

/**
 * Parses a free-form "FIRST [MIDDLE…] LAST [SUFFIX]" into the parts the check compares. A
 * hyphenated last word (SMITH-JONES) is the whole compound surname, so its halves count as the
 * compound halves they are.
 */
export function personKey(name: string): NameKey | null {
  const tokens = foldName(name)
    .split(' ')
    .filter((token) => token && !SUFFIX_OR_CREDENTIAL.test(token));
  if (tokens.length < 2) return null;
  const lastWord =
    name
      .trim()
      .split(/\s+/)
      .filter((word) => !SUFFIX_OR_CREDENTIAL.test(foldName(word)))
      .pop() ?? '';
  const hyphenated = /^[^-]+(-[^-]+)+$/.test(lastWord) && foldName(lastWord).split(' ').length < tokens.length;
  return keyOf(tokens[0], hyphenated ? lastWord : tokens[tokens.length - 1]);
}

function keyOf(first: string, last: string): NameKey {
  const foldedLast = foldName(last);
  return { first: squashName(first), last: foldedLast, lastSquashed: squashName(last), lastPieces: foldedLast.split(' ') };
}

function entryKeys(entry: EvalListEntry): NameKey[] {
  const keys: NameKey[] = [];
  if (entry.firstName && entry.lastName) keys.push(keyOf(entry.firstName, entry.lastName));
  for (const alias of entry.aliases) {
    const key = personKey(alias);
    if (key) keys.push(key);
  }
  return keys;
}

function deletionKeys(text: string): string[] {
  const keys = [text];
  for (let i = 0; i < text.length; i++) keys.push(text.slice(0, i) + text.slice(i + 1));
  return keys;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function lastKeys(key: NameKey): Set<string> {
  return new Set([key.lastSquashed, ...key.lastPieces.map(squashName)]);
}

export class PersonFlagCheck {
  /** Surname or one surname piece → distinct listed first names. */
  private readonly firstsByLast = new Map<string, Set<string>>();
  /** First name → distinct listed folded surnames. */
  private readonly lastsByFirst = new Map<string, Set<string>>();
  /** One-deletion key → distinct listed squashed surnames (symmetric-deletion lookup). */
  private readonly lastsByDeletion = new Map<string, Set<string>>();

  constructor(
    entries: readonly EvalListEntry[],
    private readonly nicknames: NicknameTable,
  ) {
    const surnames = new Set<string>();
    for (const entry of entries) {
      if (entry.kind !== 'person') continue;
      for (const key of entryKeys(entry)) {
        for (const piece of lastKeys(key)) addTo(this.firstsByLast, piece, key.first);
        addTo(this.lastsByFirst, key.first, key.last);
        surnames.add(key.lastSquashed);
      }
    }
    for (const surname of surnames) for (const deletion of deletionKeys(surname)) addTo(this.lastsByDeletion, deletion, surname);
  }

  private firstDistance(a: string, b: string): number {
    if (a === b || this.nicknames.related(a, b)) return 0;
    if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 0;
    return osaDistance(a, b, 3);
  }

  private lastDistance(query: NameKey, listedLast: string): number {
    const listedSquashed = listedLast.replace(/ /g, '');
    if (query.lastSquashed === listedSquashed) return 0;
    const listedPieces = listedLast.split(' ');
    if (query.lastPieces.some((piece) => listedPieces.includes(piece))) return 0; // one half of a compound surname
    return osaDistance(query.lastSquashed, listedSquashed, 3);
  }

  /**
   * True when some listed person is within the neighbourhood the positive classes cover: first and
   * last name together within two edits, counting a nickname, an initial or one half of a compound
   * surname as no edit; or first and last swapped.
   */
  expectedFlagged(name: string): boolean {
    const query = personKey(name);
    if (!query) return false;
    const firstDistances = new Map<string, number>();
    const firstDistance = (listedFirst: string): number => {
      let distance = firstDistances.get(listedFirst);
      if (distance === undefined) {
        distance = this.firstDistance(query.first, listedFirst);
        firstDistances.set(listedFirst, distance);
      }
      return distance;
    };
    // Same surname (or a shared piece of it): the first names may differ by two.
    for (const piece of lastKeys(query)) {
      for (const listedFirst of this.firstsByLast.get(piece) ?? []) if (firstDistance(listedFirst) <= 2) return true;
    }
    // Same or related first name: the surnames may differ by two.
    const relatedFirsts = new Set([query.first, ...this.nicknames.nicknamesOf(query.first), ...this.nicknames.formalsOf(query.first)]);
    for (const first of relatedFirsts) {
      for (const listedLast of this.lastsByFirst.get(first) ?? []) if (this.lastDistance(query, listedLast) <= 2) return true;
    }
    // One edit in each.
    const nearSurnames = new Set<string>();
    for (const deletion of deletionKeys(query.lastSquashed)) this.lastsByDeletion.get(deletion)?.forEach((last) => nearSurnames.add(last));
    for (const last of nearSurnames) {
      if (osaDistance(query.lastSquashed, last, 1) > 1) continue;
      for (const listedFirst of this.firstsByLast.get(last) ?? []) if (firstDistance(listedFirst) <= 1) return true;
    }
    // Order swap: the query's first name is a listed surname whose listed first is the query's surname.
    return this.firstsByLast.get(query.first)?.has(query.lastSquashed) ?? false;
  }
}

/** Abbreviations folded to one spelling, legal form and punctuation dropped. */
const CANONICAL_WORD: Readonly<Record<string, string>> = {
  ST: 'SAINT',
  MT: 'MOUNT',
  CTR: 'CENTER',
  HLTH: 'HEALTH',
  ASSOC: 'ASSOCIATES',
  '&': 'AND',
  MED: 'MEDICAL',
  SVCS: 'SERVICES',
  SVC: 'SERVICE',
  HOSP: 'HOSPITAL',
  REHAB: 'REHABILITATION',
  MGMT: 'MANAGEMENT',
  INTL: 'INTERNATIONAL',
};

export function organizationCore(name: string): string[] {
  const { core } = splitLegalForm(name.trim());
  return core
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .split(/\s+/)
    .map((token) => foldName(token).replace(/ /g, ''))
    .filter(Boolean)
    .map((token) => CANONICAL_WORD[token] ?? token);
}

/** Letter counts: an edit changes their L1 distance by at most 2, a cheap bound before the DP. */
function letterHistogram(text: string): Int16Array {
  const histogram = new Int16Array(37);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    histogram[code >= 65 && code <= 90 ? code - 65 : code >= 48 && code <= 57 ? code - 22 : 36]++;
  }
  return histogram;
}

function withinEditBound(a: Int16Array, b: Int16Array, edits: number): boolean {
  let difference = 0;
  for (let i = 0; i < a.length; i++) {
    difference += Math.abs(a[i] - b[i]);
    if (difference > 2 * edits) return false;
  }
  return true;
}

interface OrganizationCore {
  tokens: string[];
  joined: string;
  histogram: Int16Array;
}

export class OrganizationFlagCheck {
  private readonly cores: OrganizationCore[] = [];
  private readonly sortedKeys = new Set<string>();

  constructor(entries: readonly EvalListEntry[]) {
    for (const entry of entries) {
      if (entry.kind !== 'organization') continue;
      for (const name of [entry.name, ...entry.aliases]) {
        const tokens = organizationCore(name);
        const joined = tokens.join('');
        this.cores.push({ tokens, joined, histogram: letterHistogram(joined) });
        this.sortedKeys.add([...tokens].sort().join(' '));
      }
    }
  }

  /** Same words in any order, within two edits, or one name's 3+ words all inside the other's. */
  expectedFlagged(name: string): boolean {
    const tokens = organizationCore(name);
    if (this.sortedKeys.has([...tokens].sort().join(' '))) return true;
    const joined = tokens.join('');
    const histogram = letterHistogram(joined);
    for (const listed of this.cores) {
      if (
        Math.abs(listed.joined.length - joined.length) <= 2 &&
        withinEditBound(histogram, listed.histogram, 2) &&
        osaDistance(joined, listed.joined, 2) <= 2
      )
        return true;
      const [small, large] = tokens.length <= listed.tokens.length ? [tokens, listed.tokens] : [listed.tokens, tokens];
      if (small.length >= 3 && small.every((token) => large.includes(token))) return true;
    }
    return false;
  }
}
