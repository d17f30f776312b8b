/**
 * A review decision as its row reads, and the terms of it that the API (views.ts) and the signed
 * monthly attestation (attestation.ts) both show. Each adds its own fields around the terms, in
 * the order it always has: the attestation's is part of what is signed.
 */
export const DECISION_COLUMNS =
  'd.id, d.decision, d.reason_code, d.note, d.identifiers, d.reviewer, d.api_key_id, d.valid_until, d.decided_at';

export interface DecisionRow {
  id: string;
  decision: string;
  reason_code: string;
  note: string;
  identifiers: unknown[];
  reviewer: string;
  api_key_id: string;
  valid_until: Date | null;
  decided_at: Date;
}

export interface DecisionTerms {
  decision: string;
  reasonCode: string;
  note: string;
  identifiers: unknown[];
  reviewer: string;
  apiKeyId: string;
}

export function decisionTerms(d: DecisionRow): DecisionTerms {
  return {
    decision: d.decision,
    reasonCode: d.reason_code,
    note: d.note,
    identifiers: d.identifiers,
    reviewer: d.reviewer,
    apiKeyId: d.api_key_id,
  };
}

/** A timestamp column as the API and the attestation write it: ISO 8601 in UTC, or null. */
export function isoOrNull(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}
