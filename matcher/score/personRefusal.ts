import { gatherShapedPairs, shapedSurnameCanPair, type Alignment, type TokenPairs } from './alignment';
import { PARTICLE, ROLE_BITS, ROLE_CODE, SOFT, type NameShape } from './nameShape';

/**
 * The person comparison's refusals: a listed name no query word can pair a surname word with, or
 * that cannot reach the score the caller acts on, is no potential match, and needs no alignment.
 * They read only the names' shapes (nameShape.ts) and the token similarities, so the screening
 * path refuses most candidates from the index's typed arrays without loading their name objects.
 */

/**
 * What an unpaired surname word costs as the other half of a compound surname whose first half
 * paired: written as surname (FARIAS-NIEVES ~ FARIAS), or read from a middle name's place
 * (NormalizedName.compoundLead), which is a guess (the word may be a middle name after all).
 */
export const HALF_COST = { written: 0.3, read: 0.4 } as const;
/**
 * What an unpaired particle costs: dropping one is formatting (DE LA CRUZ ~ CRUZ), and one whose
 * word is unpaired too is costed with that word (DE LA FUENTE is one surname part).
 */
export const PARTICLE_COST = { dropped: 0.05, carried: 0 } as const;
/** A lead word is read as a first surname only when it is the same word on both sides, or the same letters written as two words (DEJESUS ~ DE JESUS). */
export const LEAD_MIN_SIM = 0.98;

/**
 * Cost of leaving a person word (its code and length, see nameShape.ts) unpaired. `halfCost`:
 * when another surname word of the same side paired, what this one costs as the compound's other
 * half (HALF_COST), else null. `particleCost`: for a particle, its cost (PARTICLE_COST), else null.
 */
export function wordCost(
  code: number,
  length: number,
  side: 'q' | 'e',
  otherLen: number,
  halfCost: number | null,
  particleCost: number | null = null,
): number {
  if (particleCost !== null) return particleCost;
  if (code & SOFT) return 0.1;
  if (length === 1) return 0.2;
  const role = code & ROLE_BITS;
  if (role === ROLE_CODE.middle) return 0.25;
  if (role === ROLE_CODE.surname && halfCost !== null) return halfCost;
  if (side === 'e' && role === ROLE_CODE.given && otherLen === 1) return 0.5;
  if (side === 'q' && otherLen === 1) return 0.5;
  return 1;
}

/** The weight of a person word of this length in its pair (an initial says half as much as a word). */
export function lengthWeight(length: number): number {
  return length === 1 ? 0.5 : 1;
}

/** Words that go with a compound given in part: middle names, surname words and particles. */
export function inCompoundRemainderCode(code: number): boolean {
  const role = code & ROLE_BITS;
  return role === ROLE_CODE.middle || role === ROLE_CODE.surname || (code & PARTICLE) !== 0;
}

/** Each token's highest similarity among the gathered pairs, query tokens then listed ones. */
let bestSims = new Float64Array(32);

export function gatherBestSimilarities(gathered: Alignment, qLength: number, eLength: number): Float64Array {
  const size = qLength + eLength;
  if (bestSims.length < size) bestSims = new Float64Array(2 * size);
  bestSims.fill(0, 0, size);
  for (let p = 0; p < gathered.count; p++) {
    const sim = gathered.sim[p];
    for (let k = gathered.qi[p], end = k + gathered.qn[p]; k < end; k++) if (sim > bestSims[k]) bestSims[k] = sim;
    for (let k = qLength + gathered.ei[p], end = k + gathered.en[p]; k < end; k++) if (sim > bestSims[k]) bestSims[k] = sim;
  }
  return bestSims;
}

/**
 * What one token can add to sum(a - T * b) (see personCanReach): paired, at most half its weight
 * times (its best similarity - T); unpaired, -T times its cost. A token in no gathered pair
 * (best 0) is unpaired in every alignment.
 */
export function mostAdded(weight: number, best: number, lowestCost: number, threshold: number): number {
  const unpaired = -threshold * lowestCost;
  return best > 0 ? Math.max((weight * (best - threshold)) / 2, unpaired) : unpaired;
}

/** Rounding slack: a bound and a score add the same terms in another order. */
const BOUND_SLACK = 1e-9;

/**
 * Whether a person comparison of names of these shapes could be a potential match at
 * `threshold`: a listed surname word can pair (or the lead word read as one), and aligning the
 * gathered pairs could score `threshold` or more (personCanReach). The names' keys must differ
 * (equal keys are an exact match, refused never).
 */
export function personMayMatch(q: NameShape, e: NameShape, sims: TokenPairs, threshold: number): boolean {
  if (!shapedSurnameCanPair(q, e, sims, e.compoundLead, LEAD_MIN_SIM)) return false;
  return personCanReach(q, e, gatherShapedPairs(q, e, sims), threshold);
}

/**
 * Whether aligning the gathered pairs could score `threshold` or more. Token by token, a score
 * is sum(a) / sum(b): a token in a pair of similarity s adds (s * w / 2, w / 2) (each side holds
 * half its pair's weight), an unpaired token (0, cost). So score >= T exactly when
 * sum(a - T * b) >= 0, and whatever the other tokens do, a token adds at most `mostAdded`, with
 * its highest similarity in any gathered pair and its lowest cost (a person's surname counted
 * as paired). The word-order factor and the caps only lower a score.
 */
function personCanReach(q: NameShape, e: NameShape, gathered: Alignment, threshold: number): boolean {
  const qn = q.count;
  const best = gatherBestSimilarities(gathered, qn, e.count);
  sideMostAdded(q, best, 0, e.count, 'q', threshold, 0);
  sideMostAdded(e, best, qn, qn, 'e', threshold, 1);
  return sidesAdded[0] + sidesAdded[1] >= -BOUND_SLACK;
}

/** What each side's tokens can add at most, query then listed: a float returned from a call is a heap number each time, two per refusal. */
const sidesAdded = new Float64Array(2);

/**
 * What one side's tokens can add at most (personCanReach, into `sidesAdded[side]`), `best` holding their highest
 * similarities from `offset`. A side's compound remainder (capped at its half's cost,
 * HALF_COST.written at the lowest) adds either what its tokens add one by one, or at most their
 * gains when paired less the capped cost: the larger bounds both cases. A function of its own,
 * not a closure: personCanReach runs for most candidates, and a closure is an allocation per call.
 */
function sideMostAdded(
  n: NameShape,
  best: Float64Array,
  offset: number,
  otherLen: number,
  who: 'q' | 'e',
  threshold: number,
  side: 0 | 1,
): void {
  let total = 0;
  let remainder = 0;
  let remainderGains = 0;
  for (let i = 0; i < n.count; i++) {
    const code = n.codes[i];
    const length = n.lengths[i];
    const w = lengthWeight(length);
    const added = mostAdded(
      w,
      best[offset + i],
      wordCost(code, length, who, otherLen, HALF_COST.written, code & PARTICLE ? PARTICLE_COST.carried : null),
      threshold,
    );
    if (inCompoundRemainderCode(code)) {
      remainder += added;
      if (best[offset + i] > 0) remainderGains += Math.max(0, (w * (best[offset + i] - threshold)) / 2);
    } else total += added;
  }
  sidesAdded[side] = total + Math.max(remainder, remainderGains - threshold * HALF_COST.written);
}
