import type { NormalizedName } from '../normalize/name';
import { FACTOR, FACTOR_RANKS, NO_RANK, type TokenIndex } from './tokenIndex';

/**
 * Candidate generation: every name sharing a (possibly misspelt, nicknamed, merged or split)
 * token with the query accumulates the IDF weight of the query tokens it answers. A name is
 * viable when it could pass the scorer: for persons it must answer two distinct query tokens
 * (one when either side has a single usable token); for organizations it must answer at least
 * half of the query's weight. Viable names are ranked by accumulated weight and the first
 * `limit` are scored; `capped` says more viable names were left unscored. Names whose exact key
 * equals the query's, or whose tokens are the query's in another order, are always scored,
 * whatever the limit.
 */
export const DEFAULT_CANDIDATE_LIMIT = 500;
const MAX_QUERY_TOKENS = 16;
const ORG_VIABLE_SHARE = 0.5;
const INITIAL_BONUS = 0.3;
/** Relative slack on a bound of a name's weight: the weight is a float32 sum of a few terms, each rounding by 2^-24 at most. */
const BOUND_SLACK = 1e-4;
/**
 * When the probed token's postings outnumber all the other query tokens' by this much, its row
 * is not marked: the few names the others reach are checked for it from their own tokens (a
 * check costs a few postings' marking, see `answersTwo`).
 */
const CHECK_OVER_MARK = 8;
/** Names whose arrays are read at once before they are weighed (TokenIndex.touchNames). */
const TOUCH_BATCH = 16;
/**
 * A query token's row is kept (see unionRows) when its variants' postings are at least a row's
 * words over this: copying a row's words costs about what marking that many names does.
 */
const UNION_WORDS_PER_POSTING = 2;
/** Bytes the kept rows may take, per finder: a row is a bit per name. */
const UNION_BUDGET_BYTES = 24 * 1024 * 1024;

/** One query token's row as marking all its variants writes it, and which of its words hold a mark. */
interface UnionRow {
  readonly row: Uint32Array;
  readonly marked: Uint32Array;
}

interface Candidates {
  ids: number[];
  capped: boolean;
  /** Viable names found, before the limit: more than `limit` is what `capped` says. */
  viable: number;
}

/**
 * A name's weight and first-reached order are defined by walking postings (variants best first,
 * then adjacent words joined; a person's longest-postings token only checks names reached another
 * way). Rather than write weights over megabytes, a find marks each query token's names in a
 * cache-sized bitset, combines them 32 names at a time, and computes the few viable names' figures
 * from their own tokens in the walk's float32 order, so the results are the walk's. Organizations
 * weigh only the names whose rows could add up to the viable share (see rowBounds).
 */
