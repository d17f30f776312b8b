import { nicknames } from '../normalize/nicknames';
import { ocrKey } from '../normalize/ocr';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from '../normalize/phonetic';
import { allowedEdits, boundedEditDistance } from './editDistance';

/**
 * Similarity of two normalized tokens in [0,1], with a fixed value per kind of variant so a
 * score can be explained: equal 1; OCR misread 0.92; nickname 0.9 (persons); 1-2 edits
 * 1 - 0.5*edits/length (floor 0.75); truncation (LEIE cuts names at 15/20 characters) 0.88;
 * same sound 0.78; an initial against a name starting with it 0.8.
 */
export const SIM = { ocr: 0.92, nickname: 0.9, truncation: 0.88, initial: 0.8, phonetic: 0.78, editFloor: 0.75 } as const;

export function editSimilarity(a: string, b: string): number {
  const maxLen = Math.max(a.length, b.length);
  const allowed = allowedEdits(Math.min(a.length, b.length));
  if (allowed === 0) return 0;
  const d = boundedEditDistance(a, b, allowed);
  if (d > allowed) return 0;
  return Math.max(SIM.editFloor, 1 - (0.5 * d) / maxLen);
}

export function personTokenSimilarity(q: string, e: string): number {
  if (q === e) return 1;
  // An initial misread by OCR (M scanned as RN, I as L) counts as the initial.
  if (q.length === 1 || e.length === 1) return q[0] === e[0] || ocrKey(q) === ocrKey(e) ? SIM.initial : 0;
  let best = editSimilarity(q, e);
  if (best < SIM.ocr && ocrKey(q) === ocrKey(e)) best = SIM.ocr;
  if (best < SIM.nickname && nicknames().equivalent(q, e)) best = SIM.nickname;
  if (best < SIM.truncation && Math.min(q.length, e.length) >= 6 && (q.startsWith(e) || e.startsWith(q))) best = SIM.truncation;
  if (best < SIM.phonetic && q.length >= 3 && e.length >= 3 && soundAlike(q, e) && boundedEditDistance(q, e, 3) <= 3) best = SIM.phonetic;
  return best;
}

export function orgTokenSimilarity(q: string, e: string): number {
  if (q === e) return 1;
  if (q.length < 3 || e.length < 3) return 0;
  let best = editSimilarity(q, e);
  if (best < SIM.ocr && ocrKey(q) === ocrKey(e)) best = SIM.ocr;
  if (best < SIM.truncation && Math.min(q.length, e.length) >= 5 && (q.startsWith(e) || e.startsWith(q))) best = SIM.truncation;
  return best;
}

/** The same phonetic key, long enough to mean something: the rule the index's phonetic lookup follows. */
function soundAlike(q: string, e: string): boolean {
  const key = phoneticKey(q);
  return key.length >= MIN_PHONETIC_KEY_LENGTH && key === phoneticKey(e);
}
