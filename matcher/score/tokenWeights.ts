/**
 * The weights of the words of one organization comparison (their rarity, see TokenIndex.weightOf),
 * by position: of query word i, of listed word j.
 */
export interface TokenWeights {
  query(qi: number): number;
  listed(ej: number): number;
}

/** Weights of two written names from a weight per word: for comparisons outside an index. */
export function textWeights(q: readonly string[], e: readonly string[], weight: (token: string) => number): TokenWeights {
  return { query: (qi) => weight(q[qi]), listed: (ej) => weight(e[ej]) };
}

/**
 * The weights of one query name's words against the listed names of one index: the query's
 * worked out once, a listed word's read from the index's weights by vocabulary id. Through a
 * closure over the word, each weight was a map lookup and a float boxed on the heap, about seven
 * per candidate organization.
 */
export class IndexedTokenWeights implements TokenWeights {
  private readonly queryWeights: Float64Array;
  private listedStart = 0;

  constructor(
    query: readonly string[],
    weightOf: (token: string) => number,
    private readonly vocabularyWeights: Float32Array,
    private readonly nameTokenIds: Int32Array,
  ) {
    this.queryWeights = Float64Array.from(query, weightOf);
  }

  /** Points the weights at the listed name whose token ids start at `start` in `nameTokenIds`. */
  listedAt(start: number): this {
    this.listedStart = start;
    return this;
  }

  query(qi: number): number {
    return this.queryWeights[qi];
  }

  listed(ej: number): number {
    return this.vocabularyWeights[this.nameTokenIds[this.listedStart + ej]];
  }
}
