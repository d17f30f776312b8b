import type { IndexedEntry } from '../../../../matcher/engine';
import type { NicknameTable } from '../nicknames';
import { foldName, osaDistance } from '../text';

/**
 * Which name words a roster name shares with a listed party: the harness's own reading, never
 * the matcher's. A word is shared when the party writes it the same way once folded, within a
 * typo (one edit from four letters, two from seven), or as a nickname of it. Initials, particles,
 * suffixes, credentials and legal forms are no name words.
 */
const NOT_NAME_WORDS = new Set([
  'DE',
  'DEL',
  'LA',
  'LAS',
  'LOS',
  'DA',
  'DAS',
  'DO',
  'DOS',
  'Y',
  'E',
  'VAN',
  'VON',
  'DER',
  'DEN',
  'DI',
  'DU',
  'LE',
  'ST',
  'JR',
  'SR',
  'II',
  'III',
  'IV',
  'MD',
  'DO',
  'RN',
  'LPN',
  'NP',
  'PA',
  'DDS',
  'DMD',
  'PHD',
  'DC',
  'OD',
  'PHARMD',
  'CNA',
  'LCSW',
  'DPM',
  'INC',
  'LLC',
  'LLP',
  'LP',
  'LTD',
  'CORP',
  'CO',
  'PC',
  'PLLC',
  'THE',
  'OF',
  'AND',
  'AKA',
  'DBA',
  'FKA',
  'ALSO',
]);

export function nameWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return foldName(text)
    .split(' ')
    .filter((word) => word.length > 1 && !NOT_NAME_WORDS.has(word));
}

/**
 * A name as written once folded, legal forms and the like left out but short words kept: `A-1
 * AMBULANCE, INC` and `A-1 AMBULANCE INC` are written alike though they share one name word.
 */
export function writtenAs(text: string | null | undefined): string {
  if (!text) return '';
  return foldName(text)
    .split(' ')
    .filter((word) => word && !NOT_NAME_WORDS.has(word))
    .join(' ');
}

/** Every word of every name the party is listed under. */
export function partyWords(entry: IndexedEntry): Set<string> {
  const words = new Set<string>();
  for (const text of [entry.name, entry.firstName, entry.middleName, entry.lastName, ...entry.aliases]) {
    for (const word of nameWords(text)) words.add(word);
  }
  return words;
}

export class SharedWords {
  private readonly similarCache = new Map<string, string[]>();

  constructor(
    private readonly vocabulary: readonly string[],
    private readonly nicknames: NicknameTable,
  ) {}

  similar(a: string, b: string): boolean {
    if (a === b) return true;
    const shorter = Math.min(a.length, b.length);
    if (shorter >= 4) {
      const allowed = shorter >= 7 ? 2 : 1;
      if (osaDistance(a, b, allowed) <= allowed) return true;
    }
    return this.nicknames.related(a, b);
  }

  /** The vocabulary words that count as the same name word as `word`. */
  similarInVocabulary(word: string): string[] {
    let found = this.similarCache.get(word);
    if (!found) {
      found = this.vocabulary.filter((candidate) => this.similar(word, candidate));
      this.similarCache.set(word, found);
    }
    return found;
  }

  /** How many of the roster words the party's words share. */
  count(rosterWords: readonly string[], party: ReadonlySet<string>): number {
    let shared = 0;
    for (const word of new Set(rosterWords)) {
      if (party.has(word)) shared++;
      else
        for (const candidate of party)
          if (this.similar(word, candidate)) {
            shared++;
            break;
          }
    }
    return shared;
  }
}

/** Word → the parties (entry positions) whose names hold it, for the roster's not-on-the-lists check. */
export class PartyWordIndex {
  readonly words: string[];
  private readonly byWord = new Map<string, number[]>();
  /** Every name of the parties, as written (writtenAs). */
  private readonly names = new Set<string>();

  constructor(entries: readonly IndexedEntry[], kind: 'person' | 'organization') {
    entries.forEach((entry, position) => {
      if (entry.kind !== kind) return;
      for (const text of [entry.name, ...entry.aliases]) if (writtenAs(text)) this.names.add(writtenAs(text));
      for (const word of partyWords(entry)) {
        const holders = this.byWord.get(word);
        if (holders) holders.push(position);
        else this.byWord.set(word, [position]);
      }
    });
    this.words = [...this.byWord.keys()].sort();
  }

  /** A party is listed under this very name (it may share fewer than two name words: `A-1 AMBULANCE`). */
  listsName(text: string): boolean {
    return this.names.has(writtenAs(text));
  }

  holders(word: string): readonly number[] {
    return this.byWord.get(word) ?? [];
  }

  /** The most words of `rosterWords` any one listed party shares (each roster word counted once). */
  mostShared(rosterWords: readonly string[], shared: SharedWords): number {
    const counts = new Map<number, number>();
    let most = 0;
    for (const word of new Set(rosterWords)) {
      const parties = new Set<number>();
      for (const similar of shared.similarInVocabulary(word)) for (const position of this.holders(similar)) parties.add(position);
      for (const position of parties) {
        const count = (counts.get(position) ?? 0) + 1;
        counts.set(position, count);
        if (count > most) most = count;
      }
    }
    return most;
  }
}
