import { nicknames } from '../normalize/nicknames';
import { ocrKey } from '../normalize/ocr';
import type { NormalizedName } from '../normalize/name';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from '../normalize/phonetic';
import { allowedEdits, boundedEditDistance, fewestEdits, letterSet } from '../score/editDistance';
import { tokenFeatures, type TokenFeatures } from '../score/tokenSimilarity';
import { buildDeletionTable, lookupDeletions, type DeletionTable } from './deletions';

/**
 * Inverted index over the tokens of one kind of name (persons or organizations): vocabulary,
 * postings (token -> name ids, compressed rows), IDF weights, typo neighbourhoods, phonetic
 * keys. `expand` turns one query token into the vocabulary tokens worth looking up, each with
 * a factor saying how much a hit through it counts.
 */
export interface Expansion { token: number; factor: number }

export const FACTOR = { exact: 1, merged: 1, ocr: 0.9, nickname: 0.9, split: 0.9, typo: 0.85, typo2: 0.8, phonetic: 0.7 } as const;
/** The distinct factors, greatest first. */
export const FACTOR_RANKS: readonly number[] = [...new Set<number>(Object.values(FACTOR))].sort((a, b) => b - a);
/** Phonetic and OCR keys shared by more tokens than this are too vague to fetch candidates. */
const MAX_PHONETIC_FANOUT = 40;
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

  constructor(names: readonly NormalizedName[], readonly usesNicknames: boolean) {
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
    let lowest = Infinity;
    for (const e of this.expand(token)) lowest = Math.min(lowest, this.idf[e.token]);
    return Number.isFinite(lowest) ? lowest : this.maxIdf;
  }

  private readonly expandCache = new Map<string, Expansion[]>();

  /** Vocabulary tokens a query token may stand for, best first, each token once (memoized: names repeat). */
  expand(token: string): Expansion[] {
    const hit = this.expandCache.get(token);
    if (hit) return hit;
    const computed = this.computeExpansions(token);
    if (this.expandCache.size >= EXPAND_CACHE_SIZE) this.expandCache.clear();
    this.expandCache.set(token, computed);
    return computed;
  }

  private computeExpansions(token: string): Expansion[] {
    const out = new Map<number, number>();
    const put = (id: number | undefined, factor: number): void => {
      if (id === undefined) return;
      const prev = out.get(id);
      if (prev === undefined || prev < factor) out.set(id, factor);
    };
    put(this.vocab.get(token), FACTOR.exact);
    if (token.length === 1) return [...out].map(([t, factor]) => ({ token: t, factor }));
    if (this.usesNicknames) {
      const nick = nicknames();
      for (const g of nick.groupsOf(token) ?? []) for (const m of nick.members(g)) if (m !== token) put(this.vocab.get(m), FACTOR.nickname);
    }
    const maxEdits = allowedEdits(token.length);
    if (maxEdits > 0) {
      const near = new Set<number>();
      lookupDeletions(this.deletionTable, token, maxEdits, near);
      const letters = letterSet(token);
      for (const id of near) {
        const w = this.words[id];
        const allowed = allowedEdits(Math.min(w.length, token.length));
        if (w === token || allowed === 0 || fewestEdits(letters, this.features[id].letters) > allowed) continue;
        const distance = boundedEditDistance(token, w, allowed);
        if (distance <= allowed) put(id, distance === 1 ? FACTOR.typo : FACTOR.typo2);
      }
    }
    if (token.length >= 3) {
      const olist = this.ocr.get(ocrKey(token));
      if (olist && olist.length <= MAX_PHONETIC_FANOUT) for (const id of olist) put(id, FACTOR.ocr);
      const key = phoneticKey(token);
      const list = key.length >= MIN_PHONETIC_KEY_LENGTH ? this.phonetic.get(key) : undefined;
      if (list && list.length <= MAX_PHONETIC_FANOUT) for (const id of list) put(id, FACTOR.phonetic);
    }
    if (token.length >= 6) {
      for (let cut = 3; cut <= token.length - 3; cut++) {
        const a = this.vocab.get(token.slice(0, cut));
        const b = this.vocab.get(token.slice(cut));
        if (a !== undefined && b !== undefined) {
          put(a, FACTOR.split);
          put(b, FACTOR.split);
        }
      }
    }
    return [...out].map(([t, factor]) => ({ token: t, factor })).sort((x, y) => y.factor - x.factor || x.token - y.token);
  }
}
