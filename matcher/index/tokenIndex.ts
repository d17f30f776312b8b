import { StringKeyedCache } from '../boundedCache';
import { nicknames } from '../normalize/nicknames';
import { ocrKey } from '../normalize/ocr';
import type { NormalizedName } from '../normalize/name';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from '../normalize/phonetic';
import { allowedEdits, boundedEditDistance, fewestEdits, letterSet } from '../strings/editDistance';
import { tokenFeatures, type TokenFeatures } from '../score/tokenSimilarity';
import { buildDeletionTable, lookupDeletions, type DeletionTable } from './deletions';
import { afterGluedParticle, splitCuts } from './splits';

/**
 * Inverted index over the tokens of one kind of name (persons or organizations): vocabulary,
 * postings (token -> name ids, compressed rows), IDF weights, typo neighbourhoods, phonetic
 * keys. `expand` turns one query token into the vocabulary tokens worth looking up, each with
 * a factor saying how much a hit through it counts.
 */
interface Expansions {
  readonly tokens: Int32Array;
  /** Each token's factor, as its index in FACTOR_RANKS. */
  readonly ranks: Uint8Array;
}

export const FACTOR = { exact: 1, merged: 1, ocr: 0.9, nickname: 0.9, split: 0.9, typo: 0.85, typo2: 0.8, phonetic: 0.7 } as const;
/** The distinct factors, greatest first. */
export const FACTOR_RANKS: readonly number[] = [...new Set<number>(Object.values(FACTOR))].sort((a, b) => b - a);
/** Each kind of variant's factor as its rank in FACTOR_RANKS: how expansions hold closeness. */
const RANK = Object.fromEntries(Object.entries(FACTOR).map(([kind, factor]) => [kind, FACTOR_RANKS.indexOf(factor)])) as Record<
  keyof typeof FACTOR,
  number
>;
/** The rank of a token that is no variant (below every real rank's closeness). */
export const NO_RANK = 255;
/** Phonetic and OCR keys shared by more tokens than this are too vague to fetch candidates. */
export const MAX_PHONETIC_FANOUT = 40;
const EXPAND_CACHE_SIZE = 50_000;

export class TokenIndex {
  readonly vocab = new Map<string, number>();
  readonly words: string[] = [];
  readonly idf: Float32Array;
  readonly maxIdf: number;
  readonly offsets: Int32Array;
  readonly postings: Int32Array;
  /** Each name's tokens as vocabulary ids, in written order (compressed rows: name i is [nameTokenOffsets[i], nameTokenOffsets[i+1])). */
  readonly nameTokenOffsets: Int32Array;
  readonly nameTokenIds: Int32Array;
  private readonly deletionTable: DeletionTable;
  /**
   * Each vocabulary token's keys (OCR, phonetic, nickname families for persons, character set),
   * worked out once: the index's OCR and phonetic lookups and the scorer's similarity table read them.
   */
  readonly features: TokenFeatures[];
  private readonly phonetic = new Map<string, number[]>();
  /** OCR key -> tokens: an OCR misread (RN for M, 1 for L) can be more edits away than a typo. */
  private readonly ocr = new Map<string, number[]>();
  /** Each vocabulary token's expansions (compressed rows, as `expand` returns them). */
  private readonly expansionOffsets: Int32Array;
  private readonly expansionTokens: Int32Array;
  private readonly expansionRanks: Uint8Array;
  /** Expansions of tokens outside the vocabulary (typos): names repeat. */
  private readonly expandCache = new StringKeyedCache<Expansions>(EXPAND_CACHE_SIZE);
  /** Scratch of `collectVariants`, by vocabulary id: a variant's rank (NO_RANK = not one), and tokens met by deletions (stamped). */
  private readonly variantRank: Uint8Array;
  private readonly variantIds: number[] = [];
  private readonly nearSeen: Uint32Array;
  private nearStamp = 0;
  private readonly nearIds: number[] = [];

