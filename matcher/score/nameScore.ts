import { isParticle as isParticleWord } from '../normalize/compoundSurname';
import { isKnownName } from '../normalize/knownNames';
import { nicknames } from '../normalize/nicknames';
import { ocrKey } from '../normalize/ocr';
import { boundedEditDistance } from '../strings/editDistance';
import type { NormalizedName, TokenRole } from '../normalize/name';
import { align, choosePairs, gatherShapedPairs, type Alignment, type TokenPairs } from './alignment';
import { NameShape, ROLE_CODE, SOFT } from './nameShape';
import { textWeights, type TokenWeights } from './tokenWeights';
import {
  HALF_COST,
  LEAD_MIN_SIM,
  PARTICLE_COST,
  gatherBestSimilarities,
  lengthWeight,
  mostAdded,
  personMayMatch,
  wordCost,
} from './personRefusal';
import {
  CLOSE_MERGED_SIM,
  SIM,
  closeWords,
  givenNameVariantOnly,
  orgTokenSimilarity,
  personTokenSimilarity,
  twoLetterTypo,
} from './tokenSimilarity';

/**
 * Name comparison by token alignment (see alignment.ts). The score is
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
  /**
   * What a plausible comparison needs beside the name (engine.ts checks it). Both name dimensions
   * are loose at once: the given name meets the listed one only as a variant
   * (givenNameVariantOnly), the surname is not the listed one, and no other name word (a middle
   * name or initial) agrees. Against a list of a quarter million persons, a nickname or likeness
   * beside a surname one edit away is more often a stranger than the person. `field`: the date of
   * birth, the NPI or the state must agree. `identifier`: the two words do not even agree closely
   * (twoAgree below), so only the date of birth or the NPI can make it a match.
   */
  corroboration: Corroboration;
}

export type Corroboration = 'none' | 'field' | 'identifier';

/**
 * How close a one-word listed name must be to a roster word other than the surname: the same
 * word, or it misread by a scanner (a typo in a given name makes another name: TANJA is not TANYA).
 */
const BARE_SURNAME_MIN_SIM = SIM.ocr;
/**
 * How close a one-word listed name must be to the roster's surname: nothing else corroborates
 * it, so a typo (one letter, two in a long name) but not a looser likeness (FARIAS is no
 * MARIA: two letters of six, the first one among them).
 */
const ONE_WORD_SURNAME_MIN_SIM = 0.85;
const ORDER_FACTOR = 0.96;
const NON_EXACT_CAP = 0.99;

/**
 * A compound surname given in part drops the rest of the name with it: FARIAS-NIEVES, SANCHO
 * ANGELA is written Sancho Farias. When one side's compound has an unpaired part, that part, its
 * particles and that side's unpaired middle names cost no more together than the part alone
 * (HALF_COST), so a listed middle name does not push a one-part match below the threshold.
 */

/** Tokens that go with a compound given in part: middle names, surname words and particles. */
function inCompoundRemainder(n: NormalizedName, j: number): boolean {
  return n.roles[j] === 'middle' || n.roles[j] === 'surname' || isParticle(n, j);
}

/** Cost of leaving a person token unpaired (wordCost, from the name's own fields). */
function personCost(
  role: TokenRole,
  token: string,
  soft: boolean,
  side: 'q' | 'e',
  otherLen: number,
  halfCost: number | null,
  particleCost: number | null,
): number {
  return wordCost(ROLE_CODE[role] | (soft ? SOFT : 0), token.length, side, otherLen, halfCost, particleCost);
}

/**
 * Token-used flags, reused: a screening compares hundreds of names and the comparison is
 * synchronous, so one pair of buffers serves every comparison without allocating.
 */
const flagBuffers = [new Uint8Array(32), new Uint8Array(32)];

function zeroedFlags(slot: 0 | 1, length: number): Uint8Array {
  if (flagBuffers[slot].length < length) flagBuffers[slot] = new Uint8Array(2 * length);
  const flags = flagBuffers[slot];
  flags.fill(0, 0, length);
  return flags;
}

type TokenSim = (q: string, e: string) => number;