export class CandidateFinder {
  /** Scratch of one find: per query token, a bitset of the names it reaches (`words` words each). */
  private readonly reached: Uint32Array;
  private readonly words: number;
  /** Scratch of one find: which words of the bitsets hold a mark, a bit each (a rare name marks a few of thousands). */
  private readonly markedWords: Uint32Array;
  /** The names with at most one non-initial token, as a bitset: one hit makes a person name of these viable. */
  private readonly soloNames: Uint32Array;
  /**
   * For organizations, which mark every query token's names: the postings of the words in more
   * names than the bitsets have words (HEALTH, CARE), as bitsets. OR-ing one is cheaper than
   * setting its names' bits one by one.
   */
  private readonly denseRows = new Map<number, Uint32Array>();
  /** Each vocabulary token's names among `soloNames` (compressed rows): all of a probed row that needs marking when the rest is checked. */
  private readonly soloOffsets: Int32Array;
  private readonly soloPostings: Int32Array;
  /** Scratch of one find: each query token's postings in all, over its claimed variants. */
  private readonly postingsOfQuery = new Float64Array(MAX_QUERY_TOKENS);
  /** Names by their tokens in sorted order: the same words in another order are always scored. */
  private readonly orderFreeKeys = new Map<string, number[]>();
  /**
   * Scratch of one find, by vocabulary token id: the query token a variant answers, how closely
   * (its factor's rank), and its position among the variants once sorted best first (`claimed`).
   */
  private readonly claimRank: Uint8Array;
  private readonly claimQuery: Uint8Array;
  private readonly claimPos: Int32Array;
  private claimed = new Int32Array(256);
  private claimedCount = 0;
  /** Scratch of one find: the names reached once that may answer the probed token too (see answersTwo). */
  private readonly unsureIds: Int32Array;
  /** What TokenIndex.touchNames read, kept so that its reads are not left out. */
  private readonly touched = new Int32Array(1);
  /** Scratch of one find: the viable names, their weights, and when the walk would first reach each. */
  private readonly viable: Int32Array;
  private readonly viableWeights: Float32Array;
  private readonly viableOrder: Float64Array;
  /** Scratch of one bitset word: the names each query token's row marks in it. */
  private readonly rowBits = new Int32Array(MAX_QUERY_TOKENS);
  /** Scratch of weighing one name: its best variant's position per query token (-1: none). */
  private readonly bestPos = new Int32Array(MAX_QUERY_TOKENS);
  private readonly hitOrder = new Int32Array(MAX_QUERY_TOKENS);
  /** Scratch of weighing one name: its weight. A float returned from a call is a heap number each time, thousands per find. */
  private readonly weighed = new Float64Array(1);
  /**
   * Rows of common query tokens (MARY: 442 variants, 37,801 names) as marking writes them, kept
   * for the next query holding the token: copying one is a fraction of marking its names one by
   * one. A kept row serves a query only when each of the token's variants answers it (no other
   * query token claims one), so the row is the one marking would write.
   */
  private readonly unionRows = new Map<string, UnionRow>();
  /** How many rows `unionRows` may keep; the first kept stay (evicting would allocate a row per query). */
  private readonly unionRowsMost: number;
  /**
   * Each vocabulary token's first UTF-16 unit (-1: empty): whether a viable name has a word
   * starting with a query initial is read from its token ids, without loading the name object
   * (a cache miss per name, over the thousands of viable names of a common name with an initial).
   */
  private readonly firstUnits: Int32Array;

  constructor(
    private readonly index: TokenIndex,
    private readonly names: readonly NormalizedName[],
    private readonly kind: 'person' | 'organization',
    /** CHECK_OVER_MARK; 0 checks every probed token, Infinity marks every one (the same names are found either way). */
    private readonly checkOverMark = CHECK_OVER_MARK,
    /** UNION_BUDGET_BYTES; 0 keeps no row, and every query token's names are marked (the same names are found either way). */
    unionBudgetBytes = UNION_BUDGET_BYTES,
  ) {
    const n = names.length;
    this.words = (n + 31) >>> 5;
    this.reached = new Uint32Array(MAX_QUERY_TOKENS * this.words);
    this.markedWords = new Uint32Array((this.words + 31) >>> 5);
    this.unionRowsMost = Math.floor(unionBudgetBytes / (4 * Math.max(1, this.words)));
    this.soloNames = new Uint32Array(this.words);
    for (let id = 0; id < n; id++) {
      let count = 0;
      for (const t of names[id].tokens) if (t.length > 1) count++;
      if (count <= 1) this.soloNames[id >>> 5] |= 1 << (id & 31);
    }
    const { offsets, postings } = index;
    for (let token = 0; kind === 'organization' && token < index.words.length; token++) {
      if (offsets[token + 1] - offsets[token] < this.words) continue;
      const row = new Uint32Array(this.words);
      for (let p = offsets[token]; p < offsets[token + 1]; p++) row[postings[p] >>> 5] |= 1 << (postings[p] & 31);
      this.denseRows.set(token, row);
    }
    ({ offsets: this.soloOffsets, postings: this.soloPostings } = this.soloRows());
    this.viable = new Int32Array(n);
    this.unsureIds = new Int32Array(n);
    this.viableWeights = new Float32Array(n);
    this.viableOrder = new Float64Array(n);
    this.claimRank = new Uint8Array(index.words.length).fill(NO_RANK);
    this.claimQuery = new Uint8Array(index.words.length);
    this.claimPos = new Int32Array(index.words.length);
    this.firstUnits = Int32Array.from(index.words, (word) => (word.length > 0 ? word.charCodeAt(0) : -1));
    names.forEach((name, id) => {
      const key = orderFreeKey(name.tokens);
      const list = this.orderFreeKeys.get(key);
      if (list) list.push(id);
      else this.orderFreeKeys.set(key, [id]);
    });
  }