  /**
   * `previous`: an index of the same kind over an earlier version of the lists. What depends on a
   * word alone (its features) or on the words near it (its expansions) is taken from it for every
   * word the vocabulary change does not touch (see `reusedExpansions`): the index is the one a
   * build from nothing gives, built in a fraction of the time when one list of many changed.
   */
  constructor(
    names: readonly NormalizedName[],
    readonly usesNicknames: boolean,
    previous?: TokenIndex,
  ) {
    const reusable = previous?.usesNicknames === usesNicknames ? previous : undefined;
    const counts: number[] = [];
    const seen = new Set<number>();
    for (const n of names) {
      seen.clear();
      for (const t of n.tokens) {
        let id = this.vocab.get(t);
        if (id === undefined) {
          id = this.words.length;
          this.vocab.set(t, id);
          this.words.push(t);
          counts.push(0);
        }
        if (!seen.has(id)) {
          seen.add(id);
          counts[id]++;
        }
      }
    }
    const v = this.words.length;
    this.offsets = new Int32Array(v + 1);
    for (let i = 0; i < v; i++) this.offsets[i + 1] = this.offsets[i] + counts[i];
    this.postings = new Int32Array(this.offsets[v]);
    const fill = this.offsets.slice(0, v);
    this.nameTokenOffsets = new Int32Array(names.length + 1);
    for (let i = 0; i < names.length; i++) this.nameTokenOffsets[i + 1] = this.nameTokenOffsets[i] + names[i].tokens.length;
    this.nameTokenIds = new Int32Array(this.nameTokenOffsets[names.length]);
    for (let nameId = 0, k = 0; nameId < names.length; nameId++) {
      seen.clear();
      for (const t of names[nameId].tokens) {
        const id = this.vocab.get(t) as number;
        this.nameTokenIds[k++] = id;
        if (seen.has(id)) continue;
        seen.add(id);
        this.postings[fill[id]++] = nameId;
      }
    }
    const total = Math.max(1, names.length);
    this.idf = new Float32Array(v);
    let maxIdf = Math.log(1 + total);
    for (let i = 0; i < v; i++) {
      this.idf[i] = Math.log(1 + total / counts[i]);
      if (this.idf[i] > maxIdf) maxIdf = this.idf[i];
    }
    this.maxIdf = maxIdf;
    this.deletionTable = buildDeletionTable(
      this.words,
      reusable ? { table: reusable.deletionTable, words: reusable.words, ids: reusable.vocab } : undefined,
    );
    this.features = this.words.map((w) => {
      const held = reusable?.vocab.get(w);
      return held === undefined ? tokenFeatures(w, usesNicknames) : reusable!.features[held];
    });
    for (let i = 0; i < v; i++) {
      const { text, ocr, sound } = this.features[i];
      if (text.length < 3) continue;
      const olist = this.ocr.get(ocr);
      if (olist) olist.push(i);
      else this.ocr.set(ocr, [i]);
      if (sound === '') continue;
      const list = this.phonetic.get(sound);
      if (list) list.push(i);
      else this.phonetic.set(sound, [i]);
    }
    this.variantRank = new Uint8Array(v).fill(NO_RANK);
    this.nearSeen = new Uint32Array(v);
    const expansions = this.expandVocabulary(reusable);
    this.expansionOffsets = expansions.offsets;
    this.expansionTokens = expansions.tokens;
    this.expansionRanks = expansions.ranks;
  }

  /**
   * How many vocabulary tokens share a sound or OCR key (past MAX_PHONETIC_FANOUT the key fetches
   * no variants), or how many names hold a word (none: it is no split half).
   */
  keyGroupSize(type: 'sound' | 'ocr' | 'word', key: string): number {
    if (type === 'word') {
      const id = this.vocab.get(key);
      return id === undefined ? 0 : this.offsets[id + 1] - this.offsets[id];
    }
    return (type === 'sound' ? this.phonetic : this.ocr).get(key)?.length ?? 0;
  }

  /**
   * Reads the token offsets and first token id of names ids[from, to), none waiting on another,
   * and returns a sum of what it read (for the caller to keep, so that the reads are not left
   * out): the processor fetches their cache lines at once, where going through the names one by
   * one waited for each name's offsets, then for its tokens (the names of a common word are
   * thousands, spread over megabytes of arrays).
   */
  touchNames(ids: ArrayLike<number>, from: number, to: number): number {
    const { nameTokenOffsets, nameTokenIds } = this;
    let sum = 0;
    for (let i = from; i < to; i++) sum = (sum + nameTokenOffsets[ids[i]]) | 0;
    for (let i = from; i < to; i++) {
      const at = nameTokenOffsets[ids[i]];
      if (at < nameTokenIds.length) sum = (sum + nameTokenIds[at]) | 0;
    }
    return sum;
  }

  weightOf(token: string): number {
    const id = this.vocab.get(token);
    return id === undefined ? this.maxIdf : this.idf[id];
  }

  /**
   * How much a query token weighs in candidate generation. A token not in the vocabulary but near
   * some (a typo, an OCR misread) weighs what the most common of them weighs: a misspelt common
   * word must not outweigh the rest of the name. A token near nothing weighs the maximum.
   */
  queryWeightOf(token: string): number {
    const id = this.vocab.get(token);
    if (id !== undefined) return this.idf[id];
    const { tokens } = this.expand(token);
    let lowest = Infinity;
    for (let k = 0; k < tokens.length; k++) lowest = Math.min(lowest, this.idf[tokens[k]]);
    return Number.isFinite(lowest) ? lowest : this.maxIdf;
  }