/**
 * Token pairs of two written names, computed from their text: for comparisons outside an index
 * (the screening path reads them by vocabulary id, see IndexedTokenPairs).
 */
export function textPairs(q: NormalizedName, e: NormalizedName, sim: TokenSim): TokenPairs {
  const qt = q.tokens;
  const et = e.tokens;
  return {
    tokens: (i, j) => sim(qt[i], et[j]),
    mergedListed: (i, j) => sim(qt[i], et[j] + et[j + 1]),
    mergedQuery: (i, j) => sim(qt[i] + qt[i + 1], et[j]),
  };
}

function finish(raw: number, exact: boolean): number {
  if (exact) return 1;
  return Math.min(NON_EXACT_CAP, Math.max(0, raw));
}

/** What a comparison that cannot be a potential match returns when only the decision was asked for. */
const NO_MATCH: NameComparison = Object.freeze({ score: 0, plausible: false, corroboration: 'none' });
const EXACT_NAME: NameComparison = Object.freeze({ score: 1, plausible: true, corroboration: 'none' });

/** A particle before another word (soft, see compoundSurname.ts). */
function isParticle(n: NormalizedName, j: number): boolean {
  return n.soft[j] && j + 1 < n.tokens.length && isParticleWord(n.tokens[j]);
}

/** An unpaired particle's cost: carried when the word after its particles is unpaired too (`used` flags the paired tokens), else dropped. */
function particleCost(n: NormalizedName, j: number, used: Uint8Array): number | null {
  if (!isParticle(n, j)) return null;
  let k = j;
  while (k < n.tokens.length && isParticle(n, k)) k++;
  return k < n.tokens.length && !used[k] ? PARTICLE_COST.carried : PARTICLE_COST.dropped;
}

/** The weight of a person token in its pair (an initial says half as much as a word). */
function personWeight(token: string): number {
  return lengthWeight(token.length);
}

/** Rounding slack: a bound and a score add the same terms in another order. */
const BOUND_SLACK = 1e-9;

/** Scratch of the comparisons' refusals: the shapes of the two names compared. */
const queryShape = new NameShape();
const listedShape = new NameShape();

/**
 * personCanReach (personRefusal.ts) for organizations: a token's weight is its rarity, and so is
 * its cost unpaired. It reads the names' word lengths (`q`, `e`: NameShape.ofWords or the index's
 * ListedShapes), the token similarities and the weights by position, never the name objects: the
 * screening path refuses most organization candidates from the index's typed arrays with it.
 */
export function orgMayMatch(q: NameShape, e: NameShape, sims: TokenPairs, weights: TokenWeights, threshold: number): boolean {
  const qn = q.count;
  const best = gatherBestSimilarities(gatherShapedPairs(q, e, sims), qn, e.count);
  let total = 0;
  for (let i = 0; i < qn; i++) {
    const w = weights.query(i);
    total += mostAdded(w, best[i], w, threshold);
  }
  for (let j = 0; j < e.count; j++) {
    const w = weights.listed(j);
    total += mostAdded(w, best[qn + j], w, threshold);
  }
  return total >= -BOUND_SLACK;
}

/**
 * `matchAt`: the lowest score the caller acts on, when it acts only on a potential match. A
 * comparison that cannot be plausible (no listed surname token can pair) or cannot reach that
 * score returns NO_MATCH, with no score, without choosing an alignment.
 */
