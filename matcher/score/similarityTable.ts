import { PairKeyedCache } from '../boundedCache';
import type { TokenPairs } from './alignment';
import type { TokenComparison, TokenFeatures } from './tokenSimilarity';

/** Query words one screening can hold in the table; a screening with more computes the rest uncached. */
const MAX_SLOTS = 32;
/** Slots for listed word pairs' merged features (a bounded cache: see boundedCache.ts). */
const MERGED_FEATURES_KEPT = 200_000;

/** Distinct similarity values a table can hold as codes; code 0 is "not computed in this screening". */
const MAX_CODES = 255;

/**
 * Token similarities of one screening by (query word, vocabulary id), each computed once and read
 * from a flat array; screenings run one at a time, so one table per index serves them all. A cell
 * is one byte, the code of its value among the few similarities take (0: not computed yet), so a
 * screening's random reads stay in the core's caches (16-byte cells would spread over 25 MB). A
 * screening forgets its cells by zeroing the few thousand it wrote (`written`).
 */
export class TokenSimilarityTable {
  private readonly codes: Uint8Array;
  /** The value of each code; code 0 is unused (not computed). */
  private readonly codeValues = new Float64Array(MAX_CODES + 1);
  private readonly codeOf = new Map<number, number>();
  /** Cells written in this screening, zeroed by the next `begin`. */
  private written = new Int32Array(1024);
  private writtenCount = 0;
  private readonly slots = new Map<string, number>();
  private readonly slotFeatures: TokenFeatures[] = [];
  /** Two adjacent listed words written as one, by (first id, second id): they recur across names and screenings. */
  private readonly mergedFeatures = new PairKeyedCache<TokenFeatures>(MERGED_FEATURES_KEPT);
  /** This screening's similarities of a query word and two listed words written as one, by (slot, first id, second id). */
  private readonly mergedSimilarities = new Map<number, number>();

  /** `features`: the vocabulary's words, as `comparison.features` makes them (the index keeps them). */
  constructor(
    private readonly features: readonly TokenFeatures[],
    private readonly comparison: TokenComparison,
  ) {
    this.codes = new Uint8Array(MAX_SLOTS * features.length);
  }

  /** Starts a screening: no similarity of an earlier one is read again. */
  begin(): void {
    this.slots.clear();
    this.slotFeatures.length = 0;
    this.mergedSimilarities.clear();
    const { codes, written } = this;
    for (let k = 0; k < this.writtenCount; k++) codes[written[k]] = 0;
    this.writtenCount = 0;
  }

  /** The row of a query word in this screening, or -1 when the rows are used up. */
  slotOf(token: string): number {
    let slot = this.slots.get(token);
    if (slot !== undefined) return slot;
    if (this.slotFeatures.length === MAX_SLOTS) return -1;
    slot = this.slotFeatures.length;
    this.slotFeatures.push(this.comparison.features(token));
    this.slots.set(token, slot);
    return slot;
  }

  /** The similarity of a query word (its row, or -1 with its text) and a vocabulary word. */
  get(slot: number, queryToken: string, vocabId: number): number {
    if (slot < 0) return this.comparison.similarity(this.comparison.features(queryToken), this.features[vocabId]);
    const cell = slot * this.features.length + vocabId;
    const code = this.codes[cell];
    if (code !== 0) return this.codeValues[code];
    const value = this.comparison.similarity(this.slotFeatures[slot], this.features[vocabId]);
    this.store(cell, value);
    return value;
  }

  /** Keeps `value` in `cell` unless every code is taken by other values (the value is then recomputed when read again). */
  private store(cell: number, value: number): void {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      if (this.codeOf.size === MAX_CODES) return;
      code = this.codeOf.size + 1;
      this.codeOf.set(value, code);
      this.codeValues[code] = value;
    }
    this.codes[cell] = code;
    if (this.writtenCount === this.written.length) {
      const bigger = new Int32Array(2 * this.written.length);
      bigger.set(this.written);
      this.written = bigger;
    }
    this.written[this.writtenCount++] = cell;
  }

  /** The similarity of a query word and the vocabulary words `first` and `second` written as one. */
  getMerged(slot: number, queryToken: string, first: number, second: number): number {
    const size = this.features.length;
    if (slot < 0) return this.comparison.similarity(this.comparison.features(queryToken), this.mergedFeaturesOf(first, second));
    const key = (slot * size + first) * size + second;
    let value = this.mergedSimilarities.get(key);
    if (value === undefined) {
      value = this.comparison.similarity(this.slotFeatures[slot], this.mergedFeaturesOf(first, second));
      this.mergedSimilarities.set(key, value);
    }
    return value;
  }

  get vocabularySize(): number {
    return this.features.length;
  }

  /** The features of a written word (two query words written as one). */
  featuresOf(text: string): TokenFeatures {
    return this.comparison.features(text);
  }

  /** The similarity of a written word, by its features, and a vocabulary word. */
  getWith(features: TokenFeatures, vocabId: number): number {
    return this.comparison.similarity(features, this.features[vocabId]);
  }

  private mergedFeaturesOf(first: number, second: number): TokenFeatures {
    let features = this.mergedFeatures.get(first, second);
    if (features === undefined) {
      features = this.comparison.features(this.features[first].text + this.features[second].text);
      this.mergedFeatures.set(first, second, features);
    }
    return features;
  }
}

/**
 * The token pairs of one query name against the listed names of one index, all by vocabulary
 * id through the screening's table: no string is built or hashed to compare a listed name.
 */
export class IndexedTokenPairs implements TokenPairs {
  private readonly slots: Int32Array;
  private listedStart = 0;
  /** Query words i and i+1 written as one, made when first asked for. */
  private readonly mergedQueryFeatures: (TokenFeatures | undefined)[] = [];
  /** This query name's similarities of query words i, i+1 written as one and a vocabulary word, by (i, id). */
  private readonly mergedQuerySimilarities = new Map<number, number>();

  constructor(
    private readonly table: TokenSimilarityTable,
    private readonly query: readonly string[],
    private readonly nameTokenIds: Int32Array,
  ) {
    this.slots = Int32Array.from(query, (token) => table.slotOf(token));
  }

  /** Points the pairs at the listed name whose token ids start at `start` in `nameTokenIds`. */
  listedAt(start: number): this {
    this.listedStart = start;
    return this;
  }

  tokens(qi: number, ej: number): number {
    return this.table.get(this.slots[qi], this.query[qi], this.nameTokenIds[this.listedStart + ej]);
  }

  mergedListed(qi: number, ej: number): number {
    const ids = this.nameTokenIds;
    const at = this.listedStart + ej;
    return this.table.getMerged(this.slots[qi], this.query[qi], ids[at], ids[at + 1]);
  }

  mergedQuery(qi: number, ej: number): number {
    const vocabId = this.nameTokenIds[this.listedStart + ej];
    const key = qi * this.table.vocabularySize + vocabId;
    let value = this.mergedQuerySimilarities.get(key);
    if (value === undefined) {
      const merged = (this.mergedQueryFeatures[qi] ??= this.table.featuresOf(this.query[qi] + this.query[qi + 1]));
      value = this.table.getWith(merged, vocabId);
      this.mergedQuerySimilarities.set(key, value);
    }
    return value;
  }
}
