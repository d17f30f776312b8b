import type { PoolClient } from 'pg';
import type { Match } from '../../matcher/types';
import type { MatchChange } from '../monitoring';
import type { WebhookEventToEmit } from '../webhooks';
import { entryId, loadEntries, type ListedEntry } from './entries';
import { reviewEvent } from './events';
import { fieldChanges, subjectHash, subjectSnapshot, type EntrySnapshot, type FieldChange, type SubjectSnapshot } from './fields';
import { appendHistory } from './history';

interface StoredReview {
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
  decision_id: string | null;
  decided_entry_hash: string | null;
  decided_subject_hash: string | null;
  valid_until: string | null;
}

interface Seen {
  match: Match;
  entry: ListedEntry;
}

/**
 * The reviews' reaction to monitoring's match changes, in the transaction that stores the
 * screenings. Each match of a record is one review (record × source × entry key): a match with no
 * review opens one (review_opened); a match with a resolved review carries its decision forward
 * only while the entry's content hash and the subject's identifying fields are those it was
 * decided on and it has not expired, and reopens it otherwise with the fields that changed
 * (review_reopened). A review whose match is gone keeps its state and history (`matchPresent`
 * false). A list that keys its rows by their fields (the LEIE: names, date of birth, NPI, dates)
 * gives an entry a new key when such a field changes; an entry added under the same listed name
 * and source as a reviewed entry the record no longer matches, whose key the version no longer
 * holds, is that entry re-keyed, and its review follows it.
 */
export async function reactToMatchChanges(client: PoolClient, changes: readonly MatchChange[]): Promise<WebhookEventToEmit[]> {
  const known = changes.filter((c) => c.entryKeys !== null);
  if (known.length === 0) return [];
  const reviews = await lockReviews(
    client,
    known.map((c) => c.recordId),
  );
  const entries = await loadEntries(
    client,
    known.flatMap((c) => c.matches.map((m, i) => ({ versionId: m.provenance.listVersionId, entryKey: c.entryKeys![i] }))),
  );
  const events: WebhookEventToEmit[] = [];
  const now = Date.now();
  for (const change of known) {
    const seen = new Map<string, Seen>();
    change.matches.forEach((match, i) => {
      const entry = entries.get(entryId(match.provenance.listVersionId, change.entryKeys![i]));
      if (entry) seen.set(reviewKey(entry.sourceKey, entry.entryKey), { match, entry });
    });
    const subject = subjectSnapshot(change.entity);
    const ofRecord = reviews.get(change.recordId) ?? [];
    const byKey = new Map(ofRecord.map((r) => [reviewKey(r.source_key, r.entry_key), r]));
    const unmatched = () => ofRecord.filter((r) => !seen.has(reviewKey(r.source_key, r.entry_key)));
    for (const [key, s] of seen) {
      let review = byKey.get(key);
      if (!review) {
        review = await successorOf(client, unmatched(), s.entry);
        if (review) {
          byKey.delete(reviewKey(review.source_key, review.entry_key));
          review.entry_key = s.entry.entryKey;
          byKey.set(key, review);
        }
      }
      if (!review) {
        events.push(await openReview(client, change, s, subject));
        continue;
      }
      const event = await seeAgain(client, review, s, subject, now);
      if (event) events.push(event);
    }
    for (const review of unmatched()) {
      if (!review.match_present) continue;
      await client.query('UPDATE reviews SET match_present = false, updated_at = now() WHERE id = $1', [review.id]);
      await appendHistory(client, review.id, 'match_gone', { kind: change.kind });
    }
  }
  return events;
}

const reviewKey = (sourceKey: string, entryKey: string) => `${sourceKey}\u0000${entryKey}`;

async function lockReviews(client: PoolClient, recordIds: readonly string[]): Promise<Map<string, StoredReview[]>> {
  const { rows } = await client.query<StoredReview>(
    `SELECT r.id, r.org_id, r.record_id, r.source_key, r.entry_key, r.state, r.match_present, r.list_version_id, r.entry_hash, r.entry,
            r.subject_hash, r.subject, r.decision_id, d.entry_hash AS decided_entry_hash, d.subject_hash AS decided_subject_hash,
            d.valid_until::text AS valid_until
       FROM reviews r LEFT JOIN review_decisions d ON d.id = r.decision_id
      WHERE r.record_id = ANY($1::uuid[]) ORDER BY r.id FOR UPDATE OF r`,
    [recordIds],
  );
  const out = new Map<string, StoredReview[]>();
  for (const r of rows) out.set(r.record_id, [...(out.get(r.record_id) ?? []), r]);
  return out;
}