export function comparePersonNames(
  q: NormalizedName,
  e: NormalizedName,
  sims: TokenPairs = textPairs(q, e, personTokenSimilarity),
  matchAt?: number,
): NameComparison {
  if (q.key === e.key) return EXACT_NAME;
  let pairs: Alignment;
  if (matchAt === undefined) pairs = align(q.tokens, e.tokens, sims);
  else {
    if (!personMayMatch(queryShape.of(q), listedShape.of(e), sims, matchAt)) return NO_MATCH;
    pairs = choosePairs(q.tokens.length, e.tokens.length);
  }
  const qUsed = zeroedFlags(0, q.tokens.length);
  const eUsed = zeroedFlags(1, e.tokens.length);
  let num = 0;
  let den = 0;
  let surnamePaired = false;
  let querySurnamePaired = false;
  let surnameBest = 0;
  let otherPairs = 0;
  let bareSurnameAnswered = false;
  /** A pair reads a lead word (NormalizedName.compoundLead) as a first surname: the listed one meets the roster's surname, or the reverse. */
  let listedLeadRead = false;
  let queryLeadRead = false;
  /** Words that agree closely (closeWords), and initials that agree with a word. */
  let closeAgreements = 0;
  let initialAgreements = 0;
  /** A surname pair of the same letters (compound halves and words written as one included). */
  let surnameExact = false;
  /** Words beside the surname that meet only as a variant, and those that agree firmly (same word, typo, misreading, initial). */
  let variantGivens = 0;
  let firmOthers = 0;
  for (let p = 0; p < pairs.count; p++) {
    const qi = pairs.qi[p];
    const ei = pairs.ei[p];
    const sim = pairs.sim[p];
    let wq = 0;
    let touchesQuerySurname = false;
    for (let k = 0; k < pairs.qn[p]; k++) {
      qUsed[qi + k] = 1;
      wq += personWeight(q.tokens[qi + k]);
      if (q.roles[qi + k] === 'surname') touchesQuerySurname = true;
    }
    let we = 0;
    let touchesSurname = false;
    for (let k = 0; k < pairs.en[p]; k++) {
      eUsed[ei + k] = 1;
      we += personWeight(e.tokens[ei + k]);
      if (e.roles[ei + k] === 'surname') touchesSurname = true;
    }
    const w = (wq + we) / 2;
    num += sim * w;
    den += w;
    if (pairs.qn[p] === 1 && pairs.en[p] === 1 && (q.tokens[qi].length === 1 || e.tokens[ei].length === 1)) initialAgreements++;
    else if (pairs.qn[p] > 1 || pairs.en[p] > 1 ? sim >= CLOSE_MERGED_SIM : closeWords(q.tokens[qi], e.tokens[ei], sim)) closeAgreements++;
    if (touchesQuerySurname) querySurnamePaired = true;
    if (touchesSurname) {
      surnamePaired = true;
      surnameBest = Math.max(surnameBest, sim);
      if (sameLetters(q.tokens, qi, pairs.qn[p], e.tokens, ei, pairs.en[p])) surnameExact = true;
      if (sim >= BARE_SURNAME_MIN_SIM || (pairs.qn[p] === 1 && q.roles[qi] === 'surname' && sim >= ONE_WORD_SURNAME_MIN_SIM))
        bareSurnameAnswered = true;
      if (q.compoundLead >= qi && q.compoundLead < qi + pairs.qn[p] && sim >= LEAD_MIN_SIM) queryLeadRead = true;
    } else {
      otherPairs++;
      if (pairs.qn[p] === 1 && pairs.en[p] === 1 && givenNameVariantOnly(q.tokens[qi], e.tokens[ei], sim)) variantGivens++;
      else firmOthers++;
      // The lead alone, or glued to the particle before it (as surnameCanPair admits it).
      const coversLead = pairs.en[p] === 1 ? ei === e.compoundLead : ei === e.compoundLead - 1 && isParticleWord(e.tokens[ei]);
      if (coversLead && touchesQuerySurname && sim >= LEAD_MIN_SIM) listedLeadRead = true;
    }
  }
  // A compound surname's first part written where a middle name goes: the listed lead word is the
  // roster's surname (list "JOSE GARCIA LOPEZ", roster "Jose Garcia"), or the roster's lead word
  // is the listed surname (roster "Jose Garcia Lopez", list "GARCIA, JOSE"). The surname after it
  // is then the compound's other half; a given name must pair as well.
  let listedHalfCost: number | null = surnamePaired ? HALF_COST.written : null;
  if (!surnamePaired && listedLeadRead && otherPairs > 1) {
    surnamePaired = true;
    surnameBest = 1;
    surnameExact = true;
    otherPairs--;
    firmOthers--;
    listedHalfCost = HALF_COST.read;
  }
  let queryHalfCost: number | null = querySurnamePaired ? HALF_COST.written : null;
  if (!querySurnamePaired && queryLeadRead && otherPairs > 0) queryHalfCost = HALF_COST.read;
  const otherPaired = otherPairs > 0;
  den += unpairedCost(q, qUsed, 'q', e.tokens.length, queryHalfCost);
  den += unpairedCost(e, eUsed, 'e', q.tokens.length, listedHalfCost);
  let score = den > 0 ? num / den : 0;
  if (!pairs.monotonic()) score *= ORDER_FACTOR;
  const oneSided = q.tokens.length === 1 || e.tokens.length === 1;
  // A listed name of one word (a bare surname or alias) stands for the subject's surname: it must
  // meet the roster's surname within a typo, or another of its words almost exactly (swapped
  // order), never a misspelt given name (RIORDAN is no match for JORDAN Q EXAMPLESON).
  // Two names of several words each need two words that agree closely, or one and an initial:
  // one shared word with a mere likeness beside it (SUSAN CHERRY for Susan Curry) is noise.
  const twoAgree = oneSided || (closeAgreements >= 1 && closeAgreements + initialAgreements >= 2);
  const structural = surnamePaired && surnameBest >= 0.75 && (otherPaired || oneSided) && (e.tokens.length > 1 || bareSurnameAnswered);
  const bothLoose = structural && !oneSided && !surnameExact && variantGivens > 0 && firmOthers === 0;
  const loose =
    bothLoose || (structural && !oneSided && (looseAtOnce(q, e, pairs, surnameExact) || anotherNameUncorroborated(q, e, pairs)));
  const corroboration: Corroboration = !loose ? 'none' : twoAgree ? 'field' : 'identifier';
  return { score: finish(score, false), plausible: structural && (twoAgree || bothLoose), corroboration };
}

