import type { ReviewEventType, WebhookEventToEmit } from '../webhooks';

/**
 * A review event for the record's organization. The key names the review and the history row
 * that caused it, so a retried screening or decision records it once; removing the record
 * cancels its pending deliveries, as for match_status_change.
 */
export function reviewEvent(
  type: ReviewEventType,
  review: { id: string; orgId: string; recordId: string },
  historyId: string,
  data: Record<string, unknown>,
): WebhookEventToEmit {
  return {
    orgId: review.orgId,
    type,
    eventKey: `review:${review.id}:${historyId}`,
    monitoredRecordId: review.recordId,
    data: { reviewId: review.id, recordId: review.recordId, ...data },
  };
}
