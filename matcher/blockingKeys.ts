import { buildMatcherIndex, entryNames, screenEntity, subjectQueries } from './engine';
import { DEFAULT_CANDIDATE_LIMIT } from './index/candidates';
import { MAX_PHONETIC_FANOUT } from './index/tokenIndex';
import { deletions, fnv1a } from './index/deletions';
import { afterGluedParticle, splitCuts } from './index/splits';
import { nicknames } from './normalize/nicknames';
import { ocrKey } from './normalize/ocr';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from './normalize/phonetic';
import { npiDigits } from './score/evidence';
import { allowedEdits } from './strings/editDistance';
import type { Entity, KeyGroup, ListedParty } from './types';

/**
 * Blocking keys: every key through which candidate generation (index/tokenIndex.ts, index/candidates.ts,
 * the engine's NPI hits) could make a listed token answer a subject's token, hashed to 32 bits (a
 * collision only adds a subject to look at). A list change can alter the screening only of the
 * subjects an entry it touched can be a viable candidate for (`changeReach`): monitoring looks at
 * those. The kinds of key are listed in docs/matching.md "Blocking keys". A new kind of variant in
 * candidate generation must add its key here: the `changeReach` unit test and the monitoring
 * equality test (incremental re-screen = full re-screen) catch a missing one.
 */
/**
 * The version of the rules below. Raise it with every change to what keys a subject gets:
 * monitoring re-keys the records keyed under an older version before it applies a list change.
 * 1: token, typo, sound, OCR, nickname, split and merged keys. 2: Spanish and English short
 * forms among the nicknames, two-letter halves of person tokens, words after glued particles.
 * 3: merged words and split parts in families of their own; the one-usable-token marker.
 * 4: the same keys; the rule files they are fingerprinted with changed (one shared word is no
 * potential match), and the pre-check screens with those rules. 5: the same keys; the rule files
 * changed (two loose name dimensions at once need corroboration; candidates found faster, with the
 * same results). 6: the same keys; the rule files changed (a name misspelt twice, or in another
 * order and misspelt, needs corroboration). 7: the same keys; the rule files changed (a roster
 * word that is another known name a typo away from the listed one needs corroboration; an index
 * built over the one it replaces, a smaller similarity table and shared name strings, with the
 * same results).
 */
export const BLOCKING_KEYS_VERSION = 7;

const key = (text: string): number => fnv1a(text) | 0;

// Keys are of person names only (organizations: NPI; see subjectBlockingKeys).
const tokenKey = (token: string): number => key(`t|person|${token}`);
const mergedKey = (word: string): number => key(`m|person|${word}`);
/** A word a subject's long word may be read as (a split half, the word after glued particles). */
const partKey = (word: string): number => key(`h|person|${word}`);
/** Held by a person subject with a query name of at most one usable token. */
const SOLO_SUBJECT = key('solo|person');

/** The blocking key a subject holds for a key group. */
export const keyGroupKey = (g: KeyGroup): number =>
  g.type === 'word' ? partKey(g.key) : key(`${g.type === 'sound' ? 'p' : 'o'}|person|${g.key}`);

function addTokenKeys(token: string, keys: Set<number>): void {
  keys.add(tokenKey(token));
  if (token.length === 1) return;
  for (const group of nicknames().groupsOf(token) ?? []) keys.add(key(`n|${group}`));
  const edits = allowedEdits(token.length);
  if (edits > 0) for (const d of deletions(token, edits)) keys.add(key(`d|person|${d}`));
  keys.add(keyGroupKey({ kind: 'person', type: 'ocr', key: ocrKey(token) }));
  const sound = phoneticKey(token);
  if (sound.length >= MIN_PHONETIC_KEY_LENGTH) keys.add(keyGroupKey({ kind: 'person', type: 'sound', key: sound }));
}

/** A key group the changed entries touch, with what they changed of it. */
export interface ChangedKeyGroup {
  group: KeyGroup;
  /** A word: how many more names hold it after the change than before (new-form names minus old-form names; exact). */
  netNames: number;
  /** A sound or OCR key: the changed entries' spellings that have it (whether each is in the vocabulary before and after decides the size's move). */
  spellings: string[];
}

/**
 * The size past which a key group changes what it does: a sound or OCR key fetches variants only
 * while at most MAX_PHONETIC_FANOUT spellings of the whole list share it; a word is a half of a
 * subject's long word (KOWALSKI in ZEBKOWALSKI) only while some name holds it, and then makes
 * every listed name holding the other half (ZEB) a candidate.
 */