  /** The postings of the names among `soloNames` (compressed rows by vocabulary token, as the index's postings). */
  private soloRows(): { offsets: Int32Array; postings: Int32Array } {
    const { nameTokenOffsets, nameTokenIds } = this.index;
    const offsets = new Int32Array(this.index.words.length + 1);
    const isSolo = (id: number): boolean => ((this.soloNames[id >>> 5] >>> (id & 31)) & 1) === 1;
    for (let id = 0; id < this.names.length; id++)
      if (isSolo(id)) for (let k = nameTokenOffsets[id]; k < nameTokenOffsets[id + 1]; k++) offsets[nameTokenIds[k] + 1]++;
    for (let t = 0; t < this.index.words.length; t++) offsets[t + 1] += offsets[t];
    const fill = offsets.slice(0, this.index.words.length);
    const postings = new Int32Array(offsets[this.index.words.length]);
    for (let id = 0; id < this.names.length; id++)
      if (isSolo(id)) for (let k = nameTokenOffsets[id]; k < nameTokenOffsets[id + 1]; k++) postings[fill[nameTokenIds[k]]++] = id;
    return { offsets, postings };
  }

  /** How many query tokens' rows are kept. */
  keptRows(): number {
    return this.unionRows.size;
  }

  /** Fills `postingsOfQuery`: each query token's postings, over the variants it claimed. */
  private countPostings(): void {
    const cost = this.postingsOfQuery.fill(0);
    const { offsets } = this.index;
    for (let r = 0; r < this.claimedCount; r++) {
      const token = this.claimed[r];
      cost[this.claimQuery[token]] += offsets[token + 1] - offsets[token];
    }
  }

  /** The query token whose variants have the most postings in all (the lowest such token on a tie). */
  private longestPostings(): number {
    const cost = this.postingsOfQuery;
    let best = -1;
    let bestCost = 0;
    for (let qi = 0; qi < MAX_QUERY_TOKENS; qi++)
      if (cost[qi] > bestCost) {
        best = qi;
        bestCost = cost[qi];
      }
    return best;
  }

  /**
   * Each vocabulary token answers one query token, the one it is closest to (LISA must not count
   * as both MELISSA's nickname and ALIA's misspelling in one name); then the variants are put
   * best first, so a name's first hit for a query token is its closest one: by factor, then
   * query position, then token id.
   */
  private claim(qi: number, token: number, rank: number): void {
    const prior = this.claimRank[token];
    if (prior === NO_RANK) {
      if (this.claimedCount === this.claimed.length) {
        const bigger = new Int32Array(2 * this.claimed.length);
        bigger.set(this.claimed);
        this.claimed = bigger;
      }
      this.claimed[this.claimedCount++] = token;
    } else if (rank >= prior) return;
    this.claimRank[token] = rank;
    this.claimQuery[token] = qi;
  }

  private sortClaims(): void {
    const vocabSize = this.index.words.length;
    const keys = new Float64Array(this.claimedCount);
    for (let r = 0; r < this.claimedCount; r++) {
      const token = this.claimed[r];
      keys[r] = (this.claimRank[token] * MAX_QUERY_TOKENS + this.claimQuery[token]) * vocabSize + token;
    }
    keys.sort();
    for (let r = 0; r < keys.length; r++) {
      const token = keys[r] % vocabSize;
      this.claimed[r] = token;
      this.claimPos[token] = r;
    }
  }

