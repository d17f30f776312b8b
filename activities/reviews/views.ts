import type { Pool } from 'pg';
import { DECISION_COLUMNS, decisionTerms, isoOrNull, type DecisionRow as DecisionColumns, type DecisionTerms } from './decisionRows';

/** Reviews as the API shows them (GET /reviews, GET /reviews/{reviewId}); every read is scoped to the organization. */
export interface DecisionView extends DecisionTerms {
  id: string;
  validUntil: string | null;
  decidedAt: string;
  listVersionId: string;
  entryHash: string;
  subjectHash: string;
  status: 'in_force' | 'awaiting_approval' | 'superseded';
  approval: { reviewer: string; apiKeyId: string; approvedAt: string } | null;
}

export interface ReviewView {
  id: string;
  recordId: string;
  state: 'open' | 'resolved';
  matchPresent: boolean;
  source: string;
  entryKey: string;
  listVersionId: string;
  entryHash: string;
  entry: Record<string, unknown>;
  match: Record<string, unknown>;
  changes: unknown[] | null;
  decision: DecisionView | null;
  openedAt: string;
  updatedAt: string;
}

export interface ReviewDetail extends ReviewView {
  subject: Record<string, unknown>;
  decisions: DecisionView[];
  history: Array<{ kind: string; at: string; detail: Record<string, unknown> }>;
}

export interface ReviewFilter {
  state?: 'open' | 'resolved';
  source?: string;
  recordId?: string;
  /** The id of the last review of the previous page. */
  after?: string;
  limit: number;
}

type ReviewRow = {
  id: string;
  record_id: string;
  state: 'open' | 'resolved';
  match_present: boolean;
  source_key: string;
  entry_key: string;
  list_version_id: string;
  entry_hash: string;
  entry: Record<string, unknown>;
  subject: Record<string, unknown>;
  match: Record<string, unknown>;
  changes: unknown[] | null;
  decision_id: string | null;
  opened_at: Date;
  updated_at: Date;
};

type DecisionRow = DecisionColumns & {
  review_id: string;
  list_version_id: string;
  entry_hash: string;
  subject_hash: string;
  requires_approval: boolean;
  approver: string | null;
  approver_key_id: string | null;
  approved_at: Date | null;
  latest: boolean;
};

const REVIEW_COLUMNS = `id, record_id, state, match_present, source_key, entry_key, list_version_id, entry_hash, entry, subject, match, changes,
  decision_id, opened_at, updated_at`;

/** A page of the organization's reviews, oldest id first, filtered by state, list and record; `nextCursor` null on the last page. */
export async function listReviews(
  pool: Pool,
  orgId: string,
  filter: ReviewFilter,
): Promise<{ reviews: ReviewView[]; nextAfter: string | null }> {
  const { rows } = await pool.query<ReviewRow>(
    `SELECT ${REVIEW_COLUMNS} FROM reviews
      WHERE org_id = $1 AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR source_key = $3)
        AND ($4::uuid IS NULL OR record_id = $4) AND ($5::uuid IS NULL OR id > $5)
      ORDER BY id LIMIT $6`,
    [orgId, filter.state ?? null, filter.source ?? null, filter.recordId ?? null, filter.after ?? null, filter.limit + 1],
  );
  const page = rows.slice(0, filter.limit);
  const decisions = await decisionsOf(
    pool,
    orgId,
    page.map((r) => r.id),
  );
  return {
    reviews: page.map((r) => reviewView(r, decisions.get(r.id) ?? [])),
    nextAfter: rows.length > filter.limit ? page[page.length - 1].id : null,
  };
}

/** One review of the organization with every decision (oldest first) and its history; null for another organization's or an unknown id. */
export async function getReview(pool: Pool, orgId: string, reviewId: string): Promise<ReviewDetail | null> {
  const { rows } = await pool.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM reviews WHERE id = $1 AND org_id = $2`, [reviewId, orgId]);
  if (!rows[0]) return null;
  const decisions = (await decisionsOf(pool, orgId, [reviewId])).get(reviewId) ?? [];
  const history = await pool.query<{ kind: string; at: Date; detail: Record<string, unknown> }>(
    'SELECT h.kind, h.at, h.detail FROM review_history h JOIN reviews r ON r.id = h.review_id WHERE h.review_id = $1 AND r.org_id = $2 ORDER BY h.id',
    [reviewId, orgId],
  );
  return {
    ...reviewView(rows[0], decisions),
    subject: rows[0].subject,
    decisions: decisions.map((d) => decisionView(d, rows[0].decision_id)),
    history: history.rows.map((h) => ({ kind: h.kind, at: h.at.toISOString(), detail: h.detail })),
  };
}

async function decisionsOf(pool: Pool, orgId: string, reviewIds: readonly string[]): Promise<Map<string, DecisionRow[]>> {
  if (reviewIds.length === 0) return new Map();
  const { rows } = await pool.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS}, d.review_id, d.list_version_id, d.entry_hash, d.subject_hash, d.requires_approval, a.reviewer AS approver, a.api_key_id AS approver_key_id,
            a.approved_at, d.seq = max(d.seq) OVER (PARTITION BY d.review_id) AS latest
       FROM review_decisions d LEFT JOIN review_approvals a ON a.decision_id = d.id
      WHERE d.review_id = ANY($1::uuid[]) AND d.org_id = $2
      ORDER BY d.review_id, d.seq`,
    [reviewIds, orgId],
  );
  const out = new Map<string, DecisionRow[]>();
  for (const r of rows) out.set(r.review_id, [...(out.get(r.review_id) ?? []), r]);
  return out;
}

function reviewView(r: ReviewRow, decisions: readonly DecisionRow[]): ReviewView {
  const latest = decisions.find((d) => d.latest);
  const shown =
    decisions.find((d) => d.id === r.decision_id) ?? (latest && latest.requires_approval && !latest.approved_at ? latest : undefined);
  return {
    id: r.id,
    recordId: r.record_id,
    state: r.state,
    matchPresent: r.match_present,
    source: r.source_key,
    entryKey: r.entry_key,
    listVersionId: r.list_version_id,
    entryHash: r.entry_hash,
    entry: r.entry,
    match: r.match,
    changes: r.changes,
    decision: shown ? decisionView(shown, r.decision_id) : null,
    openedAt: r.opened_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function decisionView(d: DecisionRow, inForce: string | null): DecisionView {
  const status = d.id === inForce ? 'in_force' : d.latest && d.requires_approval && !d.approved_at ? 'awaiting_approval' : 'superseded';
  return {
    id: d.id,
    ...decisionTerms(d),
    validUntil: isoOrNull(d.valid_until),
    decidedAt: d.decided_at.toISOString(),
    listVersionId: d.list_version_id,
    entryHash: d.entry_hash,
    subjectHash: d.subject_hash,
    status,
    approval: d.approved_at ? { reviewer: d.approver!, apiKeyId: d.approver_key_id!, approvedAt: d.approved_at.toISOString() } : null,
  };
}
