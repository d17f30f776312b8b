import { nicknames, sharesNicknameGroup } from '../normalize/nicknames';
import { ocrKey } from '../normalize/ocr';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from '../normalize/phonetic';
import { allowedEdits, boundedEditDistance, fewestEdits, letterSet } from '../strings/editDistance';

/**
 * Similarity of two normalized tokens in [0,1], with a fixed value per kind of variant so a
 * score can be explained: equal 1; OCR misread 0.92; nickname 0.9 (persons); 1-2 edits
 * 1 - 0.5*edits/length (floor 0.75); truncation (LEIE cuts names at 15/20 characters) 0.88;
 * same sound 0.78; an initial against a name starting with it 0.8.
 */
export const SIM = { ocr: 0.92, nickname: 0.9, truncation: 0.88, initial: 0.8, phonetic: 0.78, editFloor: 0.75 } as const;

/**
 * What the similarity of a token needs, worked out once per token: the index holds one per
 * vocabulary word, so comparing a query word with hundreds of listed names never recomputes a
 * listed word's keys.
 */
export interface TokenFeatures {
  text: string;
  ocr: string;
  /** The phonetic key, or '' when it is too short to call two words sound-alikes. */
  sound: string;
  nicknameGroups: readonly number[] | undefined;
  /** The characters the token holds (see `letterSet`). */
  letters: number;
}

/** A token's features; nickname families only for person names (organizations have no nicknames). */
export function tokenFeatures(token: string, withNicknames = true): TokenFeatures {
  const key = phoneticKey(token);
  return {
    text: token,
    ocr: ocrKey(token),
    sound: key.length >= MIN_PHONETIC_KEY_LENGTH ? key : '',
    nicknameGroups: withNicknames ? nicknames().groupsOf(token) : undefined,
    letters: letterSet(token),
  };
}

/** The edit distance of two tokens when it is at most `max`, else max + 1; most far-apart pairs are refused by their character sets. */
function boundedDistance(a: TokenFeatures, b: TokenFeatures, max: number): number {
  if (fewestEdits(a.letters, b.letters) > max) return max + 1;
  return boundedEditDistance(a.text, b.text, max);
}

function editSimilarityOf(a: TokenFeatures, b: TokenFeatures): number {
  const maxLen = Math.max(a.text.length, b.text.length);
  const allowed = allowedEdits(Math.min(a.text.length, b.text.length));
  if (allowed === 0) return 0;
  const d = boundedDistance(a, b, allowed);
  if (d > allowed) return 0;
  return Math.max(SIM.editFloor, 1 - (0.5 * d) / maxLen);
}

function isTruncationOf(a: string, b: string, minLength: number): boolean {
  return Math.min(a.length, b.length) >= minLength && (a.startsWith(b) || b.startsWith(a));
}

function personSimilarityOf(q: TokenFeatures, e: TokenFeatures): number {
  const qt = q.text;
  const et = e.text;
  if (qt === et) return 1;
  // An initial misread by OCR (M scanned as RN, I as L) counts as the initial.
  if (qt.length === 1 || et.length === 1) return qt[0] === et[0] || q.ocr === e.ocr ? SIM.initial : 0;
  let best = editSimilarityOf(q, e);
  if (best < SIM.ocr && q.ocr === e.ocr) best = SIM.ocr;
  if (best < SIM.nickname && sharesNicknameGroup(q.nicknameGroups, e.nicknameGroups)) best = SIM.nickname;
  if (best < SIM.truncation && isTruncationOf(qt, et, 6)) best = SIM.truncation;
  // The same phonetic key, long enough to mean something: the rule the index's phonetic lookup follows.
  if (best < SIM.phonetic && qt.length >= 3 && et.length >= 3 && q.sound !== '' && q.sound === e.sound && boundedDistance(q, e, 3) <= 3)
    best = SIM.phonetic;
  return best;
}