  /** Marks the names of one postings row (by default the index's) as reached by query token `qi`. */
  private mark(token: number, qi: number, offsets = this.index.offsets, postings = this.index.postings): void {
    const { reached, markedWords } = this;
    const base = qi * this.words;
    const dense = postings === this.index.postings ? this.denseRows.get(token) : undefined;
    if (dense) {
      for (let w = 0; w < dense.length; w++) {
        const bits = dense[w];
        if (bits === 0) continue;
        reached[base + w] |= bits;
        markedWords[w >>> 5] |= 1 << (w & 31);
      }
      return;
    }
    markPostings(postings, offsets[token], offsets[token + 1], reached, base, markedWords);
  }

  /**
   * Writes query token `qi`'s row from `unionRows` (keeping it first when it is worth keeping) and
   * says whether it did: only when every variant of `token` answers `qi`, since marking the claimed
   * variants would write exactly the union of their rows. The row must still be clear.
   */
  private copyUnionRow(token: string, qi: number): boolean {
    if (this.postingsOfQuery[qi] * UNION_WORDS_PER_POSTING < this.words) return false;
    const { tokens } = this.index.expand(token);
    for (let k = 0; k < tokens.length; k++) if (this.claimQuery[tokens[k]] !== qi || this.claimRank[tokens[k]] === NO_RANK) return false;
    let kept = this.unionRows.get(token);
    if (!kept) {
      // Only listed words are kept: a misspelling seldom comes again, and the first rows kept stay.
      if (this.unionRows.size >= this.unionRowsMost || !this.index.vocab.has(token)) return false;
      kept = { row: new Uint32Array(this.words), marked: new Uint32Array(this.markedWords.length) };
      const { offsets, postings } = this.index;
      for (let k = 0; k < tokens.length; k++) markPostings(postings, offsets[tokens[k]], offsets[tokens[k] + 1], kept.row, 0, kept.marked);
      this.unionRows.set(token, kept);
    }
    this.reached.set(kept.row, qi * this.words);
    const { markedWords } = this;
    for (let m = 0; m < markedWords.length; m++) markedWords[m] |= kept.marked[m];
    return true;
  }

  /** Whether the probed token's postings are `checkOverMark` times the other query tokens' together. */
  private probedOutweighs(probed: number): boolean {
    let others = 0;
    for (let qi = 0; qi < MAX_QUERY_TOKENS; qi++) if (qi !== probed) others += this.postingsOfQuery[qi];
    return this.postingsOfQuery[probed] > this.checkOverMark * others;
  }

  /** Whether name `id` holds variants of two query tokens (or words written as one, each answering two): the rows marking would set. */
  private answersTwo(id: number, joined: Int32Array): boolean {
    const { claimRank, claimQuery } = this;
    const { nameTokenOffsets, nameTokenIds } = this.index;
    let rows = 0;
    for (let k = nameTokenOffsets[id], end = nameTokenOffsets[id + 1]; k < end; k++) {
      const token = nameTokenIds[k];
      if (claimRank[token] !== NO_RANK) rows |= 1 << claimQuery[token];
      for (let i = 0; i < joined.length; i++) if (joined[i] === token) rows |= 3 << i;
    }
    return (rows & (rows - 1)) !== 0;
  }