  /**
   * Vocabulary tokens a query token may stand for, best first, each token once. A vocabulary
   * token's were worked out with the index; another token's (a typo) are computed and memoized.
   */
  expand(token: string): Expansions {
    const id = this.vocab.get(token);
    if (id !== undefined) {
      const from = this.expansionOffsets[id];
      const to = this.expansionOffsets[id + 1];
      return { tokens: this.expansionTokens.subarray(from, to), ranks: this.expansionRanks.subarray(from, to) };
    }
    const hit = this.expandCache.get(token);
    if (hit) return hit;
    this.collectVariants(token, undefined);
    const tokens: number[] = [];
    const ranks: number[] = [];
    this.takeVariants(tokens, ranks);
    const computed: Expansions = { tokens: Int32Array.from(tokens), ranks: Uint8Array.from(ranks) };
    this.expandCache.set(token, computed);
    return computed;
  }

  /**
   * Every vocabulary token's expansions, in compressed rows: building them once keeps first lookups
   * off the screening path. A token `previous` holds that no added or removed word is near (by any
   * of the relations `collectVariants` follows) has the same variants there: they are carried over,
   * put in this vocabulary's order.
   */
  private expandVocabulary(previous: TokenIndex | undefined): { offsets: Int32Array; tokens: Int32Array; ranks: Uint8Array } {
    const v = this.words.length;
    const offsets = new Int32Array(v + 1);
    const tokens: number[] = [];
    const ranks: number[] = [];
    const touched = previous ? this.touchedBy(previous) : null;
    // Each of `previous`'s words by its id here (-1: no longer a word).
    const idHere = previous ? Int32Array.from(previous.words, (w) => this.vocab.get(w) ?? -1) : null;
    for (let id = 0; id < v; id++) {
      const held = touched && !touched[id] ? previous!.vocab.get(this.words[id]) : undefined;
      if (held === undefined || !this.carryVariants(previous!, held, idHere!)) this.collectVariants(this.words[id], id);
      this.takeVariants(tokens, ranks);
      offsets[id + 1] = tokens.length;
    }
    return { offsets, tokens: Int32Array.from(tokens), ranks: Uint8Array.from(ranks) };
  }

  /**
   * Puts `previous`'s variants of its token `held` in `variantIds` and `variantRank`, by this
   * vocabulary's ids (`idHere`) and sorted as `collectVariants` sorts them; false (nothing put)
   * when one of them is no longer a word here.
   */
  private carryVariants(previous: TokenIndex, held: number, idHere: Int32Array): boolean {
    const from = previous.expansionOffsets[held];
    const to = previous.expansionOffsets[held + 1];
    const ids = this.variantIds;
    let ordered = true;
    for (let k = from; k < to; k++) {
      const id = idHere[previous.expansionTokens[k]];
      if (id < 0) {
        for (const taken of ids) this.variantRank[taken] = NO_RANK;
        ids.length = 0;
        return false;
      }
      const rank = previous.expansionRanks[k];
      if (ids.length > 0 && ordered) {
        const last = ids[ids.length - 1];
        const lastRank = this.variantRank[last];
        ordered = lastRank < rank || (lastRank === rank && last < id);
      }
      ids.push(id);
      this.variantRank[id] = rank;
    }
    if (!ordered) this.sortVariants();
    return true;
  }

  /**
   * The words of this vocabulary whose variants may differ from `previous`'s: the added words, and
   * every word an added or removed word is related to as `collectVariants` relates them, each
   * relation followed from the changed word's side (all of them are symmetric): a nickname family
   * in common, a deletion neighbourhood met (unverified: a superset of the typos), the same OCR or
   * sound key (whatever the group's size, as the size decides whether the key fetches), or a word
   * that is the changed word with a particle glued on or cut into two words with it as one half.
   */
  private touchedBy(previous: TokenIndex): Uint8Array {
    const touched = new Uint8Array(this.words.length);
    const changed = new Set<string>();
    for (const w of this.words) if (!previous.vocab.has(w)) changed.add(w);
    for (const w of previous.words) if (!this.vocab.has(w)) changed.add(w);
    if (changed.size === 0) return touched;
    const touch = (id: number | undefined) => {
      if (id !== undefined) touched[id] = 1;
    };
    const nick = this.usesNicknames ? nicknames() : null;
    const near: number[] = [];
    for (const word of changed) {
      touch(this.vocab.get(word));
      if (nick) for (const g of nick.groupsOf(word) ?? []) for (const m of nick.members(g)) touch(this.vocab.get(m));
      const maxEdits = allowedEdits(word.length);
      if (maxEdits > 0) {
        near.length = 0;
        if (this.nearStamp === 0xffffffff) {
          this.nearSeen.fill(0);
          this.nearStamp = 0;
        }
        lookupDeletions(this.deletionTable, word, maxEdits, this.nearSeen, ++this.nearStamp, near);
        for (const id of near) touched[id] = 1;
      }
      if (word.length >= 3) {
        for (const id of this.ocr.get(ocrKey(word)) ?? []) touched[id] = 1;
        const sound = phoneticKey(word);
        if (sound.length >= MIN_PHONETIC_KEY_LENGTH) for (const id of this.phonetic.get(sound) ?? []) touched[id] = 1;
      }
    }
    const kind = this.usesNicknames ? 'person' : 'organization';
    for (let id = 0; id < this.words.length; id++) {
      if (touched[id]) continue;
      const w = this.words[id];
      if (this.usesNicknames && afterGluedParticle(w).some((rest) => changed.has(rest))) touched[id] = 1;
      else if (splitCuts(w, kind).some((cut) => changed.has(w.slice(0, cut)) || changed.has(w.slice(cut)))) touched[id] = 1;
    }
    return touched;
  }