/**
 * Whether the name words meet in another order: the given and middle names against each other,
 * or against the surname. The parts of a compound surname may come in either order (GARCIA LOPEZ
 * ~ LOPEZ GARCIA), and a particle or other soft word (DE, LA, THI) may pair with its twin anywhere
 * in the listed name (DELEON DE LA ROSA ~ DE LEON DE LA ROSA): their places say nothing about the
 * order of the names.
 */
function wordsSwapped(q: NormalizedName, e: NormalizedName, pairs: Alignment): boolean {
  let lastListed = -1;
  for (let p = 0; p < pairs.count; p++) {
    if (pairs.qn[p] === 1 && q.soft[pairs.qi[p]]) continue;
    if (allSurname(q, pairs.qi[p], pairs.qn[p]) && allSurname(e, pairs.ei[p], pairs.en[p])) continue;
    if (pairs.ei[p] < lastListed) return true;
    lastListed = pairs.ei[p];
  }
  return false;
}

function allSurname(n: NormalizedName, from: number, count: number): boolean {
  for (let k = from; k < from + count; k++) if (n.roles[k] !== 'surname') return false;
  return true;
}

/**
 * How one word of the roster meets one listed word, for the rules on loose name dimensions:
 * `firm`, the same word, an initial that fits it or a scanner's misreading; `slight`, one letter
 * off a word of four letters or more (RPBERT ~ ROBERT, HOLLIS ~ HOLLINS); `loose`, anything
 * looser: a letter off a word of three (REY ~ ROY), two letters, a nickname, another given name
 * (givenNameVariantOnly), a sound-alike or a likeness. `given`: the pair stands beside the
 * surname, where a variant of the nickname data set is loose whatever its letters.
 */
function wordAgreement(q: string, e: string, sim: number, given: boolean): 'firm' | 'slight' | 'loose' {
  if (q === e || ((q.length === 1 || e.length === 1) && sim > 0) || ocrKey(q) === ocrKey(e)) return 'firm';
  if (given && givenNameVariantOnly(q, e, sim)) return 'loose';
  return Math.max(q.length, e.length) >= 4 && boundedEditDistance(q, e, 1) === 1 ? 'slight' : 'loose';
}