  /**
   * Puts in `weighed` the weight the walk (see the class comment) gives name `id`, as float32, and
   * in `order.at` when it first reaches the name: the position of its first variant walked, or past
   * every variant for a name first reached through words written as one; -1 when it never does.
   */
  private weigh(id: number, qWeight: readonly number[], probed: number, joined: Int32Array, order: { at: number }): void {
    const { bestPos, hitOrder, claimRank, claimQuery, claimPos, claimed } = this;
    const { nameTokenOffsets, nameTokenIds } = this.index;
    const qn = qWeight.length;
    bestPos.fill(-1, 0, qn);
    let joinedHits = 0;
    for (let k = nameTokenOffsets[id], end = nameTokenOffsets[id + 1]; k < end; k++) {
      const token = nameTokenIds[k];
      if (claimRank[token] !== NO_RANK) {
        const qi = claimQuery[token];
        const pos = claimPos[token];
        if (bestPos[qi] < 0 || pos < bestPos[qi]) bestPos[qi] = pos;
      }
      for (let i = 0; i < joined.length; i++) if (joined[i] === token) joinedHits |= 1 << i;
    }
    // The probed token is walked only through names with at most one non-initial token.
    const walksProbed = probed >= 0 && ((this.soloNames[id >>> 5] >>> (id & 31)) & 1) === 1;
    let hits = 0;
    for (let qi = 0; qi < qn; qi++) {
      const pos = bestPos[qi];
      if (pos < 0 || (qi === probed && !walksProbed)) continue;
      let at = hits++;
      while (at > 0 && bestPos[hitOrder[at - 1]] > pos) {
        hitOrder[at] = hitOrder[at - 1];
        at--;
      }
      hitOrder[at] = qi;
    }
    let acc = 0;
    let mask = 0;
    order.at = hits > 0 ? bestPos[hitOrder[0]] : -1;
    for (let h = 0; h < hits; h++) {
      const qi = hitOrder[h];
      mask |= 1 << qi;
      acc = Math.fround(acc + qWeight[qi] * FACTOR_RANKS[claimRank[claimed[bestPos[qi]]]]);
    }
    const probeHit = probed >= 0 && bestPos[probed] >= 0;
    if (hits > 0 && probeHit && !(mask & (1 << probed))) {
      mask |= 1 << probed;
      acc = Math.fround(acc + qWeight[probed] * FACTOR_RANKS[claimRank[claimed[bestPos[probed]]]]);
    }
    for (let i = 0; i < joined.length; i++) {
      if (!(joinedHits & (1 << i))) continue;
      const bits = (1 << i) | (1 << (i + 1));
      if ((mask & bits) === bits) continue;
      if (mask === 0) order.at = this.claimedCount + i;
      mask |= bits;
      acc = Math.fround(acc + (qWeight[i] + qWeight[i + 1]) * FACTOR.merged);
    }
    if (hits === 0 && mask !== 0 && probeHit && !(mask & (1 << probed))) {
      acc = Math.fround(acc + qWeight[probed] * FACTOR_RANKS[claimRank[claimed[bestPos[probed]]]]);
    }
    this.weighed[0] = acc;
  }

