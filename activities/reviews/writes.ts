import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { Match } from '../../matcher/types';
import type { MatchChange, MatchChangeKind } from '../monitoring';
import type { WebhookEventToEmit } from '../webhooks';
import type { ListedEntry } from './entries';
import { reviewEvent } from './events';
import type { EntrySnapshot, FieldChange, SubjectSnapshot } from './fields';
import type { HistoryKind } from './history';

/** A review as the reaction to match changes reads it (locked), with the hashes its decision in force was made on. */
export interface StoredReview {
  id: string;
  org_id: string;
  record_id: string;
  source_key: string;
  entry_key: string;
  state: 'open' | 'resolved';
  match_present: boolean;
  list_version_id: string;
  entry_hash: string;
  entry: EntrySnapshot;
  subject_hash: string;
  subject: SubjectSnapshot;
  match: Match;
  decision_id: string | null;
  decided_entry_hash: string | null;
  decided_subject_hash: string | null;
  valid_until: string | null;
}

/** What a review holds of the match it last saw: one row of the reviews table's snapshot columns. */
interface SeenMatch {
  id: string;
  entry_key: string;
  list_version_id: string;
  entry_hash: string;
  entry: EntrySnapshot;
  subject_hash: string;
  subject: SubjectSnapshot;
  match: Match;
}

interface Opened extends SeenMatch {
  org_id: string;
  record_id: string;
  source_key: string;
}

interface SeenAgain extends SeenMatch {
  /** The reopening's field-by-field diff; null when the review is not reopened. */
  reopen_changes: FieldChange[] | null;
}

function seenMatch(id: string, entry: ListedEntry, match: Match, subject: SubjectSnapshot, subjectHash: string): SeenMatch {
  return {
    id,
    entry_key: entry.entryKey,
    list_version_id: entry.versionId,
    entry_hash: entry.contentHash,
    entry: entry.snapshot,
    subject_hash: subjectHash,
    subject,
    match,
  };
}

interface HistoryRow {
  reviewId: string;
  kind: HistoryKind;
  detail: Record<string, unknown>;
  /** The event this history row causes; its key names the row. */
  event?: (historyId: string) => WebhookEventToEmit;
}

/**
 * What a reaction to match changes writes, gathered over a whole chunk of records and written in
 * at most four statements (reviews opened, reviews seen again, matches gone, history), so that
 * its cost does not grow by a round trip per match. History rows keep the order they are
 * gathered in (their ids ascend in it), as each review's history is read by id.
 */
export class ReviewWrites {
  private readonly opened: Opened[] = [];
  private readonly seenAgain: SeenAgain[] = [];
  private readonly goneIds: string[] = [];
  private readonly rows: HistoryRow[] = [];

  history(reviewId: string, kind: HistoryKind, detail: Record<string, unknown>, event?: HistoryRow['event']): void {
    this.rows.push({ reviewId, kind, detail, event });
  }

  /** A match with no review: the review opens, and review_opened is sent. */
  open(change: MatchChange, entry: ListedEntry, match: Match, subject: SubjectSnapshot, subjectHash: string): void {
    const review = { id: randomUUID(), orgId: change.orgId, recordId: change.recordId };
    this.opened.push({
      ...seenMatch(review.id, entry, match, subject, subjectHash),
      org_id: change.orgId,
      record_id: change.recordId,
      source_key: entry.sourceKey,
    });
    this.history(review.id, 'opened', { listVersionId: entry.versionId, entryHash: entry.contentHash }, (historyId) =>
      reviewEvent('review_opened', review, historyId, {
        source: entry.sourceKey,
        entryKey: entry.entryKey,
        listVersionId: entry.versionId,
        match,
      }),
    );
  }

