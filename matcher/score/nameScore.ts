import type { NormalizedName, TokenRole } from '../normalize/name';
import { orgTokenSimilarity, personTokenSimilarity } from './tokenSimilarity';

/**
 * Name comparison by token alignment. Each query token is paired with at most one list token
 * (or with two adjacent list tokens written as one, and the reverse: SMITHJONES ~ SMITH JONES),
 * best pairs first. The score is
 *
 *     sum(pair similarity x pair weight) / (sum(pair weight) + sum(cost of unpaired tokens))
 *
 * so a name scores 1 only when every token is paired with an equal one; unpaired tokens cost
 * according to what their absence means (a missing middle name costs little, a missing given
 * name a lot). Word-order changes and merged tokens shave a little off so variants rank below
 * the exact name. Exactly equal keys, and only they, score 1.
 */
export interface NameComparison {
  score: number;
  /** The structural checks for a person passed (surname and a given name both accounted for). */
  plausible: boolean;
}

/** Token similarities within one screening: query token -> list token -> similarity. */
export type SimCache = Map<string, Map<string, number>>;

/**
 * The token similarities one comparison reads: of query token i and listed token j, and of two
 * written strings (a token against two adjacent ones written as one, which no vocabulary holds).
 */
export interface TokenPairs {
  tokens(qi: number, ej: number): number;
  text(q: string, e: string): number;
}

/** How close a one-word listed name must be to a roster word other than the surname. */
const BARE_SURNAME_MIN_SIM = 0.9;
export const ORDER_FACTOR = 0.96;
export const MERGE_FACTOR = 0.98;
/** An initial is never half of a word written as two (R STRONG is not ARMSTRONG). */
const MERGE_PART_MIN = 2;
const NON_EXACT_CAP = 0.99;

/** Cost of leaving a person token unpaired. */
function personCost(role: TokenRole, token: string, soft: boolean, side: 'q' | 'e', otherLen: number, surnamePaired: boolean): number {
  if (soft) return 0.1;
  if (token.length === 1) return 0.2;
  if (role === 'middle') return 0.25;
  if (side === 'e' && role === 'surname' && surnamePaired) return 0.3;
  if (side === 'e' && role === 'given' && otherLen === 1) return 0.5;
  if (side === 'q' && otherLen === 1) return 0.5;
  return 1;
}

interface Pair { qi: number; qn: number; ei: number; en: number; sim: number }

/**
 * Token-used flags, reused: a screening compares hundreds of names and the comparison is
 * synchronous, so one pair of buffers serves align and then its caller without allocating.
 */
const flagBuffers = [new Uint8Array(32), new Uint8Array(32)];

function zeroedFlags(slot: 0 | 1, length: number): Uint8Array {
  if (flagBuffers[slot].length < length) flagBuffers[slot] = new Uint8Array(2 * length);
  const flags = flagBuffers[slot];
  flags.fill(0, 0, length);
  return flags;
}

type TokenSim = (q: string, e: string) => number;

export function cachedSim(sim: TokenSim, simCache: SimCache | undefined, a: string, b: string): number {
  if (!simCache) return sim(a, b);
  let row = simCache.get(a);
  if (row === undefined) {
    row = new Map();
    simCache.set(a, row);
  }
  let v = row.get(b);
  if (v === undefined) {
    v = sim(a, b);
    row.set(b, v);
  }
  return v;
}

/** Token pairs of two written names, computed from their text (optionally memoized in `simCache`). */
export function textPairs(q: NormalizedName, e: NormalizedName, sim: TokenSim, simCache?: SimCache): TokenPairs {
  return {
    tokens: (i, j) => cachedSim(sim, simCache, q.tokens[i], e.tokens[j]),
    text: (a, b) => cachedSim(sim, simCache, a, b),
  };
}

/** Best-first greedy alignment; names have a handful of tokens, so this is exact in practice. */
function align(q: string[], e: string[], sims: TokenPairs): Pair[] {
  const cands: Pair[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < e.length; j++) {
      const v = sims.tokens(i, j);
      if (v > 0) cands.push({ qi: i, qn: 1, ei: j, en: 1, sim: v });
    }
  }
  // Merged / split tokens: one side writes two adjacent tokens as one.
  for (let i = 0; i < q.length; i++) {
    if (q[i].length < 4) continue;
    for (let j = 0; j + 1 < e.length; j++) {
      if (e[j].length < MERGE_PART_MIN || e[j + 1].length < MERGE_PART_MIN) continue;
      if (Math.abs(e[j].length + e[j + 1].length - q[i].length) > 2) continue;
      const v = sims.text(q[i], e[j] + e[j + 1]) * MERGE_FACTOR;
      if (v > 0) cands.push({ qi: i, qn: 1, ei: j, en: 2, sim: v });
    }
  }
  for (let j = 0; j < e.length; j++) {
    if (e[j].length < 4) continue;
    for (let i = 0; i + 1 < q.length; i++) {
      if (q[i].length < MERGE_PART_MIN || q[i + 1].length < MERGE_PART_MIN) continue;
      if (Math.abs(q[i].length + q[i + 1].length - e[j].length) > 2) continue;
      const v = sims.text(q[i] + q[i + 1], e[j]) * MERGE_FACTOR;
      if (v > 0) cands.push({ qi: i, qn: 2, ei: j, en: 1, sim: v });
    }
  }
  // Prefer higher similarity, then pairs covering more tokens, then positional closeness.
  cands.sort((a, b) => b.sim - a.sim || (b.qn + b.en) - (a.qn + a.en) || Math.abs(a.qi - a.ei) - Math.abs(b.qi - b.ei) || a.qi - b.qi || a.ei - b.ei);
  const qUsed = zeroedFlags(0, q.length);
  const eUsed = zeroedFlags(1, e.length);
  const pairs: Pair[] = [];
  for (const c of cands) {
    if (qUsed[c.qi] || (c.qn === 2 && qUsed[c.qi + 1]) || eUsed[c.ei] || (c.en === 2 && eUsed[c.ei + 1])) continue;
    qUsed[c.qi] = 1;
    if (c.qn === 2) qUsed[c.qi + 1] = 1;
    eUsed[c.ei] = 1;
    if (c.en === 2) eUsed[c.ei + 1] = 1;
    pairs.push(c);
  }
  pairs.sort((a, b) => a.qi - b.qi);
  return pairs;
}

