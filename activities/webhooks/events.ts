/**
 * The contract's three events, the reviews' extensions, and their bodies (documented as
 * WebhookEvent in the OpenAPI document). Screening content carries only `clear` or
 * `potential_match`, with evidence and provenance.
 */
export type ContractEventType = 'match_status_change' | 'batch_completed' | 'list_update';
/** Extensions of the contract (activities/reviews): delivered only to endpoints that name them. */
export type ReviewEventType = 'review_opened' | 'review_reopened' | 'review_resolved';
export type WebhookEventType = ContractEventType | ReviewEventType;

/** What an endpoint registered without `events` receives. */
export const CONTRACT_EVENT_TYPES: readonly ContractEventType[] = ['match_status_change', 'batch_completed', 'list_update'];
export const REVIEW_EVENT_TYPES: readonly ReviewEventType[] = ['review_opened', 'review_reopened', 'review_resolved'];
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [...CONTRACT_EVENT_TYPES, ...REVIEW_EVENT_TYPES];

export interface WebhookEventToEmit {
  /** The organization whose endpoints receive it; null: every organization with an endpoint for the type (list_update). */
  orgId: string | null;
  type: WebhookEventType;
  /** What the event is about, unique per type (`batch:<jobId>`, `record:<id>:<checkedAt>`, `list:<versionId>`): a retried emitter records it once. */
  eventKey: string;
  data: Record<string, unknown>;
  /** Set for match_status_change: removing the record cancels its pending deliveries. */
  monitoredRecordId?: string;
}

/** The exact body bytes every attempt of the event's deliveries sends. */
export function eventBody(eventId: string, type: WebhookEventType, createdAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ id: eventId, type, createdAt: createdAt.toISOString(), data });
}