  /** A resolved review that no longer carries its decision forward: reopened, and review_reopened is sent. */
  reopened(review: StoredReview, entry: ListedEntry, match: Match, reasons: string[], changes: FieldChange[]): void {
    this.history(
      review.id,
      'reopened',
      { reasons, changes, previousDecisionId: review.decision_id, listVersionId: entry.versionId },
      (historyId) =>
        reviewEvent('review_reopened', { id: review.id, orgId: review.org_id, recordId: review.record_id }, historyId, {
          source: entry.sourceKey,
          entryKey: entry.entryKey,
          listVersionId: entry.versionId,
          reasons,
          changes,
          match,
        }),
    );
  }

  /** A review's match seen again: the review holds what it saw now (and is open again, with `reopenChanges`, if reopened). */
  seen(
    review: StoredReview,
    entry: ListedEntry,
    match: Match,
    subject: SubjectSnapshot,
    subjectHash: string,
    reopenChanges: FieldChange[] | null,
  ): void {
    this.seenAgain.push({ ...seenMatch(review.id, entry, match, subject, subjectHash), reopen_changes: reopenChanges });
  }

  /** A review whose match is gone: kept, with its state and history, marked matchPresent false. */
  gone(review: StoredReview, kind: MatchChangeKind): void {
    this.goneIds.push(review.id);
    this.history(review.id, 'match_gone', { kind });
  }

  /** Writes everything gathered; the review events, in the order of their history rows. */
  async flush(client: PoolClient): Promise<WebhookEventToEmit[]> {
    if (this.opened.length > 0) {
      await client.query(
        `INSERT INTO reviews (id, org_id, record_id, source_key, entry_key, list_version_id, entry_hash, entry, subject_hash, subject, match)
         SELECT id, org_id, record_id, source_key, entry_key, list_version_id, entry_hash, entry, subject_hash, subject, match
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, org_id uuid, record_id uuid, source_key text, entry_key text, list_version_id uuid,
                                                    entry_hash text, entry jsonb, subject_hash text, subject jsonb, match jsonb)`,
        [JSON.stringify(this.opened)],
      );
    }
    if (this.seenAgain.length > 0) {
      await client.query(
        `UPDATE reviews r
            SET entry_key = x.entry_key, list_version_id = x.list_version_id, entry_hash = x.entry_hash, entry = x.entry,
                subject_hash = x.subject_hash, subject = x.subject, match = x.match, match_present = true, updated_at = now(),
                state = CASE WHEN x.reopen_changes IS NOT NULL THEN 'open' ELSE r.state END,
                decision_id = CASE WHEN x.reopen_changes IS NOT NULL THEN NULL ELSE r.decision_id END,
                changes = CASE WHEN x.reopen_changes IS NOT NULL THEN x.reopen_changes ELSE r.changes END
           FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, entry_key text, list_version_id uuid, entry_hash text, entry jsonb,
                                                    subject_hash text, subject jsonb, match jsonb, reopen_changes jsonb)
          WHERE r.id = x.id`,
        [JSON.stringify(this.seenAgain)],
      );
    }
    if (this.goneIds.length > 0) {
      await client.query('UPDATE reviews SET match_present = false, updated_at = now() WHERE id = ANY($1::uuid[])', [this.goneIds]);
    }
    if (this.rows.length === 0) return [];
    const { rows: inserted } = await client.query<{ id: string; review_id: string; kind: string }>(
      `INSERT INTO review_history (review_id, kind, detail)
       SELECT (e.value->>'reviewId')::uuid, e.value->>'kind', e.value->'detail'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, ord)
        ORDER BY e.ord
       RETURNING id, review_id, kind`,
      [JSON.stringify(this.rows.map((r) => ({ reviewId: r.reviewId, kind: r.kind, detail: r.detail })))],
    );
    // A review gets at most one row of a kind that sends an event (opened, reopened) per reaction.
    const ids = new Map(inserted.map((r) => [`${r.review_id}:${r.kind}`, r.id]));
    return this.rows.flatMap((r) => (r.event ? [r.event(ids.get(`${r.reviewId}:${r.kind}`)!)] : []));
  }
}