  find(query: NormalizedName, limit: number): Candidates {
    const q = query.tokens.slice(0, MAX_QUERY_TOKENS);
    const person = this.kind === 'person';
    // A hit earns the weight of the query token it answers, scaled by how close the variant is:
    // a rare misspelling of a common query word must not outrank the word's nickname or the word.
    const qWeight = q.map((t) => this.index.queryWeightOf(t));
    this.claimedCount = 0;
    let totalWeight = 0;
    let usable = 0;
    for (let i = 0; i < q.length; i++) {
      totalWeight += qWeight[i];
      // A person's initials are matched in scoring; an organization's single letters (A & B) are words.
      if (q[i].length <= 1 && person) continue;
      // A repeated word (GARCIA GARCIA) is one token to answer: its repeat claims nothing.
      if (q.indexOf(q[i]) === i) usable++;
      const { tokens, ranks } = this.index.expand(q[i]);
      for (let k = 0; k < tokens.length; k++) this.claim(i, tokens[k], ranks[k]);
    }
    this.sortClaims();
    this.countPostings();
    const { claimed, claimedCount, claimRank, claimQuery } = this;
    const joined = new Int32Array(Math.max(0, q.length - 1));
    for (let i = 0; i + 1 < q.length; i++) joined[i] = this.index.vocab.get(q[i] + q[i + 1]) ?? -1;
    // A person name needs hits on two query tokens (unless it has a single usable token): the walk
    // reaches names only through the others than the one with the longest postings (see weigh).
    const probed = person && usable >= 2 ? this.longestPostings() : -1;
    const probedChecked = probed >= 0 && this.probedOutweighs(probed);
    const threshold = ORG_VIABLE_SHARE * totalWeight;
    // Every name an organization's query token reaches is marked, for the bound on its weight
    // (rowBounds), but only those in the essential rows can be viable.
    const rowMost = person ? null : this.rowBounds(q.length, qWeight, joined);
    const essential = person ? -1 : this.essentialRows(q.length, qWeight, joined, threshold);
    // The query tokens whose rows were copied from `unionRows`, a bit each.
    let copied = 0;
    for (let i = 0; i < q.length; i++) if (!(i === probed && probedChecked) && this.copyUnionRow(q[i], i)) copied |= 1 << i;
    for (let r = 0; r < claimedCount; r++) {
      const token = claimed[r];
      const qi = claimQuery[token];
      if ((copied >>> qi) & 1) continue;
      if (qi === probed && probedChecked) this.mark(token, qi, this.soloOffsets, this.soloPostings);
      else this.mark(token, qi);
    }
    for (let i = 0; i < joined.length; i++)
      if (joined[i] >= 0) {
        this.mark(joined[i], i);
        this.mark(joined[i], i + 1);
      }

    const { reached, rowBits, words, markedWords, soloNames, viable, viableWeights, viableOrder } = this;
    const initials = Int32Array.from(
      q.filter((t) => t.length === 1),
      (t) => t.charCodeAt(0),
    );
    const at = { at: -1 };
    const n = this.names.length;
    const qn = q.length;
    // A person name is viable with hits on two query tokens, or on one when it has one non-initial
    // token or the query one usable token; an organization name when it weighs the viable share.
    const twoNeeded = person && usable >= 2;
    const { unsureIds } = this;
    let unsureCount = 0;
    let openCount = 0;
    let viableCount = 0;
    for (let m = 0; m < markedWords.length; m++) {
      let markedHere = markedWords[m];
      markedWords[m] = 0;
      while (markedHere !== 0) {
        const lowWord = markedHere & -markedHere;
        markedHere ^= lowWord;
        const w = (m << 5) | (31 - Math.clz32(lowWord));
        let once = 0;
        let twice = 0;
        for (let qi = 0, cell = w; qi < qn; qi++, cell += words) {
          const bits = reached[cell];
          rowBits[qi] = bits;
          if (bits === 0 || !((essential >>> qi) & 1)) continue;
          twice |= once & bits;
          once |= bits;
        }
        for (let qi = 0, cell = w; qi < qn; qi++, cell += words) reached[cell] = 0;
        let open = twoNeeded ? twice | (once & soloNames[w]) : once;
        // The probed row holds only its solo names (and words written as one): a name reached once may answer it too.
        let unsure = probedChecked ? once & ~twice & ~soloNames[w] : 0;
        while (unsure !== 0) {
          const low = unsure & -unsure;
          unsure ^= low;
          unsureIds[unsureCount++] = (w << 5) | (31 - Math.clz32(low));
        }
        while (open !== 0) {
          const low = open & -open;
          open ^= low;
          if (rowMost && !canWeigh(low, rowBits, rowMost, qn, threshold)) continue;
          viable[openCount++] = (w << 5) | (31 - Math.clz32(low));
        }
      }
    }
    // The names are read after the scan, a batch at a time (see TokenIndex.touchNames). The order they are
    // weighed in changes nothing: the chosen names are sorted by weight or walk order and id.
    for (let b = 0; b < unsureCount; b += TOUCH_BATCH) {
      const end = Math.min(unsureCount, b + TOUCH_BATCH);
      this.touched[0] = this.index.touchNames(unsureIds, b, end);
      for (let i = b; i < end; i++) if (this.answersTwo(unsureIds[i], joined)) viable[openCount++] = unsureIds[i];
    }
    // The open names become the viable ones in place: a name is written at or before where it was read.
    for (let b = 0; b < openCount; b += TOUCH_BATCH) {
      const end = Math.min(openCount, b + TOUCH_BATCH);
      this.touched[0] = this.index.touchNames(viable, b, end);
      for (let i = b; i < end; i++) {
        const id = viable[i];
        this.weigh(id, qWeight, probed, joined, at);
        let acc = this.weighed[0];
        if (!person && !(acc >= threshold)) continue;
        for (let k = 0; k < initials.length; k++) if (this.hasWordStartingWith(id, initials[k])) acc = Math.fround(acc + INITIAL_BONUS);
        viableWeights[viableCount] = acc;
        viableOrder[viableCount] = at.at * n + id;
        viable[viableCount++] = id;
      }
    }
    for (let r = 0; r < claimedCount; r++) claimRank[claimed[r]] = NO_RANK;
    const capped = viableCount > limit;
    // Uncapped, the viable names are scored in the order the walk first reaches them.
    const chosen = capped
      ? topByWeight(viable.subarray(0, viableCount), viableWeights.subarray(0, viableCount), limit)
      : walkOrder(viableOrder.subarray(0, viableCount), n);
    const sameWords = this.orderFreeKeys.get(orderFreeKey(query.tokens));
    if (sameWords) {
      // The bitsets are all clear after the scan: the first one marks the chosen names, then is cleared again.
      const have = reached;
      for (let i = 0; i < chosen.length; i++) have[chosen[i] >>> 5] |= 1 << (chosen[i] & 31);
      // The identical names first, then the same words in another order.
      const identicalFirst = [
        ...sameWords.filter((id) => this.names[id].key === query.key),
        ...sameWords.filter((id) => this.names[id].key !== query.key),
      ];
      for (const id of identicalFirst)
        if (((have[id >>> 5] >>> (id & 31)) & 1) === 0) {
          have[id >>> 5] |= 1 << (id & 31);
          chosen.push(id);
        }
      for (let i = 0; i < chosen.length; i++) have[chosen[i] >>> 5] = 0;
    }
    return { ids: chosen, capped, viable: viableCount };
  }

