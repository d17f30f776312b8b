import { isDeepStrictEqual } from 'node:util';
import type { PoolClient } from 'pg';
import type { Match } from '../../matcher/types';
import type { MatchChange } from '../monitoring';
import type { WebhookEventToEmit } from '../webhooks';
import { entryId, existingEntries, loadEntries, type ListedEntry } from './entries';
import { fieldChanges, subjectHash, subjectSnapshot, type FieldChange, type SubjectSnapshot } from './fields';
import { ReviewWrites, type StoredReview } from './writes';

interface Seen {
  match: Match;
  entry: ListedEntry;
}

/** One change's matches by review key, its subject, and the record's reviews. */
interface Planned {
  change: MatchChange;
  seen: Map<string, Seen>;
  subject: SubjectSnapshot;
  subjectHash: string;
  reviews: StoredReview[];
}

/**
 * The reviews' reaction to match changes, in the transaction that stores the screenings (rules in
 * docs/reviews.md): a match without a review opens one; a resolved review keeps its decision while
 * the entry, the subject's identifying fields and its expiry allow, else reopens; a gone match
 * keeps its review. A re-keyed entry (same name and source, old key gone) takes its review along.
 * Set-based: a fixed number of queries per chunk, and a review nothing moved is not written.
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
  const planned = known.map((change) => plan(change, entries, reviews.get(change.recordId) ?? []));
  const stillListed = await existingEntries(client, planned.flatMap(rekeyCandidates));
  const writes = new ReviewWrites();
  const now = Date.now();
  for (const p of planned) react(writes, p, stillListed, now);
  return writes.flush(client);
}

const reviewKey = (sourceKey: string, entryKey: string) => `${sourceKey}\u0000${entryKey}`;

function plan(change: MatchChange, entries: ReadonlyMap<string, ListedEntry>, reviews: StoredReview[]): Planned {
  const seen = new Map<string, Seen>();
  change.matches.forEach((match, i) => {
    const entry = entries.get(entryId(match.provenance.listVersionId, change.entryKeys![i]));
    if (entry) seen.set(reviewKey(entry.sourceKey, entry.entryKey), { match, entry });
  });
  const subject = subjectSnapshot(change.entity);
  return { change, seen, subject, subjectHash: subjectHash(subject), reviews };
}

/** The reviewed entries a seen entry without a review may re-key: whether the version still holds them is read for all at once. */
function rekeyCandidates(p: Planned): Array<{ versionId: string; entryKey: string }> {
  const reviewed = new Set(p.reviews.map((r) => reviewKey(r.source_key, r.entry_key)));
  const unmatched = p.reviews.filter((r) => !p.seen.has(reviewKey(r.source_key, r.entry_key)));
  return [...p.seen.entries()]
    .filter(([key]) => !reviewed.has(key))
    .flatMap(([, s]) =>
      unmatched
        .filter((r) => r.source_key === s.entry.sourceKey && r.entry.name === s.entry.snapshot.name)
        .map((r) => ({ versionId: s.entry.versionId, entryKey: r.entry_key })),
    );
}

function react(writes: ReviewWrites, p: Planned, stillListed: ReadonlySet<string>, now: number): void {
  const byKey = new Map(p.reviews.map((r) => [reviewKey(r.source_key, r.entry_key), r]));
  const unmatched = () => p.reviews.filter((r) => !p.seen.has(reviewKey(r.source_key, r.entry_key)));
  const rekeyed = new Set<string>();
  for (const [key, s] of p.seen) {
    let review = byKey.get(key);
    if (!review) {
      review = unmatched().find(
        (r) =>
          r.source_key === s.entry.sourceKey &&
          r.entry.name === s.entry.snapshot.name &&
          !stillListed.has(entryId(s.entry.versionId, r.entry_key)),
      );
      if (review) {
        byKey.delete(reviewKey(review.source_key, review.entry_key));
        review.entry_key = s.entry.entryKey;
        rekeyed.add(review.id);
        byKey.set(key, review);
      }
    }
    if (review) seeAgain(writes, review, s, p, now, rekeyed.has(review.id));
    else writes.open(p.change, s.entry, s.match, p.subject, p.subjectHash);
  }
  for (const review of unmatched()) {
    if (review.match_present) writes.gone(review, p.change.kind);
  }
}

