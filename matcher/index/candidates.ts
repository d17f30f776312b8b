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
/**
 * A name's row in the finder's state, in 32-bit words: what one find reads and writes of a name
 * (its accumulated weight and mask) beside what it only reads (its first four token ids, its
 * count of non-initial tokens). Names are reached in random order, so a name costs about one
 * memory fetch per array it is read from: one row instead of four arrays. Eight words (32 bytes)
 * keep a row within one cache line.
 */
const ROW = 8;
const ACC = 0;
const MASK = 1;
const FIRST_TOKENS = 2;
const NON_INITIAL = 6;

interface Candidates {
  ids: number[];
  capped: boolean;
  /** Viable names found, before the limit: more than `limit` is what `capped` says. */
  viable: number;
}

export class CandidateFinder {
  /** The rows (see ROW), read as weights (at ACC), masks of query tokens answered (at MASK) and integers. */
  private readonly acc: Float32Array;
  private readonly mask: Uint32Array;
  /**
   * The rows as integers: each person name's first four token ids from FIRST_TOKENS (unused slots
   * hold the vocabulary size, which is never a variant), so a probe reads one row; a name of more
   * tokens has -1 in its fourth slot and is read from the index's compressed rows. Its count of
   * non-initial tokens at NON_INITIAL.
   */
  private readonly rowWords: Int32Array;
  /** Scratch of one find: the viable names' weights, in `viable` order. */
  private readonly viableWeights: Float32Array;
  /** Scratch of one find: the names hit so far, in the order first hit. */
  private readonly touched: Int32Array;
  private touchedCount = 0;
  /** Names by their tokens in sorted order: the same words in another order are always scored. */
  private readonly orderFreeKeys = new Map<string, number[]>();
  /** Postings restricted to names with at most one non-initial token: the names one hit makes viable. */
  private readonly soloOffsets: Int32Array;
  private readonly soloPostings: Int32Array;
  /**
   * Scratch: the rank of each vocabulary token as a variant of the probed query token. A byte
   * per token keeps the table, which every probed name reads at random, within the core's cache.
   */
  private readonly probeRank: Uint8Array;
  /**
   * Scratch of one find, by vocabulary token id: the query token a variant answers and how
   * closely (its factor's rank); `claimed` lists the variants, best first once sorted.
   */
  private readonly claimRank: Uint8Array;
  private readonly claimQuery: Uint8Array;
  private claimed = new Int32Array(256);
  private claimedCount = 0;
  /** Scratch of one find: the viable names. */
  private readonly viable: Int32Array;

  constructor(
    private readonly index: TokenIndex,
    private readonly names: readonly NormalizedName[],
    private readonly kind: 'person' | 'organization',
  ) {
    const n = names.length;
    const state = new ArrayBuffer(4 * ROW * n);
    this.acc = new Float32Array(state);
    this.mask = new Uint32Array(state);
    this.rowWords = new Int32Array(state);
    for (let id = 0; id < n; id++) this.rowWords[ROW * id + NON_INITIAL] = names[id].tokens.filter((t) => t.length > 1).length;
    this.touched = new Int32Array(n);
    // Probing serves person names only (two query tokens answered); organizations walk everything.
    const probeTables = kind === 'person' ? buildProbeTables(index, n, (id) => this.rowWords[ROW * id + NON_INITIAL]) : null;
    this.soloOffsets = probeTables?.soloOffsets ?? new Int32Array(index.words.length + 1);
    this.soloPostings = probeTables?.soloPostings ?? new Int32Array(0);
    this.probeRank = new Uint8Array(probeTables ? index.words.length + 1 : 0).fill(NO_RANK);
    if (probeTables) fillFirstTokens(index, n, this.rowWords);
    this.viableWeights = new Float32Array(n);
    this.claimRank = new Uint8Array(index.words.length).fill(NO_RANK);
    this.claimQuery = new Uint8Array(index.words.length);
    this.viable = new Int32Array(n);
    names.forEach((name, id) => {
      const key = orderFreeKey(name.tokens);
      const list = this.orderFreeKeys.get(key);
      if (list) list.push(id);
      else this.orderFreeKeys.set(key, [id]);
    });
  }

  /** The query token whose variants have the most postings in all (the lowest such token on a tie). */
  private longestPostings(): number {
    const cost = new Float64Array(MAX_QUERY_TOKENS);
    const { offsets } = this.index;
    for (let r = 0; r < this.claimedCount; r++) {
      const token = this.claimed[r];
      cost[this.claimQuery[token]] += offsets[token + 1] - offsets[token];
    }
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
    for (let r = 0; r < keys.length; r++) this.claimed[r] = keys[r] % vocabSize;
  }

