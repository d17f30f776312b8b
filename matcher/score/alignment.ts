import type { NormalizedName } from '../normalize/name';
import { NameShape, PARTICLE_WORD, ROLE_BITS, ROLE_CODE } from './nameShape';

/**
 * Token alignment: which query token pairs with which listed token. Each query token is paired
 * with at most one listed token (or with two adjacent listed tokens written as one, and the
 * reverse: SMITHJONES ~ SMITH JONES), best pairs first: higher similarity, then pairs covering
 * more tokens, then positional closeness. Names have a handful of tokens, so this greedy choice
 * is exact in practice.
 */

/**
 * The token similarities one comparison reads: of query token i and listed token j; of query
 * token i and listed tokens j, j+1 written as one; of query tokens i, i+1 written as one and
 * listed token j.
 */
export interface TokenPairs {
  tokens(qi: number, ej: number): number;
  mergedListed(qi: number, ej: number): number;
  mergedQuery(qi: number, ej: number): number;
}

const MERGE_FACTOR = 0.98;
/** An initial is never half of a word written as two (R STRONG is not ARMSTRONG). */
const MERGE_PART_MIN = 2;

/** Whether a word of length `whole` may be two adjacent words of lengths `a` and `b` written as one. */
function mergeable(whole: number, a: number, b: number): boolean {
  return whole >= 4 && a >= MERGE_PART_MIN && b >= MERGE_PART_MIN && Math.abs(a + b - whole) <= 2;
}

/**
 * Token pairs in parallel arrays: pair k joins query tokens [qi[k], qi[k] + qn[k]) with listed
 * tokens [ei[k], ei[k] + en[k]) at similarity sim[k]. `align` returns the chosen pairs of the
 * latest alignment this way, by query position. Its scratch instances serve every comparison
 * (they are synchronous and never nested): a screening compares hundreds of names, and an
 * object per candidate pair kept the garbage collector pausing screenings.
 */
export class Alignment {
  count = 0;
  qi = new Int32Array(8);
  qn = new Int32Array(8);
  ei = new Int32Array(8);
  en = new Int32Array(8);
  sim = new Float64Array(8);

  /** Whether the pairs keep the listed order (no word-order change). */
  monotonic(): boolean {
    for (let k = 1; k < this.count; k++) if (this.ei[k] < this.ei[k - 1]) return false;
    return true;
  }

  ensure(capacity: number): void {
    if (this.qi.length >= capacity) return;
    const size = 2 * capacity;
    this.qi = new Int32Array(size);
    this.qn = new Int32Array(size);
    this.ei = new Int32Array(size);
    this.en = new Int32Array(size);
    this.sim = new Float64Array(size);
  }
}

/** Every pair with a similarity above 0, before the choice; `order` ranks them. */
const candidates = Object.assign(new Alignment(), { order: new Int32Array(8) });
const chosen = new Alignment();
/** Token-used flags of the choice. */
let qTaken = new Uint8Array(32);
let eTaken = new Uint8Array(32);

function addCandidate(qi: number, qn: number, ei: number, en: number, sim: number): void {
  const k = candidates.count++;
  candidates.qi[k] = qi;
  candidates.qn[k] = qn;
  candidates.ei[k] = ei;
  candidates.en[k] = en;
  candidates.sim[k] = sim;
}

/** < 0 when candidate a is preferred to candidate b. */
function preference(a: number, b: number): number {
  const { qi, qn, ei, en, sim } = candidates;
  return (
    sim[b] - sim[a] ||
    qn[b] + en[b] - (qn[a] + en[a]) ||
    Math.abs(qi[a] - ei[a]) - Math.abs(qi[b] - ei[b]) ||
    qi[a] - qi[b] ||
    ei[a] - ei[b]
  );
}

/** Scratch of the comparisons of written words: their lengths. */
const queryWords = new NameShape();
const listedWords = new NameShape();

/**
 * Every pair of a query token (or two written as one) and a listed token (or two) with a
 * similarity above 0: what `choosePairs` chooses from. Returned in the shared scratch, valid
 * until the next call.
 */
export function gatherPairs(q: readonly string[], e: readonly string[], sims: TokenPairs): Alignment {
  return gatherShapedPairs(queryWords.ofWords(q), listedWords.ofWords(e), sims);
}

/** gatherPairs from the names' word lengths (all that pairing reads of the words beside their similarities). */
export function gatherShapedPairs(q: NameShape, e: NameShape, sims: TokenPairs): Alignment {
  const ql = q.lengths;
  const el = e.lengths;
  const qCount = q.count;
  const eCount = e.count;
  const most = 3 * qCount * eCount + 1;
  candidates.ensure(most);
  if (candidates.order.length < most) candidates.order = new Int32Array(2 * most);
  candidates.count = 0;
  for (let i = 0; i < qCount; i++) {
    for (let j = 0; j < eCount; j++) {
      const v = sims.tokens(i, j);
      if (v > 0) addCandidate(i, 1, j, 1, v);
    }
  }
  // Merged / split tokens: one side writes two adjacent tokens as one.
  for (let i = 0; i < qCount; i++) {
    for (let j = 0; j + 1 < eCount; j++) {
      if (!mergeable(ql[i], el[j], el[j + 1])) continue;
      const v = sims.mergedListed(i, j) * MERGE_FACTOR;
      if (v > 0) addCandidate(i, 1, j, 2, v);
    }
  }
  for (let j = 0; j < eCount; j++) {
    for (let i = 0; i + 1 < qCount; i++) {
      if (!mergeable(el[j], ql[i], ql[i + 1])) continue;
      const v = sims.mergedQuery(i, j) * MERGE_FACTOR;
      if (v > 0) addCandidate(i, 2, j, 1, v);
    }
  }
  return candidates;
}