function orgSimilarityOf(q: TokenFeatures, e: TokenFeatures): number {
  const qt = q.text;
  const et = e.text;
  if (qt === et) return 1;
  if (qt.length < 3 || et.length < 3) return 0;
  let best = editSimilarityOf(q, e);
  if (best < SIM.ocr && q.ocr === e.ocr) best = SIM.ocr;
  if (best < SIM.truncation && isTruncationOf(qt, et, 5)) best = SIM.truncation;
  return best;
}

/** How one kind of name compares its tokens: the features it needs and the similarity over them. */
export interface TokenComparison {
  features(token: string): TokenFeatures;
  similarity(q: TokenFeatures, e: TokenFeatures): number;
}

export const PERSON_TOKENS: TokenComparison = { features: (token) => tokenFeatures(token, true), similarity: personSimilarityOf };
export const ORGANIZATION_TOKENS: TokenComparison = { features: (token) => tokenFeatures(token, false), similarity: orgSimilarityOf };

export function personTokenSimilarity(q: string, e: string): number {
  return personSimilarityOf(PERSON_TOKENS.features(q), PERSON_TOKENS.features(e));
}

export function orgTokenSimilarity(q: string, e: string): number {
  return orgSimilarityOf(ORGANIZATION_TOKENS.features(q), ORGANIZATION_TOKENS.features(e));
}

/**
 * Two person words agree closely: the same word, a typo (one letter, two in a listed word of
 * seven letters or more), a nickname or a scanner misreading. A looser likeness (CHERRY ~ CURRY,
 * ERIN ~ BRIAN: two letters of five or six; a sound-alike, MICHELLE ~ MICHAEL, YOUNG ~ YANG;
 * a truncation, MARTIN ~ MARTINEZ) still scores, but cannot stand as the second word of a name
 * match (see nameScore.ts). `q` is the roster's word, `e` the listed one.
 */
export function closeWords(q: string, e: string, sim: number): boolean {
  if (sim >= SIM.nickname) return true;
  if (sim <= 0) return false;
  const d = boundedEditDistance(q, e, 2);
  if (d <= 1) return true;
  return twoLetterTypo(q, e, d);
}

/**
 * Two letters off a listed word of seven or more (GARDNER ~ GARNE), but not
 * two letters added at its end (MARTIN is no typo of MARTINEZ). Two letters off a shorter listed
 * word make another name: AMANDA is not Armando, MENDEZ is not Mendoza, PARKER is not Pariser.
 */
export function twoLetterTypo(q: string, e: string, d: number): boolean {
  return d === 2 && e.length >= 7 && !q.startsWith(e) && !e.startsWith(q);
}

/**
 * Two given names that meet only as a variant: not the same word, a typo of it (closeWords by
 * letters: one letter, two in a listed word of seven or more) nor a scanner misreading, but two given
 * names of the nickname data set (a nickname, BOB ~ ROBERT, or another name a letter or two
 * away, JEAN ~ JOAN, LILLIAN ~ WILLIAM), a truncation, a sound-alike or a looser likeness of
 * letters (ALBERT ~ ROBERT). Each still finds a listed person beside a surname written as listed;
 * beside a surname that is itself only close, the two likenesses together need corroboration
 * (see nameScore.ts).
 */
export function givenNameVariantOnly(q: string, e: string, sim: number): boolean {
  if (q === e || q.length === 1 || e.length === 1) return false;
  if (ocrKey(q) === ocrKey(e)) return false;
  if (nicknames().groupsOf(q) !== undefined && nicknames().groupsOf(e) !== undefined) return true;
  if (sim >= SIM.ocr) return false;
  const d = boundedEditDistance(q, e, 2);
  if (d <= 1) return false;
  return !twoLetterTypo(q, e, d);
}

/** How close the two words of a pair written as one must be to agree closely (SMITHJONES ~ SMITH JONES, DELACRUZ ~ DE LA CRUZ). */
export const CLOSE_MERGED_SIM = 0.85;