const GROUP_THRESHOLD: Record<KeyGroup['type'], number> = { sound: MAX_PHONETIC_FANOUT, ocr: MAX_PHONETIC_FANOUT, word: 0 };

/**
 * The key groups of changed person entries' tokens, as the index looks them up: sound and OCR
 * keys of tokens of three letters or more, and words (a split half is two letters or more). A
 * change can switch such a group on or off for every subject holding it, through entries it did
 * not touch. (Organizations are all looked at when an organization entry changes.) Every
 * spelling of a sound or OCR group is a word group too, so one question about sizes answers both.
 */
export function changedKeyGroups(change: { newParties: readonly ListedParty[]; oldParties: readonly ListedParty[] }): ChangedKeyGroup[] {
  const groups = new Map<string, { group: KeyGroup; spellings: Set<string>; names: number }>();
  const add = (group: KeyGroup): { spellings: Set<string>; names: number } => {
    const id = `${group.type}|${group.key}`;
    let entry = groups.get(id);
    if (!entry) groups.set(id, (entry = { group, spellings: new Set(), names: 0 }));
    return entry;
  };
  const collect = (parties: readonly ListedParty[], side: 1 | -1): void => {
    for (const party of parties) {
      if (party.kind !== 'person') continue;
      for (const name of entryNames(party)) {
        for (const word of new Set(name.tokens)) if (word.length >= 2) add({ kind: 'person', type: 'word', key: word }).names += side;
        for (const token of name.tokens) {
          if (token.length < 3) continue;
          add({ kind: 'person', type: 'ocr', key: ocrKey(token) }).spellings.add(token);
          const sound = phoneticKey(token);
          if (sound.length >= MIN_PHONETIC_KEY_LENGTH) add({ kind: 'person', type: 'sound', key: sound }).spellings.add(token);
        }
      }
    }
  };
  collect(change.newParties, 1);
  collect(change.oldParties, -1);
  return [...groups.values()].map((e) => ({
    group: e.group,
    netNames: e.group.type === 'word' ? e.names : 0,
    spellings: [...e.spellings].sort(),
  }));
}

/**
 * The groups a change carried across their threshold, given each group's size in the lists the
 * matcher holds. `exact`: the matcher holds the lists as they are just after this change (this
 * version, and every other source where the monitored records already are); the size before is
 * then worked out exactly: a word's by its net change in names, a sound or OCR group's by which
 * of its changed spellings the change brought into the vocabulary or took out of it (a
 * spelling's size is its word's). Otherwise (other versions moved the sizes too) every group the
 * change touches is taken.
 */
export function groupsThatCross(
  groups: readonly ChangedKeyGroup[],
  sizes: readonly number[],
  { exact }: { exact: boolean },
): ChangedKeyGroup[] {
  if (!exact) return groups.slice();
  const words = new Map<string, { after: number; net: number }>();
  groups.forEach((g, i) => {
    if (g.group.type === 'word') words.set(g.group.key, { after: sizes[i], net: g.netNames });
  });
  return groups.filter((g, i) => {
    const after = sizes[i];
    let before = after;
    if (g.group.type === 'word') before = after - g.netNames;
    else {
      for (const spelling of g.spellings) {
        // Every spelling (three letters or more) is a changed word too (two or more): `changedKeyGroups`.
        const word = words.get(spelling);
        if (!word) throw new Error(`key group ${g.group.type}:${g.group.key} has a spelling ${spelling} with no word group`);
        before -= Number(word.after > 0) - Number(word.after - word.net > 0);
      }
    }
    const threshold = GROUP_THRESHOLD[g.group.type];
    return before > threshold !== after > threshold;
  });
}

/** Whether a word is in the list's vocabulary before and after the change. */
export interface WordPresence {
  before: boolean;
  after: boolean;
}

/**
 * How a person subject's words may be read through a word of `crossed` (words the change brought
 * into the list's vocabulary or took out of it, which the subject holds as part keys), as the
 * index reads them (index/tokenIndex.ts `collectVariants`): as the word after glued particles,
 * which needs only that word (`alone`); or as a word cut in two, which needs both halves in the
 * vocabulary (`pairs`, the halves of each such cut).
 */
function readingsThrough(entity: Entity, crossed: ReadonlySet<string>): { alone: boolean; pairs: Array<[string, string]> } {
  const pairs: Array<[string, string]> = [];
  let alone = false;
  if (entity.type !== 'person') return { alone, pairs };
  for (const { name } of subjectQueries(entity)) {
    for (const token of name.tokens) {
      if (afterGluedParticle(token).some((rest) => crossed.has(rest))) alone = true;
      for (const cut of splitCuts(token, 'person')) {
        const head = token.slice(0, cut);
        const tail = token.slice(cut);
        if (crossed.has(head) || crossed.has(tail)) pairs.push([head, tail]);
      }
    }
  }
  return { alone, pairs };
}

