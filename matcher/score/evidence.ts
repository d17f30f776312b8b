import { fold } from '../normalize/fold';
import type { FieldEvidence } from '../types';

/**
 * Per-field evidence for one match, and the score adjustment the corroborating fields make.
 * The adjustment only reorders matches: it never turns a name match into "clear" nor a
 * non-matching name into a match (the NPI rule in engine.ts is the one exception, stated there).
 */
const ADJUST = {
  dobMatch: 0.08,
  dobConflict: -0.1,
  npiMatch: 0.1,
  npiConflict: -0.05,
  stateMatch: 0.01,
  stateConflict: -0.02,
  typeMatch: 0.01,
  typeConflict: -0.01,
} as const;

interface EvidenceSubject {
  npi?: string | null;
  state?: string | null;
  dateOfBirth?: string | null;
  providerType?: string | null;
}

interface EvidenceListed {
  npis: string[];
  state: string | null;
  dateOfBirth: string | null;
  providerType: string | null;
}

function clean(v: string | null | undefined): string | null {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
}

function words(v: string): string {
  return fold(v)
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export function npiDigits(v: string): string {
  return v.replace(/\D/g, '');
}

/** The subject's side of the evidence, worked out once per screening (a screening of a common name has a hundred matches and more). */
export interface PreparedSubject {
  npi: string | null;
  npiDigits: string;
  state: string | null;
  type: string | null;
  typeWords: string;
  dob: string | null;
}

export function prepareSubject(subject: EvidenceSubject): PreparedSubject {
  const npi = clean(subject.npi);
  const type = clean(subject.providerType);
  return {
    npi,
    npiDigits: npi ? npiDigits(npi) : '',
    state: clean(subject.state)?.toUpperCase() ?? null,
    type,
    typeWords: type ? words(type) : '',
    dob: clean(subject.dateOfBirth),
  };
}

/** The evidence of one listed party's fields against the subject's (prepareSubject), and the adjustment they make. */
export function corroborate(
  subject: PreparedSubject,
  listed: EvidenceListed,
): { fields: FieldEvidence[]; adjust: number; npiMatched: boolean } {
  const fields: FieldEvidence[] = [];
  let adjust = 0;

  const { npi } = subject;
  const listNpis = listed.npis.map(npiDigits).filter((n) => n.length > 0);
  const listNpiText = listNpis.length > 0 ? listNpis.join(', ') : null;
  let npiMatched = false;
  if (npi && listNpis.length > 0) {
    npiMatched = listNpis.includes(subject.npiDigits);
    fields.push({
      field: 'npi',
      state: npiMatched ? 'matched' : 'not_matched',
      rosterValue: npi,
      listValue: listNpiText,
      strong: npiMatched,
    });
    adjust += npiMatched ? ADJUST.npiMatch : ADJUST.npiConflict;
  } else {
    fields.push({ field: 'npi', state: 'unknown', rosterValue: npi, listValue: listNpiText, strong: false });
  }

  const { state } = subject;
  const listState = clean(listed.state)?.toUpperCase() ?? null;
  if (state && listState) {
    const same = state === listState;
    fields.push({ field: 'state', state: same ? 'matched' : 'not_matched', rosterValue: state, listValue: listState, strong: false });
    adjust += same ? ADJUST.stateMatch : ADJUST.stateConflict;
  } else {
    fields.push({ field: 'state', state: 'unknown', rosterValue: state, listValue: listState, strong: false });
  }

  const { type } = subject;
  const listType = clean(listed.providerType);
  if (type && listType) {
    const a = subject.typeWords;
    const b = words(listType);
    const same = a === b || (a.length >= 3 && b.includes(a)) || (b.length >= 3 && a.includes(b));
    fields.push({ field: 'providerType', state: same ? 'matched' : 'not_matched', rosterValue: type, listValue: listType, strong: false });
    adjust += same ? ADJUST.typeMatch : ADJUST.typeConflict;
  } else {
    fields.push({ field: 'providerType', state: 'unknown', rosterValue: type, listValue: listType, strong: false });
  }

  const { dob } = subject;
  const listDob = clean(listed.dateOfBirth);
  if (dob && listDob) {
    const same = dob === listDob;
    fields.push({ field: 'dateOfBirth', state: same ? 'matched' : 'not_matched', rosterValue: dob, listValue: listDob, strong: same });
    adjust += same ? ADJUST.dobMatch : ADJUST.dobConflict;
  } else {
    fields.push({ field: 'dateOfBirth', state: 'unknown', rosterValue: dob, listValue: listDob, strong: false });
  }
  return { fields, adjust, npiMatched };
}

/**
 * The ordering figure: the name score moved by the corroborating fields, kept in [0,1],
 * exactly 1 only for an exact name with nothing conflicting, and rounded to 4 decimals so the
 * same inputs always print the same number.
 */
export function finalScore(nameScore: number, adjust: number): number {
  if (nameScore === 1 && adjust >= 0) return 1;
  const raw = Math.max(0, Math.min(0.9999, nameScore + adjust));
  return Math.min(0.9999, Math.round(raw * 10000) / 10000);
}