function monotonic(pairs: Pair[]): boolean {
  for (let k = 1; k < pairs.length; k++) if (pairs[k].ei < pairs[k - 1].ei) return false;
  return true;
}

function finish(raw: number, exact: boolean): number {
  if (exact) return 1;
  return Math.min(NON_EXACT_CAP, Math.max(0, raw));
}

export function comparePersonNames(q: NormalizedName, e: NormalizedName, sims: TokenPairs = textPairs(q, e, personTokenSimilarity)): NameComparison {
  if (q.key === e.key) return { score: 1, plausible: true };
  const pairs = align(q.tokens, e.tokens, sims);
  const qUsed = zeroedFlags(0, q.tokens.length);
  const eUsed = zeroedFlags(1, e.tokens.length);
  let num = 0;
  let den = 0;
  let surnamePaired = false;
  let surnameBest = 0;
  let otherPaired = false;
  let bareSurnameAnswered = false;
  for (const p of pairs) {
    let wq = 0;
    for (let k = 0; k < p.qn; k++) { qUsed[p.qi + k] = 1; wq += q.tokens[p.qi + k].length === 1 ? 0.5 : 1; }
    let we = 0;
    let touchesSurname = false;
    for (let k = 0; k < p.en; k++) {
      eUsed[p.ei + k] = 1;
      we += e.tokens[p.ei + k].length === 1 ? 0.5 : 1;
      if (e.roles[p.ei + k] === 'surname') touchesSurname = true;
    }
    const w = (wq + we) / 2;
    num += p.sim * w;
    den += w;
    if (touchesSurname) {
      surnamePaired = true;
      surnameBest = Math.max(surnameBest, p.sim);
      if (p.sim >= BARE_SURNAME_MIN_SIM || (p.qn === 1 && q.roles[p.qi] === 'surname')) bareSurnameAnswered = true;
    } else {
      otherPaired = true;
    }
  }
  for (let i = 0; i < q.tokens.length; i++) {
    if (!qUsed[i]) den += personCost(q.roles[i], q.tokens[i], q.soft[i], 'q', e.tokens.length, surnamePaired);
  }
  for (let j = 0; j < e.tokens.length; j++) {
    if (!eUsed[j]) den += personCost(e.roles[j], e.tokens[j], e.soft[j], 'e', q.tokens.length, surnamePaired);
  }
  let score = den > 0 ? num / den : 0;
  if (!monotonic(pairs)) score *= ORDER_FACTOR;
  const oneSided = q.tokens.length === 1 || e.tokens.length === 1;
  // A listed name of one word (a bare surname or alias) stands for the subject's surname: it must
  // meet the roster's surname, or another of its words almost exactly (swapped order), never a
  // misspelt given name (RIORDAN is no match for JORDAN Q EXAMPLESON).
  const plausible = surnamePaired && surnameBest >= 0.75 && (otherPaired || oneSided) && (e.tokens.length > 1 || bareSurnameAnswered);
  return { score: finish(score, false), plausible };
}

/** Organization names: tokens weighted by rarity (IDF) so shared filler words count little. */
export function compareOrgNames(
  q: NormalizedName & { strictKey?: string },
  e: NormalizedName & { strictKey?: string },
  weight: (token: string) => number,
  sims: TokenPairs = textPairs(q, e, orgTokenSimilarity),
): NameComparison {
  if (q.strictKey !== undefined && q.strictKey === e.strictKey) return { score: 1, plausible: true };
  if (q.key === e.key) return { score: 0.98, plausible: true };
  const pairs = align(q.tokens, e.tokens, sims);
  const qUsed = zeroedFlags(0, q.tokens.length);
  const eUsed = zeroedFlags(1, e.tokens.length);
  let num = 0;
  let den = 0;
  for (const p of pairs) {
    let wq = 0;
    for (let k = 0; k < p.qn; k++) { qUsed[p.qi + k] = 1; wq += weight(q.tokens[p.qi + k]); }
    let we = 0;
    for (let k = 0; k < p.en; k++) { eUsed[p.ei + k] = 1; we += weight(e.tokens[p.ei + k]); }
    const w = (wq + we) / 2;
    num += p.sim * w;
    den += w;
  }
  for (let i = 0; i < q.tokens.length; i++) if (!qUsed[i]) den += weight(q.tokens[i]);
  for (let j = 0; j < e.tokens.length; j++) if (!eUsed[j]) den += weight(e.tokens[j]);
  let score = den > 0 ? num / den : 0;
  if (!monotonic(pairs)) score *= 0.98;
  return { score: Math.min(0.97, finish(score, false)), plausible: pairs.length > 0 };
}
