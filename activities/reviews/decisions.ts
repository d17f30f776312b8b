import type { PoolClient } from 'pg';
import type { WebhookEventToEmit } from '../webhooks';
import { reviewEvent } from './events';
import { appendHistory } from './history';

export type Decision = 'not_a_match' | 'confirmed_match' | 'unable_to_determine';
export type FourEyes = 'off' | 'confirmed_match' | 'all';

export interface IdentifierCompared {
  field: string;
  /** Where it was checked, e.g. "LEIE online verification by SSN". */
  checkedIn: string;
  outcome: 'same' | 'different' | 'not_available';
}

export interface DecisionRequest {
  decision: Decision;
  reasonCode: string;
  note: string;
  reviewer: string;
  identifiers: IdentifierCompared[];
  validUntil?: string;
}

/** Who decides or approves: the caller's API key and the reviewer name it supplies. */
export interface Reviewer {
  orgId: string;
  apiKeyId: string;
  name: string;
}

export type DecisionOutcome =
  | { ok: true; decisionId: string; events: WebhookEventToEmit[] }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'refused'; field: string; message: string };

/** Whether the organization's four-eyes setting asks a second reviewer to approve this decision. */
export function needsApproval(fourEyes: FourEyes, decision: Decision): boolean {
  return fourEyes === 'all' || (fourEyes === 'confirmed_match' && decision === 'confirmed_match');
}

/** Two reviewer names are the same reviewer when they differ only in case and surrounding spaces. */
export function sameReviewer(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Records a decision on the organization's review (append-only; it supersedes the earlier ones).
 * Without four eyes it resolves the review at once (review_resolved); under four eyes it waits for
 * a second reviewer's approval and the review stays open. The decision holds the entry's content
 * hash, the subject's hash and the list version the reviewer saw: what carrying it forward checks.
 */
export async function decide(client: PoolClient, reviewer: Reviewer, reviewId: string, request: DecisionRequest): Promise<DecisionOutcome> {
  const { rows } = await client.query<{
    id: string;
    record_id: string;
    entry_hash: string;
    subject_hash: string;
    list_version_id: string;
    four_eyes: FourEyes;
  }>(
    `SELECT r.id, r.record_id, r.entry_hash, r.subject_hash, r.list_version_id, o.review_four_eyes AS four_eyes
       FROM reviews r JOIN organizations o ON o.id = r.org_id
      WHERE r.id = $1 AND r.org_id = $2 FOR UPDATE OF r`,
    [reviewId, reviewer.orgId],
  );
  const review = rows[0];
  if (!review) return { ok: false, reason: 'not_found' };
  if (request.validUntil !== undefined && Date.parse(request.validUntil) <= Date.now()) {
    return { ok: false, reason: 'refused', field: 'validUntil', message: 'validUntil must be in the future' };
  }
  const requiresApproval = needsApproval(review.four_eyes, request.decision);
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO review_decisions (review_id, org_id, decision, reason_code, note, identifiers, reviewer, api_key_id, valid_until,
                                   entry_hash, subject_hash, list_version_id, requires_approval)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      review.id,
      reviewer.orgId,
      request.decision,
      request.reasonCode,
      request.note,
      JSON.stringify(request.identifiers),
      reviewer.name,
      reviewer.apiKeyId,
      request.validUntil ?? null,
      review.entry_hash,
      review.subject_hash,
      review.list_version_id,
      requiresApproval,
    ],
  );
  const decisionId = inserted.rows[0].id;
  await appendHistory(client, review.id, 'decided', { decisionId, decision: request.decision, requiresApproval });
  if (requiresApproval) {
    // A pending decision supersedes the one in force: the review is open until it is approved.
    await client.query("UPDATE reviews SET state = 'open', decision_id = NULL, updated_at = now() WHERE id = $1", [review.id]);
    return { ok: true, decisionId, events: [] };
  }
  return {
    ok: true,
    decisionId,
    events: [await resolve(client, { id: review.id, orgId: reviewer.orgId, recordId: review.record_id }, decisionId, request.decision)],
  };
}

/**
 * A second reviewer approves a decision awaiting approval: the latest decision of the review, not
 * yet approved, by another reviewer than the one who made it (refused otherwise, naming `reviewer`).
 */
export async function approve(client: PoolClient, reviewer: Reviewer, reviewId: string, decisionId: string): Promise<DecisionOutcome> {
  const { rows } = await client.query<{
    id: string;
    record_id: string;
    decision: string;
    reviewer: string;
    requires_approval: boolean;
    approved: boolean;
    latest: boolean;
  }>(
    `SELECT d.id, r.record_id, d.decision, d.reviewer, d.requires_approval,
            EXISTS (SELECT 1 FROM review_approvals a WHERE a.decision_id = d.id) AS approved,
            d.seq = (SELECT max(seq) FROM review_decisions x WHERE x.review_id = d.review_id) AS latest
       FROM reviews r JOIN review_decisions d ON d.review_id = r.id
      WHERE r.id = $1 AND r.org_id = $2 AND d.id = $3 FOR UPDATE OF r`,
    [reviewId, reviewer.orgId, decisionId],
  );
  const d = rows[0];
  if (!d) return { ok: false, reason: 'not_found' };
  if (!d.requires_approval) return refused('decisionId', 'this decision needed no approval');
  if (d.approved) return refused('decisionId', 'this decision is approved already');
  if (!d.latest) return refused('decisionId', 'a later decision supersedes this one');
  if (sameReviewer(d.reviewer, reviewer.name)) {
    return refused('reviewer', 'four eyes: the approval must come from another reviewer than the one who decided');
  }
  await client.query('INSERT INTO review_approvals (decision_id, org_id, reviewer, api_key_id) VALUES ($1, $2, $3, $4)', [
    d.id,
    reviewer.orgId,
    reviewer.name,
    reviewer.apiKeyId,
  ]);
  await appendHistory(client, reviewId, 'approved', { decisionId: d.id, reviewer: reviewer.name });
  const event = await resolve(client, { id: reviewId, orgId: reviewer.orgId, recordId: d.record_id }, d.id, d.decision);
  return { ok: true, decisionId: d.id, events: [event] };
}

function refused(field: string, message: string): DecisionOutcome {
  return { ok: false, reason: 'refused', field, message };
}

async function resolve(
  client: PoolClient,
  review: { id: string; orgId: string; recordId: string },
  decisionId: string,
  decision: string,
): Promise<WebhookEventToEmit> {
  await client.query("UPDATE reviews SET state = 'resolved', decision_id = $2, updated_at = now() WHERE id = $1", [review.id, decisionId]);
  return reviewEvent('review_resolved', review, `resolved:${decisionId}`, { decisionId, decision });
}