/** Chooses among the pairs `gatherPairs` just found for names of these lengths: best pairs first, each token in one pair at most. */
export function choosePairs(qLength: number, eLength: number): Alignment {
  // A stable insertion sort: a handful of candidates, and ties keep the order they were found in.
  const { order } = candidates;
  for (let k = 0; k < candidates.count; k++) {
    let at = k;
    while (at > 0 && preference(order[at - 1], k) > 0) {
      order[at] = order[at - 1];
      at--;
    }
    order[at] = k;
  }
  if (qTaken.length < qLength) qTaken = new Uint8Array(2 * qLength);
  if (eTaken.length < eLength) eTaken = new Uint8Array(2 * eLength);
  qTaken.fill(0, 0, qLength);
  eTaken.fill(0, 0, eLength);
  chosen.ensure(Math.min(qLength, eLength) + 1);
  chosen.count = 0;
  for (let r = 0; r < candidates.count; r++) {
    const c = order[r];
    const qi = candidates.qi[c];
    const qn = candidates.qn[c];
    const ei = candidates.ei[c];
    const en = candidates.en[c];
    if (qTaken[qi] || (qn === 2 && qTaken[qi + 1]) || eTaken[ei] || (en === 2 && eTaken[ei + 1])) continue;
    qTaken[qi] = 1;
    if (qn === 2) qTaken[qi + 1] = 1;
    eTaken[ei] = 1;
    if (en === 2) eTaken[ei + 1] = 1;
    // Kept in query order: each query token is in one chosen pair at most.
    let at = chosen.count++;
    while (at > 0 && chosen.qi[at - 1] > qi) {
      chosen.qi[at] = chosen.qi[at - 1];
      chosen.qn[at] = chosen.qn[at - 1];
      chosen.ei[at] = chosen.ei[at - 1];
      chosen.en[at] = chosen.en[at - 1];
      chosen.sim[at] = chosen.sim[at - 1];
      at--;
    }
    chosen.qi[at] = qi;
    chosen.qn[at] = qn;
    chosen.ei[at] = ei;
    chosen.en[at] = en;
    chosen.sim[at] = candidates.sim[c];
  }
  return chosen;
}

export function align(q: readonly string[], e: readonly string[], sims: TokenPairs): Alignment {
  gatherPairs(q, e, sims);
  return choosePairs(q.length, e.length);
}

/**
 * Whether alignment could pair a listed surname token at all: some query token (or two written
 * as one) is similar to it, or to it written together with a neighbour, or at least `leadMinSim`
 * to the listed word `lead` that may hold a compound surname's first part (-1: none), alone or
 * glued to the particle before it (DEJESUS ~ DE JESUS). When none is, a person comparison cannot
 * be plausible, whatever else pairs.
 */
export function surnameCanPair(q: readonly string[], e: NormalizedName, sims: TokenPairs, lead = -1, leadMinSim = 1): boolean {
  return shapedSurnameCanPair(queryWords.ofWords(q), listedWords.of(e), sims, lead, leadMinSim);
}

/** surnameCanPair from the names' shapes: the query's word lengths, the listed name's roles, lengths and particle words. */
export function shapedSurnameCanPair(q: NameShape, e: NameShape, sims: TokenPairs, lead: number, leadMinSim: number): boolean {
  const ql = q.lengths;
  const el = e.lengths;
  const qCount = q.count;
  const eCount = e.count;
  for (let j = 0; j < eCount; j++) {
    if ((e.codes[j] & ROLE_BITS) !== ROLE_CODE.surname) continue;
    for (let i = 0; i < qCount; i++) if (sims.tokens(i, j) > 0) return true;
    for (let i = 0; i < qCount; i++) {
      if (j + 1 < eCount && mergeable(ql[i], el[j], el[j + 1]) && sims.mergedListed(i, j) > 0) return true;
      if (j > 0 && mergeable(ql[i], el[j - 1], el[j]) && sims.mergedListed(i, j - 1) > 0) return true;
      if (i + 1 < qCount && mergeable(el[j], ql[i], ql[i + 1]) && sims.mergedQuery(i, j) > 0) return true;
    }
  }
  // Only when no surname word can pair: most candidates never get here.
  if (lead < 0) return false;
  const leadAfterParticle = lead > 0 && (e.codes[lead - 1] & PARTICLE_WORD) !== 0;
  for (let i = 0; i < qCount; i++) {
    if (sims.tokens(i, lead) >= leadMinSim) return true;
    if (leadAfterParticle && mergeable(ql[i], el[lead - 1], el[lead]) && sims.mergedListed(i, lead - 1) >= leadMinSim) return true;
  }
  return false;
}
