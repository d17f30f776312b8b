import { PairKeyedCache } from '../boundedCache';
import type { TokenPairs } from './alignment';
import { ScreeningMemo } from './screeningMemo';
import type { TokenComparison, TokenFeatures } from './tokenSimilarity';

/** Query words one screening can hold in the table; a screening with more computes the rest uncached. */
const MAX_SLOTS = 32;
/**
 * Query words whose rows the table keeps from one screening to the next, the least recently used
 * given up first: the common given names and surnames come back screening after screening, and
 * their similarities with the vocabulary are the same every time.
 */
const KEPT_ROWS = 256;
/** Slots for listed word pairs' merged features (a bounded cache: see boundedCache.ts). */
const MERGED_FEATURES_KEPT = 200_000;

/** Distinct similarity values a table can hold as codes; code 0 is "not computed in this screening". */
const MAX_CODES = 255;

/**
 * Token similarities by (query word, vocabulary id), each computed once and read from a flat
 * array; screenings run one at a time, so one table per index serves them all. A cell is one
 * byte, the code of its value among the few similarities take (0: not computed yet), so a
 * screening's random reads stay in the core's caches (16-byte cells would spread over 25 MB). A
 * query word's row is kept for the screenings after (KEPT_ROWS); a row given to another word is zeroed.
 */
export class TokenSimilarityTable {
  private readonly codes: Uint8Array;
  /** The value of each code; code 0 is unused (not computed). */
  private readonly codeValues = new Float64Array(MAX_CODES + 1);
  private readonly codeOf = new Map<number, number>();
  /** The row of each query word kept, its word and features, and the screening that last used it. */
  private readonly rows = new Map<string, number>();
  private readonly rowWords: string[] = [];
  private readonly rowFeatures: TokenFeatures[] = [];
  private readonly rowLastUsed = new Float64Array(KEPT_ROWS);
  private screening = 0;
  private rowsThisScreening = 0;
  /** Two adjacent listed words written as one, by (first id, second id): they recur across names and screenings. */
  private readonly mergedFeatures = new PairKeyedCache<TokenFeatures>(MERGED_FEATURES_KEPT);
  /** This screening's similarities of a query word and two listed words written as one, by (slot, first id, second id). */
  private readonly mergedSimilarities = new ScreeningMemo();

  /** `features`: the vocabulary's words, as `comparison.features` makes them (the index keeps them). */
  constructor(
    private readonly features: readonly TokenFeatures[],
    private readonly comparison: TokenComparison,
  ) {
    this.codes = new Uint8Array(KEPT_ROWS * features.length);
  }

  /** Starts a screening. */
  begin(): void {
    this.screening++;
    this.rowsThisScreening = 0;
    this.mergedSimilarities.clear();
  }

  /** The row of a query word in this screening, or -1 when the screening has used MAX_SLOTS rows. */
  slotOf(token: string): number {
    let row = this.rows.get(token);
    if (row !== undefined && this.rowLastUsed[row] === this.screening) return row;
    if (this.rowsThisScreening === MAX_SLOTS) return -1;
    this.rowsThisScreening++;
    if (row === undefined) {
      row = this.freeRow();
      this.rowWords[row] = token;
      this.rowFeatures[row] = this.comparison.features(token);
      this.rows.set(token, row);
    }
    this.rowLastUsed[row] = this.screening;
    return row;
  }

  /** A row for a new query word: an unused one, else the least recently used one, emptied (MAX_SLOTS < KEPT_ROWS: never one of this screening's). */
  private freeRow(): number {
    if (this.rowWords.length < KEPT_ROWS) return this.rowWords.length;
    let row = 0;
    for (let r = 1; r < KEPT_ROWS; r++) if (this.rowLastUsed[r] < this.rowLastUsed[row]) row = r;
    this.rows.delete(this.rowWords[row]);
    this.codes.fill(0, row * this.features.length, (row + 1) * this.features.length);
    return row;
  }

  /** The similarity of a query word (its row, or -1 with its text) and a vocabulary word. */
  get(slot: number, queryToken: string, vocabId: number): number {
    if (slot < 0) return this.comparison.similarity(this.comparison.features(queryToken), this.features[vocabId]);
    const cell = slot * this.features.length + vocabId;
    const code = this.codes[cell];
    if (code !== 0) return this.codeValues[code];
    const value = this.comparison.similarity(this.rowFeatures[slot], this.features[vocabId]);
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
  }

  /** The similarity of a query word and the vocabulary words `first` and `second` written as one. */
  getMerged(slot: number, queryToken: string, first: number, second: number): number {
    const size = this.features.length;
    if (slot < 0) return this.comparison.similarity(this.comparison.features(queryToken), this.mergedFeaturesOf(first, second));
    const key = (slot * size + first) * size + second;
    let value = this.mergedSimilarities.get(key);
    if (Number.isNaN(value)) {
      value = this.comparison.similarity(this.rowFeatures[slot], this.mergedFeaturesOf(first, second));
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