  /** Appends the variants `collectVariants` found, with their ranks, and forgets them. */
  private takeVariants(tokens: number[], ranks: number[]): void {
    for (const id of this.variantIds) {
      tokens.push(id);
      ranks.push(this.variantRank[id]);
      this.variantRank[id] = NO_RANK;
    }
    this.variantIds.length = 0;
  }

  /** Records a variant at `rank` unless it is already one at least as close. */
  private addVariant(id: number | undefined, rank: number): void {
    if (id === undefined) return;
    const prior = this.variantRank[id];
    if (prior === NO_RANK) this.variantIds.push(id);
    if (rank < prior) this.variantRank[id] = rank;
  }

  /**
   * Puts in `variantIds` the vocabulary tokens `token` (vocabulary id `vocabId`, if it has one)
   * may stand for, best first (by factor, then id), with their ranks in `variantRank`.
   */
  private collectVariants(token: string, vocabId: number | undefined): void {
    this.addVariant(vocabId, RANK.exact);
    if (token.length === 1) return;
    if (this.usesNicknames) {
      const nick = nicknames();
      for (const g of nick.groupsOf(token) ?? [])
        for (const m of nick.members(g)) if (m !== token) this.addVariant(this.vocab.get(m), RANK.nickname);
    }
    const maxEdits = allowedEdits(token.length);
    if (maxEdits > 0) {
      const near = this.nearIds;
      near.length = 0;
      if (this.nearStamp === 0xffffffff) {
        this.nearSeen.fill(0);
        this.nearStamp = 0;
      }
      lookupDeletions(this.deletionTable, token, maxEdits, this.nearSeen, ++this.nearStamp, near);
      const letters = vocabId === undefined ? letterSet(token) : this.features[vocabId].letters;
      for (const id of near) {
        const w = this.words[id];
        const allowed = allowedEdits(Math.min(w.length, token.length));
        if (
          id === vocabId ||
          allowed === 0 ||
          Math.abs(w.length - token.length) > allowed ||
          fewestEdits(letters, this.features[id].letters) > allowed
        )
          continue;
        const distance = boundedEditDistance(token, w, allowed);
        if (distance <= allowed) this.addVariant(id, distance === 1 ? RANK.typo : RANK.typo2);
      }
    }
    if (token.length >= 3) {
      const olist = this.ocr.get(vocabId === undefined ? ocrKey(token) : this.features[vocabId].ocr);
      if (olist && olist.length <= MAX_PHONETIC_FANOUT) for (const id of olist) this.addVariant(id, RANK.ocr);
      const key = vocabId === undefined ? phoneticKey(token) : this.features[vocabId].sound;
      const list = key.length >= MIN_PHONETIC_KEY_LENGTH ? this.phonetic.get(key) : undefined;
      if (list && list.length <= MAX_PHONETIC_FANOUT) for (const id of list) this.addVariant(id, RANK.phonetic);
    }
    if (this.usesNicknames) for (const rest of afterGluedParticle(token)) this.addVariant(this.vocab.get(rest), RANK.split);
    for (const cut of splitCuts(token, this.usesNicknames ? 'person' : 'organization')) {
      const a = this.vocab.get(token.slice(0, cut));
      const b = this.vocab.get(token.slice(cut));
      if (a !== undefined && b !== undefined) {
        this.addVariant(a, RANK.split);
        this.addVariant(b, RANK.split);
      }
    }
    this.sortVariants();
  }

  /** Puts `variantIds` best first: by factor, then id. */
  private sortVariants(): void {
    const ids = this.variantIds;
    const vocabSize = this.words.length;
    const keys = new Float64Array(ids.length);
    for (let k = 0; k < ids.length; k++) keys[k] = this.variantRank[ids[k]] * vocabSize + ids[k];
    keys.sort();
    for (let k = 0; k < ids.length; k++) ids[k] = keys[k] % vocabSize;
  }
}
