import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { stringify } from 'csv-stringify/sync';
import type { AttestationSigningKey } from '../../infra/base/config';
import { inTransaction } from '../../infra/base/db/transaction';
import { DECISION_COLUMNS, decisionTerms, isoOrNull, type DecisionRow } from './decisionRows';
import { hashSignatureValid, signHash } from './signing';

const MONTH = /^([0-9]{4})-(0[1-9]|1[0-2])$/;

interface AttestationBody {
  organizationId: string;
  month: string;
  periodEnd: string;
  generatedAt: string;
  previousHash: string | null;
  subjects: unknown[];
  reviews: unknown[];
}

export interface AttestationView extends AttestationBody {
  hash: string;
  signature: { keyId: string; algorithm: 'ed25519'; value: string };
}

export type AttestationOutcome =
  { ok: true; attestation: AttestationView } | { ok: false; reason: 'month_open' | 'before_organization' | 'no_organization' };

/** The first instant of the month and of the next (UTC). */
export function monthBounds(month: string): { start: Date; end: Date } {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const [y, mo] = [Number(m[1]), Number(m[2])];
  return { start: new Date(Date.UTC(y, mo - 1, 1)), end: new Date(Date.UTC(y, mo, 1)) };
}

const monthOf = (d: Date): string => d.toISOString().slice(0, 7);
const nextMonth = (month: string): string => monthOf(monthBounds(month).end);

/**
 * The organization's attestation for a closed month: read if it exists, else built, hashed,
 * chained to the previous month's and signed, and stored once (append-only). The months before it
 * since the organization's first are built first, in order, so each names its predecessor's hash.
 * The current month, and any later, is refused until it closes.
 */
export async function attestationFor(
  pool: Pool,
  orgId: string,
  month: string,
  key: AttestationSigningKey,
  now: Date = new Date(),
): Promise<AttestationOutcome> {
  if (monthBounds(month).end > now) return { ok: false, reason: 'month_open' };
  return inTransaction(pool, async (client) => {
    const org = await client.query<{ first: string }>(
      "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS first FROM organizations WHERE id = $1",
      [orgId],
    );
    if (!org.rows[0]) return { ok: false, reason: 'no_organization' } as const;
    if (month < org.rows[0].first) return { ok: false, reason: 'before_organization' } as const;
    // One builder of an organization's chain at a time.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`review-attestations:${orgId}`]);
    const latest = await client.query<{ month: string; body_hash: string }>(
      'SELECT month, body_hash FROM review_attestations WHERE org_id = $1 ORDER BY month DESC LIMIT 1',
      [orgId],
    );
    let previous = latest.rows[0] ?? null;
    if (!previous || previous.month < month) {
      for (let m = previous ? nextMonth(previous.month) : org.rows[0].first; m <= month; m = nextMonth(m)) {
        const hash = await buildAndStore(client, orgId, m, previous?.body_hash ?? null, key, now);
        previous = { month: m, body_hash: hash };
      }
    }
    const { rows } = await client.query<{ body: string; body_hash: string; key_id: string; signature: string }>(
      'SELECT body, body_hash, key_id, signature FROM review_attestations WHERE org_id = $1 AND month = $2',
      [orgId, month],
    );
    return { ok: true, attestation: view(rows[0]) } as const;
  });
}