async function lockReviews(client: PoolClient, recordIds: readonly string[]): Promise<Map<string, StoredReview[]>> {
  const { rows } = await client.query<StoredReview>(
    `SELECT r.id, r.org_id, r.record_id, r.source_key, r.entry_key, r.state, r.match_present, r.list_version_id, r.entry_hash, r.entry,
            r.subject_hash, r.subject, r.match, r.decision_id, d.entry_hash AS decided_entry_hash, d.subject_hash AS decided_subject_hash,
            d.valid_until::text AS valid_until
       FROM reviews r LEFT JOIN review_decisions d ON d.id = r.decision_id
      WHERE r.record_id = ANY($1::uuid[]) ORDER BY r.id FOR UPDATE OF r`,
    [recordIds],
  );
  const out = new Map<string, StoredReview[]>();
  for (const r of rows) {
    const ofRecord = out.get(r.record_id);
    if (ofRecord) ofRecord.push(r);
    else out.set(r.record_id, [r]);
  }
  return out;
}

/**
 * Whether the review holds exactly what was seen now: a match on another list than the one whose
 * version the record was screened again for. It is not written again (its updatedAt stays the
 * time it last changed): at a million records most of a fan-out's review writes were such.
 */
function holdsWhatWasSeen(review: StoredReview, seen: Seen, p: Planned): boolean {
  return (
    review.match_present &&
    review.list_version_id === seen.entry.versionId &&
    review.entry_hash === seen.entry.contentHash &&
    review.subject_hash === p.subjectHash &&
    // As stored: a value the JSON text leaves out (undefined) is not a difference.
    isDeepStrictEqual(review.match, JSON.parse(JSON.stringify(seen.match)))
  );
}

/** A review's match seen again: carried forward, reopened or brought up to date (or left as it is, when nothing moved). */
function seeAgain(writes: ReviewWrites, review: StoredReview, seen: Seen, p: Planned, now: number, rekeyed: boolean): void {
  const changes: FieldChange[] = [
    ...fieldChanges('entry', review.entry as unknown as Record<string, unknown>, seen.entry.snapshot as unknown as Record<string, unknown>),
    ...fieldChanges('subject', review.subject, p.subject),
  ];
  if (!review.match_present) writes.history(review.id, 'match_back', { listVersionId: seen.entry.versionId });
  let reopen = false;
  if (review.state === 'resolved') {
    const expired = review.valid_until !== null && Date.parse(review.valid_until) <= now;
    const reasons = [
      ...(review.decided_entry_hash !== seen.entry.contentHash ? ['entry_changed'] : []),
      ...(review.decided_subject_hash !== p.subjectHash ? ['subject_changed'] : []),
      ...(expired ? ['decision_expired'] : []),
    ];
    if (reasons.length === 0) {
      if (review.list_version_id !== seen.entry.versionId) {
        writes.history(review.id, 'carried_forward', {
          decisionId: review.decision_id,
          listVersionId: seen.entry.versionId,
          entryHash: seen.entry.contentHash,
          subjectHash: p.subjectHash,
          validUntil: review.valid_until,
        });
      }
    } else {
      reopen = true;
      if (expired) changes.push({ field: 'decision.validUntil', previous: review.valid_until, current: null });
      writes.reopened(review, seen.entry, seen.match, reasons, changes);
    }
  } else if (review.entry_hash !== seen.entry.contentHash || review.subject_hash !== p.subjectHash) {
    writes.history(review.id, 'changed_while_open', { changes, listVersionId: seen.entry.versionId });
  }
  if (!reopen && !rekeyed && holdsWhatWasSeen(review, seen, p)) return;
  writes.seen(review, seen.entry, seen.match, p.subject, p.subjectHash, reopen ? changes : null);
}