  /** Whether a word of name `id` starts with the UTF-16 unit `unit`. */
  private hasWordStartingWith(id: number, unit: number): boolean {
    const { nameTokenOffsets, nameTokenIds } = this.index;
    for (let k = nameTokenOffsets[id], end = nameTokenOffsets[id + 1]; k < end; k++)
      if (this.firstUnits[nameTokenIds[k]] === unit) return true;
    return false;
  }

  /**
   * For organizations: the rows of the terms (query tokens, then adjacent pairs written as one,
   * which mark both halves' rows) a viable name must answer at least one of, as a bitmask. A term
   * adds at most the weight of its closest variant to a name, so the lightest terms whose weights
   * together stay below the viable share cannot make a name viable on their own: names in none
   * of the other terms' rows need not be weighed.
   */
  private essentialRows(qn: number, qWeight: readonly number[], joined: Int32Array, threshold: number): number {
    const terms = qn + joined.length;
    const most = new Float64Array(terms);
    const present = new Uint8Array(terms);
    this.closestWeights(qWeight, most, present);
    for (let i = 0; i < joined.length; i++)
      if (joined[i] >= 0) {
        present[qn + i] = 1;
        most[qn + i] = (qWeight[i] + qWeight[i + 1]) * FACTOR.merged;
      }
    const lightestFirst: number[] = [];
    for (let t = 0; t < terms; t++) if (present[t]) lightestFirst.push(t);
    lightestFirst.sort((a, b) => most[a] - most[b] || a - b);
    let rows = 0;
    let below = 0;
    for (const t of lightestFirst) {
      if ((below + most[t]) * (1 + BOUND_SLACK) < threshold) below += most[t];
      else rows |= t < qn ? 1 << t : 3 << (t - qn);
    }
    return rows;
  }

  /** Per query token with a claimed variant: `present` set, and `most` its closest variant's weight. */
  private closestWeights(qWeight: readonly number[], most: Float64Array, present: Uint8Array): void {
    for (let r = 0; r < this.claimedCount; r++) {
      const token = this.claimed[r];
      const qi = this.claimQuery[token];
      // Variants are sorted closest first: a query token's first is its closest.
      if (present[qi]) continue;
      present[qi] = 1;
      most[qi] = qWeight[qi] * FACTOR_RANKS[this.claimRank[token]];
    }
  }