/** The words whose presence decides whether a crossed word changes how the subject's words are read (`splitReadingChanged`). */
export function wordsSplitReadingNeeds(entity: Entity, crossed: ReadonlySet<string>): string[] {
  return [...new Set(readingsThrough(entity, crossed).pairs.flat())];
}

/**
 * Whether words the change brought into the vocabulary or took out of it (`crossed`) change how
 * the subject's words are read: a glued reading through one of them, or a word cut in two whose
 * halves were both in the vocabulary before and not after, or the other way round. A subject
 * holding a crossed word's part key for none of these reads the same, and screens the same.
 */
export function splitReadingChanged(entity: Entity, crossed: ReadonlySet<string>, presence: (word: string) => WordPresence): boolean {
  const { alone, pairs } = readingsThrough(entity, crossed);
  if (alone) return true;
  return pairs.some(([head, tail]) => {
    const a = presence(head);
    const b = presence(tail);
    return (a.before && b.before) !== (a.after && b.after);
  });
}

function addNpiKey(raw: string | null | undefined, keys: Set<number>): void {
  if (!raw) return;
  const npi = npiDigits(raw);
  if (npi.length === 10 && !/^0+$/.test(npi)) keys.add(key(`npi|${npi}`));
}

/**
 * Which subjects a list change can matter to, as conditions on their blocking keys (mirroring
 * index/candidates.ts: two listed tokens answering two subject tokens, or one-token names, merged
 * words, a shared NPI). A subject is reached by a key of each token of one of `pairs`, any key of
 * `anyOf`, or the one-usable-token marker with any key of `anyOfIfSolo`. Organizations are the
 * caller's. `reaches` is the rule; the monitoring store asks the same of its index.
 */
export interface ChangeReach {
  pairs: Array<[number[], number[]]>;
  anyOf: number[];
  anyOfIfSolo: number[];
  soloMarker: number;
}

export function changeReach(parties: readonly ListedParty[]): ChangeReach {
  const tokenKeys = new Map<string, number[]>();
  const keysOf = (token: string): number[] => {
    let keys = tokenKeys.get(token);
    if (!keys) {
      const set = new Set<number>();
      addTokenKeys(token, set);
      set.add(partKey(token));
      tokenKeys.set(token, (keys = [...set].sort((a, b) => a - b)));
    }
    return keys;
  };
  const pairs = new Map<string, [number[], number[]]>();
  const anyOf = new Set<number>();
  const anyOfIfSolo = new Set<number>();
  for (const party of parties) {
    for (const npi of party.npis) addNpiKey(npi, anyOf);
    if (party.kind !== 'person') continue;
    for (const name of entryNames(party)) {
      for (const token of name.tokens) for (const k of keysOf(token)) anyOfIfSolo.add(k);
      const words = [...new Set(name.tokens.filter((t) => t.length > 1))].sort();
      for (const word of words) anyOf.add(mergedKey(word));
      if (words.length <= 1) {
        for (const token of name.tokens) for (const k of keysOf(token)) anyOf.add(k);
        continue;
      }
      for (let i = 0; i < words.length; i++) {
        for (let j = i + 1; j < words.length; j++) pairs.set(`${words[i]} ${words[j]}`, [keysOf(words[i]), keysOf(words[j])]);
      }
    }
  }
  const sorted = (set: Set<number>): number[] => [...set].sort((a, b) => a - b);
  return { pairs: [...pairs.values()], anyOf: sorted(anyOf), anyOfIfSolo: sorted(anyOfIfSolo), soloMarker: SOLO_SUBJECT };
}

/** Whether a subject holding `subjectKeys` is reached by the change `reach` describes. */
export function reaches(reach: ChangeReach, subjectKeys: readonly number[]): boolean {
  const held = new Set(subjectKeys);
  const holdsAny = (keys: readonly number[]): boolean => keys.some((k) => held.has(k));
  return (
    reach.pairs.some(([a, b]) => holdsAny(a) && holdsAny(b)) ||
    holdsAny(reach.anyOf) ||
    (held.has(reach.soloMarker) && holdsAny(reach.anyOfIfSolo))
  );
}

/** Distinct tokens of more than one letter: what a person query name needs answered (index/candidates.ts). */
function usableTokens(tokens: readonly string[]): number {
  return new Set(tokens.filter((t) => t.length > 1)).size;
}