  /**
   * Adds a hit on query tokens `bits` worth `weight` to each name in one postings row (a name
   * already holding those bits keeps its first, closest hit); names hit for the first time are
   * listed in `touched`, which has room for every name, since each is listed at most once.
   */
  private walk(offsets: Int32Array, postings: Int32Array, token: number, bits: number, weight: number): void {
    const { mask, acc, touched } = this;
    let count = this.touchedCount;
    for (let p = offsets[token], end = offsets[token + 1]; p < end; p++) {
      const id = postings[p];
      const m = mask[ROW * id + MASK];
      if ((m & bits) === bits) continue;
      if (m === 0) touched[count++] = id;
      mask[ROW * id + MASK] = m | bits;
      acc[ROW * id + ACC] += weight;
    }
    this.touchedCount = count;
  }

  /**
   * Tests the names touched from position `from` on for the probed query token (its variants'
   * ranks set in `probeRank`) and adds the best one's hit; returns where the next probe
   * starts. A probe hit adds no name to `touched`: every probed name is there already.
   */
  private probe(from: number, bit: number, weight: number): number {
    const { mask, acc, touched, probeRank, rowWords } = this;
    const { nameTokenOffsets, nameTokenIds } = this.index;
    const count = this.touchedCount;
    for (let t = from; t < count; t++) {
      const id = touched[t];
      if (mask[ROW * id + MASK] & bit) continue;
      const row = ROW * id + FIRST_TOKENS;
      let best = probeRank[rowWords[row]];
      const second = probeRank[rowWords[row + 1]];
      if (second < best) best = second;
      const third = probeRank[rowWords[row + 2]];
      if (third < best) best = third;
      const fourth = rowWords[row + 3];
      if (fourth >= 0) {
        const rank = probeRank[fourth];
        if (rank < best) best = rank;
      } else {
        for (let k = nameTokenOffsets[id] + 3, end = nameTokenOffsets[id + 1]; k < end; k++) {
          const rank = probeRank[nameTokenIds[k]];
          if (rank < best) best = rank;
        }
      }
      if (best !== NO_RANK) {
        mask[ROW * id + MASK] |= bit;
        acc[ROW * id + ACC] += weight * FACTOR_RANKS[best];
      }
    }
    return count;
  }