/** The reviewed entry of this record that `entry` re-keys, if any (see reactToMatchChanges). */
async function successorOf(client: PoolClient, unmatched: readonly StoredReview[], entry: ListedEntry): Promise<StoredReview | undefined> {
  const candidates = unmatched.filter((r) => r.source_key === entry.sourceKey && r.entry.name === entry.snapshot.name);
  for (const candidate of candidates) {
    const { rowCount } = await client.query('SELECT 1 FROM list_entries WHERE version_id = $1 AND entry_key = $2', [
      entry.versionId,
      candidate.entry_key,
    ]);
    if (rowCount === 0) return candidate;
  }
  return undefined;
}

async function openReview(client: PoolClient, change: MatchChange, seen: Seen, subject: SubjectSnapshot): Promise<WebhookEventToEmit> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO reviews (org_id, record_id, source_key, entry_key, list_version_id, entry_hash, entry, subject_hash, subject, match)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      change.orgId,
      change.recordId,
      seen.entry.sourceKey,
      seen.entry.entryKey,
      seen.entry.versionId,
      seen.entry.contentHash,
      JSON.stringify(seen.entry.snapshot),
      subjectHash(subject),
      JSON.stringify(subject),
      JSON.stringify(seen.match),
    ],
  );
  const review = { id: rows[0].id, orgId: change.orgId, recordId: change.recordId };
  const historyId = await appendHistory(client, review.id, 'opened', {
    listVersionId: seen.entry.versionId,
    entryHash: seen.entry.contentHash,
  });
  return reviewEvent('review_opened', review, historyId, {
    source: seen.entry.sourceKey,
    entryKey: seen.entry.entryKey,
    listVersionId: seen.entry.versionId,
    match: seen.match,
  });
}

/** A review's match seen again: carried forward, reopened or brought up to date; the event, if it reopened. */
async function seeAgain(
  client: PoolClient,
  review: StoredReview,
  seen: Seen,
  subject: SubjectSnapshot,
  now: number,
): Promise<WebhookEventToEmit | null> {
  const currentSubjectHash = subjectHash(subject);
  const changes: FieldChange[] = [
    ...fieldChanges('entry', review.entry as unknown as Record<string, unknown>, seen.entry.snapshot as unknown as Record<string, unknown>),
    ...fieldChanges('subject', review.subject, subject),
  ];
  if (!review.match_present) await appendHistory(client, review.id, 'match_back', { listVersionId: seen.entry.versionId });
  let event: WebhookEventToEmit | null = null;
  let reopen = false;
  if (review.state === 'resolved') {
    const expired = review.valid_until !== null && Date.parse(review.valid_until) <= now;
    const reasons = [
      ...(review.decided_entry_hash !== seen.entry.contentHash ? ['entry_changed'] : []),
      ...(review.decided_subject_hash !== currentSubjectHash ? ['subject_changed'] : []),
      ...(expired ? ['decision_expired'] : []),
    ];
    if (reasons.length === 0) {
      if (review.list_version_id !== seen.entry.versionId) {
        await appendHistory(client, review.id, 'carried_forward', {
          decisionId: review.decision_id,
          listVersionId: seen.entry.versionId,
          entryHash: seen.entry.contentHash,
          subjectHash: currentSubjectHash,
          validUntil: review.valid_until,
        });
      }
    } else {
      reopen = true;
      if (expired) changes.push({ field: 'decision.validUntil', previous: review.valid_until, current: null });
      const historyId = await appendHistory(client, review.id, 'reopened', {
        reasons,
        changes,
        previousDecisionId: review.decision_id,
        listVersionId: seen.entry.versionId,
      });
      event = reviewEvent('review_reopened', { id: review.id, orgId: review.org_id, recordId: review.record_id }, historyId, {
        source: seen.entry.sourceKey,
        entryKey: seen.entry.entryKey,
        listVersionId: seen.entry.versionId,
        reasons,
        changes,
        match: seen.match,
      });
    }
  } else if (review.entry_hash !== seen.entry.contentHash || review.subject_hash !== currentSubjectHash) {
    await appendHistory(client, review.id, 'changed_while_open', { changes, listVersionId: seen.entry.versionId });
  }
  await client.query(
    `UPDATE reviews SET entry_key = $2, list_version_id = $3, entry_hash = $4, entry = $5, subject_hash = $6, subject = $7, match = $8,
            match_present = true, updated_at = now(),
            state = CASE WHEN $9 THEN 'open' ELSE state END,
            decision_id = CASE WHEN $9 THEN NULL ELSE decision_id END,
            changes = CASE WHEN $9 THEN $10::jsonb ELSE changes END
      WHERE id = $1`,
    [
      review.id,
      seen.entry.entryKey,
      seen.entry.versionId,
      seen.entry.contentHash,
      JSON.stringify(seen.entry.snapshot),
      currentSubjectHash,
      JSON.stringify(subject),
      JSON.stringify(seen.match),
      reopen,
      JSON.stringify(changes),
    ],
  );
  return event;
}