/** A person subject with a name of at most one usable token: a single hit makes a listed name viable for it. */
export function isSoloSubject(entity: Entity): boolean {
  return entity.type === 'person' && subjectQueries(entity).some(({ name }) => usableTokens(name.tokens) <= 1);
}

/**
 * A subject's keys. A person's: every query name it is searched under (aliases, name orders),
 * each token with its variants, split and merged forms, and the marker; its NPI. An
 * organization's: its NPI only, since every monitored organization is looked at whenever a
 * change holds an organization entry or a registry version is published (`changeReach`), and
 * person entries are never its candidates but through an NPI.
 */
export function subjectBlockingKeys(entity: Entity): number[] {
  const keys = new Set<number>();
  if (entity.type === 'person') {
    for (const { name } of subjectQueries(entity)) {
      const tokens = name.tokens;
      tokens.forEach((token, i) => {
        addTokenKeys(token, keys);
        for (const cut of splitCuts(token, 'person')) {
          keys.add(partKey(token.slice(0, cut)));
          keys.add(partKey(token.slice(cut)));
        }
        for (const rest of afterGluedParticle(token)) keys.add(partKey(rest));
        if (i + 1 < tokens.length) keys.add(mergedKey(`${token}${tokens[i + 1]}`));
      });
      if (usableTokens(tokens) <= 1) keys.add(SOLO_SUBJECT);
    }
  }
  addNpiKey(entity.npi, keys);
  return [...keys].sort((a, b) => a - b);
}

const CHANGE_SOURCE = { sourceKey: 'change', sourceName: 'change', listVersionId: 'change', retrievedAt: '1970-01-01T00:00:00.000Z' };

/** A person subject screened against only some listed parties (a list change's new or old forms). */
export interface ScreenedAgainstParties {
  /** One of the parties is a match. */
  matches: boolean;
  /**
   * The most of the parties' names that are viable candidates for one of the subject's query
   * names: at most what they add to that query name's viable candidates in the full index
   * (viability depends only on the two names, and the throwaway index's small sound groups
   * fetch at least the variants the full index does), so what the candidate limit must make
   * room for.
   */
  viable: number;
}

/**
 * Of the subjects a list change reaches, those it can matter to: a person with names of two usable
 * tokens or more is re-screened only if a changed party (new or old form) scores as its match, or
 * they outnumber its last screening's candidate room. A throwaway index of those parties decides
 * in microseconds: person scores and candidates ignore the rest of the list, so no match here
 * means none in the full index. Organizations and one-token subjects are always re-screened.
 */
export function screenAgainstParties(parties: readonly ListedParty[]): (entity: Entity) => ScreenedAgainstParties {
  if (parties.length === 0) return () => ({ matches: false, viable: 0 });
  const index = buildMatcherIndex(
    parties.map((p) => ({ ...p, ...CHANGE_SOURCE })),
    { candidateLimit: Math.max(DEFAULT_CANDIDATE_LIMIT, parties.length) },
  );
  const words = new Set<string>();
  for (const party of parties) for (const name of entryNames(party)) for (const token of name.tokens) words.add(token);
  return (entity) => {
    const r = screenEntity(index, entity.type === 'person' ? withSplitForms(entity, words) : entity);
    return { matches: r.matches.length > 0, viable: r.maxViableCandidates };
  };
}

/**
 * The full index reads a long token as two words when both halves are words it holds
 * (KATHERINENGUYEN → KATHERINE NGUYEN): a listed name holding either half then answers that
 * token. A half may come from any entry of the list, which a throwaway index of the change does
 * not hold: so the subject is also tried with the token written as two words, at every cut where
 * a half is a word of the changed parties (no other cut can make one of them answer it). The
 * extra word would raise a one-token name to two, which needs two hits instead of one: such
 * subjects are not checked here.
 */
function withSplitForms(entity: Extract<Entity, { type: 'person' }>, words: ReadonlySet<string>): Entity {
  const forms: string[] = [];
  for (const { name } of subjectQueries(entity)) {
    name.tokens.forEach((token, i) => {
      for (const cut of splitCuts(token, 'person')) {
        if (!words.has(token.slice(0, cut)) && !words.has(token.slice(cut))) continue;
        forms.push([...name.tokens.slice(0, i), token.slice(0, cut), token.slice(cut), ...name.tokens.slice(i + 1)].join(' '));
      }
    });
  }
  return forms.length === 0 ? entity : { ...entity, aliases: [...(entity.aliases ?? []), ...forms] };
}