/**
 * Two loose dimensions at once (beside rule 3's bothLoose), a potential match only when corroborated:
 * - given name and surname both misspelt, no other word as listed, one more than a letter off
 *   (KATHRYN ZIMMERMAN for Katrin Zimmermann; one letter off in each is the same name misspelt);
 * - words meeting only in another order with one not as listed (SHANNON M. DANIEL for Daniel
 *   Cannon); another order with every word as listed (SMITH JOHN A) needs nothing more.
 */
function looseAtOnce(q: NormalizedName, e: NormalizedName, pairs: Alignment, surnameExact: boolean): boolean {
  const swapped = wordsSwapped(q, e, pairs);
  if (surnameExact && !swapped) return false;
  let firmOthers = 0;
  let looseOthers = 0;
  let looseSurname = false;
  for (let p = 0; p < pairs.count; p++) {
    const qi = pairs.qi[p];
    const ei = pairs.ei[p];
    let touchesSurname = false;
    for (let k = 0; k < pairs.en[p]; k++) if (e.roles[ei + k] === 'surname') touchesSurname = true;
    const single = pairs.qn[p] === 1 && pairs.en[p] === 1;
    // Words written as one on a side (SMITHJONES, SEOYEON) agree firmly with the same letters; otherwise, loosely in another order only.
    const agreement = single
      ? wordAgreement(q.tokens[qi], e.tokens[ei], pairs.sim[p], !touchesSurname)
      : sameLetters(q.tokens, qi, pairs.qn[p], e.tokens, ei, pairs.en[p])
        ? 'firm'
        : 'slight';
    if (swapped && agreement !== 'firm') return true;
    if (touchesSurname) looseSurname ||= agreement === 'loose';
    else if (agreement === 'firm') firmOthers++;
    else if (agreement === 'loose') looseOthers++;
  }
  return !surnameExact && firmOthers === 0 && (looseOthers > 0 || looseSurname);
}

/**
 * Whether the roster's word is another name than the listed word it pairs with, at a typo's
 * distance: one letter off a listed word of three or four letters (REY ~ ROY, JUN ~ JUNE), or two
 * off one of seven or more (ELKINS ~ JENKINS, CARLOS ~ CHARLES), and itself a name people are
 * called by (knownNames.ts), neither a nickname of the listed word nor a scanner's misreading of it.
 * A typo that happens to make a name comes up too, but a random typo rarely does (JENKNIS), while
 * against a quarter million listed persons a real name next to a listed one comes up for every
 * few hundred roster names.
 */
function anotherName(q: string, e: string): boolean {
  if (q === e || q.length < 2 || e.length < 3) return false;
  const d = boundedEditDistance(q, e, 2);
  if (!((d === 1 && e.length <= 4) || twoLetterTypo(q, e, d))) return false;
  if (ocrKey(q) === ocrKey(e) || nicknames().equivalent(q, e)) return false;
  return isKnownName(q);
}

/**
 * A roster word that is another name than the listed one (anotherName), where every other word
 * that differs from the listed one is a name too, and no middle name or initial agrees:
 * ELKINS for JERRY D JENKINS beside JERRY as listed, or MEI CHOI for MEL CHOE. A word beside it
 * that is no name (JONA IAZ for JOAN DIAZ) shows a name typed with slips, where the name-like
 * one is likely a slip too; a middle name or initial agreeing (JERRY D ELKINS) corroborates the
 * name by itself. Otherwise the date of birth, the NPI or the state must agree
 * (NameComparison.corroboration).
 */
function anotherNameUncorroborated(q: NormalizedName, e: NormalizedName, pairs: Alignment): boolean {
  let another = false;
  for (let p = 0; p < pairs.count; p++) {
    const qi = pairs.qi[p];
    const ei = pairs.ei[p];
    if (pairs.qn[p] !== 1 || pairs.en[p] !== 1) {
      if (!sameLetters(q.tokens, qi, pairs.qn[p], e.tokens, ei, pairs.en[p])) return false;
      continue;
    }
    const qt = q.tokens[qi];
    const et = e.tokens[ei];
    if (anotherName(qt, et)) another = true;
    else if (wordAgreement(qt, et, pairs.sim[p], false) === 'firm') {
      if (q.roles[qi] === 'middle' || e.roles[ei] === 'middle') return false;
    } else if (!isKnownName(qt)) return false;
  }
  return another;
}

