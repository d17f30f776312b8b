import type { TokenPairs } from './alignment';
import { cachedSim, type SimCache } from './nameScore';
import { tokenFeatures, type TokenFeatures } from './tokenSimilarity';

type FeatureSimilarity = (q: TokenFeatures, e: TokenFeatures) => number;

/** Query words one screening can hold in the table; a screening with more computes the rest uncached. */
const MAX_SLOTS = 32;

/**
 * Token similarities of one screening, by (query word, vocabulary id). A screening compares a
 * handful of query words with the words of hundreds of listed names; each similarity is
 * computed once and then read from a flat array instead of a map of strings. Rows belong to
 * the screening that `begin` started: a generation stamp per cell forgets the previous one
 * without clearing anything. The matcher screens one subject at a time (it is synchronous),
 * so one table per index serves every screening.
 */
export class TokenSimilarityTable {
  private readonly features: TokenFeatures[];
  private readonly values: Float64Array;
  private readonly stamps: Uint32Array;
  private generation = 0;
  private readonly slots = new Map<string, number>();
  private readonly slotFeatures: TokenFeatures[] = [];

  constructor(
    vocabulary: readonly string[],
    private readonly similarity: FeatureSimilarity,
  ) {
    this.features = vocabulary.map(tokenFeatures);
    this.values = new Float64Array(MAX_SLOTS * vocabulary.length);
    this.stamps = new Uint32Array(MAX_SLOTS * vocabulary.length);
  }

  /** Starts a screening: no similarity of an earlier one is read again. */
  begin(): void {
    this.slots.clear();
    this.slotFeatures.length = 0;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  /** The row of a query word in this screening, or -1 when the rows are used up. */
  slotOf(token: string): number {
    let slot = this.slots.get(token);
    if (slot !== undefined) return slot;
    if (this.slotFeatures.length === MAX_SLOTS) return -1;
    slot = this.slotFeatures.length;
    this.slotFeatures.push(tokenFeatures(token));
    this.slots.set(token, slot);
    return slot;
  }

  /** The similarity of a query word (its row, or -1 with its text) and a vocabulary word. */
  get(slot: number, queryToken: string, vocabId: number): number {
    if (slot < 0) return this.similarity(tokenFeatures(queryToken), this.features[vocabId]);
    const cell = slot * this.features.length + vocabId;
    if (this.stamps[cell] === this.generation) return this.values[cell];
    const value = this.similarity(this.slotFeatures[slot], this.features[vocabId]);
    this.values[cell] = value;
    this.stamps[cell] = this.generation;
    return value;
  }
}

/**
 * The token pairs of one query name against the listed names of one index: listed words by
 * vocabulary id through the screening's table; merged words (outside any vocabulary) by text,
 * memoized for the screening.
 */
export class IndexedTokenPairs implements TokenPairs {
  private readonly slots: Int32Array;
  private listedStart = 0;

  constructor(
    private readonly table: TokenSimilarityTable,
    private readonly query: readonly string[],
    private readonly nameTokenIds: Int32Array,
    private readonly textSimilarity: (q: string, e: string) => number,
    private readonly textCache: SimCache,
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

  text(q: string, e: string): number {
    return cachedSim(this.textSimilarity, this.textCache, q, e);
  }
}