  find(query: NormalizedName, limit: number): Candidates {
    const q = query.tokens.slice(0, MAX_QUERY_TOKENS);
    this.touchedCount = 0;
    const { offsets, postings } = this.index;
    // A hit earns the weight of the query token it answers, scaled by how close the variant is:
    // a rare misspelling of a common query word must not outrank the word's nickname or the word.
    const qWeight = q.map((t) => this.index.queryWeightOf(t));
    this.claimedCount = 0;
    let totalWeight = 0;
    let usable = 0;
    for (let i = 0; i < q.length; i++) {
      totalWeight += qWeight[i];
      // A person's initials are matched in scoring; an organization's single letters (A & B) are words.
      if (q[i].length <= 1 && this.kind === 'person') continue;
      // A repeated word (GARCIA GARCIA) is one token to answer: its repeat claims nothing.
      if (q.indexOf(q[i]) === i) usable++;
      const { tokens, ranks } = this.index.expand(q[i]);
      for (let k = 0; k < tokens.length; k++) this.claim(i, tokens[k], ranks[k]);
    }
    this.sortClaims();
    const { claimed, claimedCount, claimRank, claimQuery } = this;
    // A person name needs hits on two query tokens (unless it has a single usable token), so the
    // query token with the longest postings (SMITH and its variants) need not be walked: every
    // viable name is reached through another token and is only probed for it. Its postings
    // restricted to one-token names are still walked, since one hit makes those viable.
    const probed = this.kind === 'person' && usable >= 2 ? this.longestPostings() : -1;
    for (let r = 0; r < claimedCount; r++) {
      const token = claimed[r];
      const qi = claimQuery[token];
      const weight = qWeight[qi] * FACTOR_RANKS[claimRank[token]];
      if (qi === probed) this.walk(this.soloOffsets, this.soloPostings, token, 1 << qi, weight);
      else this.walk(offsets, postings, token, 1 << qi, weight);
    }
    const setProbeRanks = (on: boolean): void => {
      for (let r = 0; r < claimedCount; r++)
        if (claimQuery[claimed[r]] === probed) this.probeRank[claimed[r]] = on ? claimRank[claimed[r]] : NO_RANK;
    };
    if (probed >= 0) setProbeRanks(true);
    const probedUpTo = probed >= 0 ? this.probe(0, 1 << probed, qWeight[probed]) : 0;
    for (let i = 0; i + 1 < q.length; i++) {
      const joined = this.index.vocab.get(q[i] + q[i + 1]);
      if (joined !== undefined)
        this.walk(offsets, postings, joined, (1 << i) | (1 << (i + 1)), (qWeight[i] + qWeight[i + 1]) * FACTOR.merged);
    }
    // Names first reached through a word written as one are probed too.
    if (probed >= 0) {
      this.probe(probedUpTo, 1 << probed, qWeight[probed]);
      setProbeRanks(false);
    }
    for (let r = 0; r < claimedCount; r++) claimRank[claimed[r]] = NO_RANK;

    const { viable, viableWeights, acc, mask } = this;
    let viableCount = 0;
    const initials = q.filter((t) => t.length === 1);
    const touchedCount = this.touchedCount;
    for (let k = 0; k < touchedCount; k++) {
      const id = this.touched[k];
      let ok: boolean;
      if (this.kind === 'person') {
        const need = Math.max(1, Math.min(2, usable, this.rowWords[ROW * id + NON_INITIAL]));
        ok = popcount(mask[ROW * id + MASK]) >= need;
      } else {
        ok = acc[ROW * id + ACC] >= ORG_VIABLE_SHARE * totalWeight;
      }
      if (ok) {
        for (const initial of initials) if (hasTokenStartingWith(this.names[id].tokens, initial)) acc[ROW * id + ACC] += INITIAL_BONUS;
        viableWeights[viableCount] = acc[ROW * id + ACC];
        viable[viableCount++] = id;
      }
      // Read for the last time: cleared for the next find while the line is at hand.
      acc[ROW * id + ACC] = 0;
      mask[ROW * id + MASK] = 0;
    }
    const capped = viableCount > limit;
    const chosen = capped
      ? topByWeight(viable.subarray(0, viableCount), viableWeights.subarray(0, viableCount), limit)
      : Array.from(viable.subarray(0, viableCount));
    const sameWords = this.orderFreeKeys.get(orderFreeKey(query.tokens));
    if (sameWords) {
      const have = new Set(chosen);
      // The identical names first, then the same words in another order.
      const identicalFirst = [
        ...sameWords.filter((id) => this.names[id].key === query.key),
        ...sameWords.filter((id) => this.names[id].key !== query.key),
      ];
      for (const id of identicalFirst)
        if (!have.has(id)) {
          have.add(id);
          chosen.push(id);
        }
    }
    return { ids: chosen, capped, viable: viableCount };
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
  for (let i = 0; i < ids.length; i++) if (weights[i] >= threshold) kept.push(i);
  kept.sort((a, b) => weights[b] - weights[a] || ids[a] - ids[b]);
  kept.length = Math.min(kept.length, limit);
  return kept.map((i) => ids[i]);
}

function hasTokenStartingWith(tokens: readonly string[], initial: string): boolean {
  for (const t of tokens) if (t[0] === initial) return true;
  return false;
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

/** Four token ids per name, in its row (see CandidateFinder.rowWords). */
function fillFirstTokens(index: TokenIndex, n: number, rows: Int32Array): void {
  const vocabSize = index.words.length;
  const { nameTokenOffsets, nameTokenIds } = index;
  for (let id = 0; id < n; id++) {
    const start = nameTokenOffsets[id];
    const length = nameTokenOffsets[id + 1] - start;
    for (let k = 0; k < 4; k++) rows[ROW * id + FIRST_TOKENS + k] = k < length ? nameTokenIds[start + k] : vocabSize;
    if (length > 4) rows[ROW * id + FIRST_TOKENS + 3] = -1;
  }
}

interface ProbeTables {
  soloOffsets: Int32Array;
  soloPostings: Int32Array;
}

/** The postings of the names with at most one non-initial token. */
function buildProbeTables(index: TokenIndex, n: number, nonInitial: (id: number) => number): ProbeTables {
  const { nameTokenOffsets, nameTokenIds } = index;
  const vocabSize = index.words.length;
  const soloOffsets = new Int32Array(vocabSize + 1);
  for (let i = 0; i < n; i++) {
    if (nonInitial(i) > 1) continue;
    for (let k = nameTokenOffsets[i]; k < nameTokenOffsets[i + 1]; k++) soloOffsets[nameTokenIds[k] + 1]++;
  }
  for (let t = 0; t < vocabSize; t++) soloOffsets[t + 1] += soloOffsets[t];
  const soloPostings = new Int32Array(soloOffsets[vocabSize]);
  const fill = soloOffsets.slice(0, vocabSize);
  for (let i = 0; i < n; i++) {
    if (nonInitial(i) > 1) continue;
    for (let k = nameTokenOffsets[i]; k < nameTokenOffsets[i + 1]; k++) soloPostings[fill[nameTokenIds[k]]++] = i;
  }
  return { soloOffsets, soloPostings };
}

function orderFreeKey(tokens: readonly string[]): string {
  return tokens.slice().sort().join(' ');
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