/** Whether query tokens [qi, qi + qn) and listed tokens [ei, ei + en) hold the same letters (SMITHJONES ~ SMITH JONES). */
function sameLetters(q: readonly string[], qi: number, qn: number, e: readonly string[], ei: number, en: number): boolean {
  if (qn === 1 && en === 1) return q[qi] === e[ei];
  return q.slice(qi, qi + qn).join('') === e.slice(ei, ei + en).join('');
}

/** What one side's unpaired tokens cost; with a compound surname given in part, its remainder capped at the part's own cost (`halfCost`). */
function unpairedCost(n: NormalizedName, used: Uint8Array, who: 'q' | 'e', otherLen: number, halfCost: number | null): number {
  let cost = 0;
  let remainder = 0;
  let partMissing = false;
  for (let j = 0; j < n.tokens.length; j++) {
    if (used[j]) continue;
    const c = personCost(n.roles[j], n.tokens[j], n.soft[j], who, otherLen, halfCost, particleCost(n, j, used));
    if (halfCost !== null && inCompoundRemainder(n, j)) {
      remainder += c;
      if (n.roles[j] === 'surname' && !isParticle(n, j)) partMissing = true;
    } else cost += c;
  }
  return cost + (partMissing && halfCost !== null ? Math.min(remainder, halfCost) : remainder);
}

/**
 * Organization names: tokens weighted by rarity (IDF) so shared filler words count little.
 * `weight`: a word's weight, or the weights by position (the screening path's, see IndexedTokenWeights).
 * `matchAt` as for persons: a name that cannot reach it returns NO_MATCH.
 */
export function compareOrgNames(
  q: NormalizedName & { strictKey?: string },
  e: NormalizedName & { strictKey?: string },
  weight: ((token: string) => number) | TokenWeights,
  sims: TokenPairs = textPairs(q, e, orgTokenSimilarity),
  matchAt?: number,
): NameComparison {
  const weights = typeof weight === 'function' ? textWeights(q.tokens, e.tokens, weight) : weight;
  if (q.strictKey !== undefined && q.strictKey === e.strictKey) return EXACT_NAME;
  if (q.key === e.key) return { score: 0.98, plausible: true, corroboration: 'none' };
  let pairs: Alignment;
  if (matchAt === undefined) pairs = align(q.tokens, e.tokens, sims);
  else {
    if (!orgMayMatch(queryShape.ofWords(q.tokens), listedShape.ofWords(e.tokens), sims, weights, matchAt)) return NO_MATCH;
    pairs = choosePairs(q.tokens.length, e.tokens.length);
  }
  const qUsed = zeroedFlags(0, q.tokens.length);
  const eUsed = zeroedFlags(1, e.tokens.length);
  let num = 0;
  let den = 0;
  for (let p = 0; p < pairs.count; p++) {
    const qi = pairs.qi[p];
    const ei = pairs.ei[p];
    let wq = 0;
    for (let k = 0; k < pairs.qn[p]; k++) {
      qUsed[qi + k] = 1;
      wq += weights.query(qi + k);
    }
    let we = 0;
    for (let k = 0; k < pairs.en[p]; k++) {
      eUsed[ei + k] = 1;
      we += weights.listed(ei + k);
    }
    const w = (wq + we) / 2;
    num += pairs.sim[p] * w;
    den += w;
  }
  for (let i = 0; i < q.tokens.length; i++) if (!qUsed[i]) den += weights.query(i);
  for (let j = 0; j < e.tokens.length; j++) if (!eUsed[j]) den += weights.listed(j);
  let score = den > 0 ? num / den : 0;
  if (!pairs.monotonic()) score *= 0.98;
  return { score: Math.min(0.97, finish(score, false)), plausible: pairs.count > 0, corroboration: 'none' };
}