  /**
   * For organizations: per query token, the most a name marked in its row can weigh for it: its
   * closest variant's weight, plus that of the adjacent pairs written as one the token is half of
   * (they mark both halves' rows). A name's weight is at most the sum over the rows it is in.
   */
  private rowBounds(qn: number, qWeight: readonly number[], joined: Int32Array): Float64Array {
    const most = new Float64Array(qn);
    this.closestWeights(qWeight, most, new Uint8Array(qn));
    for (let i = 0; i < joined.length; i++)
      if (joined[i] >= 0) {
        const pair = (qWeight[i] + qWeight[i + 1]) * FACTOR.merged;
        most[i] += pair;
        most[i + 1] += pair;
      }
    return most;
  }
}

/** Sets the bit of each name of postings[from, end) in row `base` of `rows`, and the bit of each word it sets in `marked`. */
function markPostings(postings: Int32Array, from: number, end: number, rows: Uint32Array, base: number, marked: Uint32Array): void {
  for (let p = from; p < end; p++) {
    const id = postings[p];
    const w = id >>> 5;
    rows[base + w] |= 1 << (id & 31);
    marked[w >>> 5] |= 1 << (w & 31);
  }
}

/**
 * The `limit` ids of greatest weight (`weights[i]` is the weight of `ids[i]`), ties to the lower
 * id, in that order: the same as sorting all viable ids and cutting, without sorting thousands
 * of them. The limit-th greatest weight is found by selection, then only the ids at or above it
 * are sorted.
 */
export function topByWeight(ids: ArrayLike<number>, weights: ArrayLike<number>, limit: number): number[] {
  const threshold = kthLargest(Float32Array.from(weights), limit);
  const kept: number[] = [];
  let idBound = 1;
  let negative = false;
  for (let i = 0; i < ids.length; i++)
    if (weights[i] >= threshold) {
      kept.push(i);
      idBound = Math.max(idBound, ids[i] + 1);
      negative ||= weights[i] < 0;
    }
  if (negative || idBound > MAX_KEYED_ID) {
    kept.sort((a, b) => weights[b] - weights[a] || ids[a] - ids[b]);
    kept.length = Math.min(kept.length, limit);
    return kept.map((i) => ids[i]);
  }
  // One float key per id, sorted natively rather than through a comparator called thousands of
  // times: a weight's float32 bits rise with it (weights are not negative), so the key
  // (2^32 - 1 - bits) * idBound + id orders by weight, greatest first, then by id; exact below 2^53.
  const keys = new Float64Array(kept.length);
  for (let k = 0; k < kept.length; k++) {
    float32[0] = weights[kept[k]];
    keys[k] = (0xffffffff - float32Bits[0]) * idBound + ids[kept[k]];
  }
  keys.sort();
  const out: number[] = [];
  for (let k = 0; k < Math.min(keys.length, limit); k++) out.push(keys[k] % idBound);
  return out;
}

/** Ids below this keep topByWeight's keys exact: 2^32 weight codes times 2^21 ids is 2^53. */
const MAX_KEYED_ID = 2 ** 21;
/** Scratch of topByWeight: a weight's float32 bits. */
const float32 = new Float32Array(1);
const float32Bits = new Uint32Array(float32.buffer);

/**
 * The names of `keys` (each `order * n + id`, see find) in the walk's order: sorted in place,
 * then read one by one (Array.from would box every float key and every step of its iterator).
 */
function walkOrder(keys: Float64Array, n: number): number[] {
  keys.sort();
  const ids: number[] = [];
  for (let i = 0; i < keys.length; i++) ids.push(keys[i] % n);
  return ids;
}

/**
 * Whether the name at bit `bit` of a bitset word, in the rows `rowBits` marks it in, could weigh
 * the viable share: the sum of those rows' bounds reaches it (with slack for float32 rounding).
 */
function canWeigh(bit: number, rowBits: Int32Array, rowMost: Float64Array, qn: number, threshold: number): boolean {
  let most = 0;
  for (let qi = 0; qi < qn; qi++) if (rowBits[qi] & bit) most += rowMost[qi];
  return most * (1 + BOUND_SLACK) >= threshold;
}

/** Hoare quickselect (middle pivot, deterministic) for the k-th largest value; reorders `values`. */
function kthLargest(values: Float32Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target];
}

function orderFreeKey(tokens: readonly string[]): string {
  return tokens.slice().sort().join(' ');
}
