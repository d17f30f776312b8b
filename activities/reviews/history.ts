import type { PoolClient } from 'pg';

/** What happened to a review (review_history; append-only). */
export type HistoryKind =
  'opened' | 'reopened' | 'carried_forward' | 'changed_while_open' | 'match_gone' | 'match_back' | 'decided' | 'approved';

/** Appends to the review's history; the row's id (an event's key names it). */
export async function appendHistory(
  client: PoolClient,
  reviewId: string,
  kind: HistoryKind,
  detail: Record<string, unknown>,
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    'INSERT INTO review_history (review_id, kind, detail) VALUES ($1, $2, $3) RETURNING id',
    [reviewId, kind, JSON.stringify(detail)],
  );
  return rows[0].id;
}
