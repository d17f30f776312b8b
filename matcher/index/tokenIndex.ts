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

  constructor(
    names: readonly NormalizedName[],
    readonly usesNicknames: boolean,
  ) {
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
    this.deletionTable = buildDeletionTable(this.words);
    this.features = this.words.map((w) => tokenFeatures(w, usesNicknames));
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
    const expansions = this.expandVocabulary();
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

  /** Every vocabulary token's expansions, in compressed rows: building them once keeps first lookups off the screening path. */
  private expandVocabulary(): { offsets: Int32Array; tokens: Int32Array; ranks: Uint8Array } {
    const v = this.words.length;
    const offsets = new Int32Array(v + 1);
    const tokens: number[] = [];
    const ranks: number[] = [];
    for (let id = 0; id < v; id++) {
      this.collectVariants(this.words[id], id);
      this.takeVariants(tokens, ranks);
      offsets[id + 1] = tokens.length;
    }
    return { offsets, tokens: Int32Array.from(tokens), ranks: Uint8Array.from(ranks) };
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
    const ids = this.variantIds;
    const vocabSize = this.words.length;
    const keys = new Float64Array(ids.length);
    for (let k = 0; k < ids.length; k++) keys[k] = this.variantRank[ids[k]] * vocabSize + ids[k];
    keys.sort();
    for (let k = 0; k < ids.length; k++) ids[k] = keys[k] % vocabSize;
  }
}