function view(row: { body: string; body_hash: string; key_id: string; signature: string }): AttestationView {
  return {
    ...(JSON.parse(row.body) as AttestationBody),
    hash: row.body_hash,
    signature: { keyId: row.key_id, algorithm: 'ed25519', value: row.signature },
  };
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

async function buildAndStore(
  client: PoolClient,
  orgId: string,
  month: string,
  previousHash: string | null,
  key: AttestationSigningKey,
  now: Date,
): Promise<string> {
  const { end } = monthBounds(month);
  const body = JSON.stringify({
    organizationId: orgId,
    month,
    periodEnd: end.toISOString(),
    generatedAt: now.toISOString(),
    previousHash,
    subjects: await subjectsAt(client, orgId, end),
    reviews: await reviewsAt(client, orgId, end),
  });
  const hash = sha256(body);
  await client.query(
    'INSERT INTO review_attestations (org_id, month, body, body_hash, previous_hash, key_id, signature) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [orgId, month, body, hash, previousHash, key.keyId, signHash(key, hash)],
  );
  return hash;
}

/**
 * Every subject monitored at month end, with its status and the list versions of its last
 * screening. A record screened again after month end (an attestation built late) shows that
 * screening, marked `screenedAfterPeriodEnd`.
 */
async function subjectsAt(client: PoolClient, orgId: string, end: Date) {
  const { rows } = await client.query<{
    id: string;
    entity: Record<string, unknown>;
    status: string;
    sources: Array<{ source: string; listVersionId: string }>;
    checked_at: Date;
  }>(
    `SELECT id, entity, status, result->'sources' AS sources, checked_at FROM monitored_records
      WHERE org_id = $1 AND enrolled_at < $2 AND (removed_at IS NULL OR removed_at >= $2) ORDER BY id`,
    [orgId, end],
  );
  return rows.map((r) => ({
    recordId: r.id,
    subject: r.entity,
    status: r.status,
    listVersions: r.sources.map((s) => ({ source: s.source, listVersionId: s.listVersionId })),
    checkedAt: r.checked_at.toISOString(),
    screenedAfterPeriodEnd: r.checked_at >= end,
  }));
}

type Decided = DecisionRow & {
  approver: string | null;
  approved_at: Date | null;
};

/**
 * Every review opened before month end, in the state it was in then, with the decision in force
 * then: the review's append-only history replayed up to month end (decided: in force at once, or
 * awaiting approval under four eyes; approved: in force; reopened: none).
 */
async function reviewsAt(client: PoolClient, orgId: string, end: Date) {
  const reviews = await client.query<{ id: string; record_id: string; source_key: string; entry_key: string }>(
    'SELECT id, record_id, source_key, entry_key FROM reviews WHERE org_id = $1 AND opened_at < $2 ORDER BY id',
    [orgId, end],
  );
  const ids = reviews.rows.map((r) => r.id);
  const history = await client.query<{ review_id: string; kind: string; detail: { decisionId?: string; requiresApproval?: boolean } }>(
    'SELECT review_id, kind, detail FROM review_history WHERE review_id = ANY($1::uuid[]) AND at < $2 ORDER BY id',
    [ids, end],
  );
  const decisions = await client.query<Decided>(
    `SELECT ${DECISION_COLUMNS}, a.reviewer AS approver, a.approved_at
       FROM review_decisions d LEFT JOIN review_approvals a ON a.decision_id = d.id AND a.approved_at < $2
      WHERE d.review_id = ANY($1::uuid[]) AND d.decided_at < $2`,
    [ids, end],
  );
  const byId = new Map(decisions.rows.map((d) => [d.id, d]));
  const inForce = new Map<string, string | null>();
  for (const h of history.rows) {
    if (h.kind === 'decided') inForce.set(h.review_id, h.detail.requiresApproval ? null : (h.detail.decisionId ?? null));
    else if (h.kind === 'approved') inForce.set(h.review_id, h.detail.decisionId ?? null);
    else if (h.kind === 'reopened') inForce.set(h.review_id, null);
  }
  return reviews.rows.map((r) => {
    const d = byId.get(inForce.get(r.id) ?? '');
    return {
      reviewId: r.id,
      recordId: r.record_id,
      source: r.source_key,
      entryKey: r.entry_key,
      state: d ? 'resolved' : 'open',
      decision: d
        ? {
            decisionId: d.id,
            ...decisionTerms(d),
            decidedAt: d.decided_at.toISOString(),
            validUntil: isoOrNull(d.valid_until),
            approvedBy: d.approver,
            approvedAt: isoOrNull(d.approved_at),
          }
        : null,
    };
  });
}

/** The attestation as CSV: one row per subject and review of it (a subject without a review: one row, review columns empty). */
export function attestationCsv(attestation: AttestationView): string {
  type Subject = {
    recordId: string;
    subject: Record<string, unknown>;
    status: string;
    listVersions: Array<{ source: string; listVersionId: string }>;
    checkedAt: string;
  };
  type Review = {
    reviewId: string;
    recordId: string;
    source: string;
    entryKey: string;
    state: string;
    decision: Record<string, unknown> | null;
  };
  const subjects = attestation.subjects as Subject[];
  const reviews = attestation.reviews as Review[];
  const rows: unknown[][] = [];
  for (const s of subjects) {
    const name = (s.subject.name ?? s.subject.legalName ?? '') as string;
    const common = [
      attestation.month,
      s.recordId,
      name,
      s.status,
      s.listVersions.map((v) => `${v.source}:${v.listVersionId}`).join(' '),
      s.checkedAt,
    ];
    const ofSubject = reviews.filter((r) => r.recordId === s.recordId);
    if (ofSubject.length === 0) rows.push([...common, '', '', '', '', '', '', '', '', '']);
    for (const r of ofSubject) {
      const d = r.decision;
      rows.push([
        ...common,
        r.reviewId,
        r.source,
        r.entryKey,
        r.state,
        d?.decision ?? '',
        d?.reasonCode ?? '',
        d?.reviewer ?? '',
        d?.decidedAt ?? '',
        d?.validUntil ?? '',
      ]);
    }
  }
  return stringify(rows, {
    header: true,
    columns: [
      'month',
      'record_id',
      'subject_name',
      'status',
      'list_versions',
      'checked_at',
      'review_id',
      'review_source',
      'entry_key',
      'review_state',
      'decision',
      'reason_code',
      'reviewer',
      'decided_at',
      'valid_until',
    ],
  });
}

export interface ChainCheck {
  ok: boolean;
  months: Array<{ month: string; ok: boolean; problems: string[] }>;
}

/**
 * Verifies an organization's attestations, oldest first: each body hashes to its stored hash,
 * names the previous month's hash, is of its own organization and month, and is signed by the
 * configured service key. A month edited afterwards fails, and so does the month after it.
 */
export async function verifyAttestations(pool: Pool, orgId: string, key: AttestationSigningKey): Promise<ChainCheck> {
  const { rows } = await pool.query<{ month: string; body: string; body_hash: string; key_id: string; signature: string }>(
    'SELECT month, body, body_hash, key_id, signature FROM review_attestations WHERE org_id = $1 ORDER BY month',
    [orgId],
  );
  let previousHash: string | null = null;
  const months = rows.map((row) => {
    const problems: string[] = [];
    let body: { organizationId?: string; month?: string; previousHash?: string | null } = {};
    try {
      body = JSON.parse(row.body) as typeof body;
    } catch {
      problems.push('the body is not JSON');
    }
    if (sha256(row.body) !== row.body_hash) problems.push('the body does not hash to the stored hash');
    if (body.previousHash !== previousHash) problems.push("the body does not name the previous month's hash");
    if (body.organizationId !== orgId || body.month !== row.month) problems.push('the body is of another organization or month');
    if (row.key_id !== key.keyId) problems.push(`signed with key ${row.key_id}, not the configured ${key.keyId}`);
    else if (!hashSignatureValid(key, row.body_hash, row.signature)) problems.push('the signature does not verify');
    previousHash = sha256(row.body);
    return { month: row.month, ok: problems.length === 0, problems };
  });
  return { ok: months.every((m) => m.ok), months };
}
