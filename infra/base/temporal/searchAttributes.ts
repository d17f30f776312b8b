import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes, so operators can filter in the Temporal UI
 * (e.g. `OrgId = "…" AND JobId = "…"`). Workflow starters set them in `typedSearchAttributes`;
 * workflow code may import this file (it depends on @temporalio/common only). The dev server
 * registers them at start-up; on a real cluster `temporal operator search-attribute create`
 * registers them once (see docs/operations.md).
 */
const ListSourceKey = defineSearchAttributeKey('ListSourceKey', SearchAttributeType.KEYWORD);
export const OrgId = defineSearchAttributeKey('OrgId', SearchAttributeType.KEYWORD);
export const JobId = defineSearchAttributeKey('JobId', SearchAttributeType.KEYWORD);
export const MonitoredRecordId = defineSearchAttributeKey('MonitoredRecordId', SearchAttributeType.KEYWORD);
export const WebhookDeliveryId = defineSearchAttributeKey('WebhookDeliveryId', SearchAttributeType.KEYWORD);
export const WebhookEventType = defineSearchAttributeKey('WebhookEventType', SearchAttributeType.KEYWORD);

/** Name → CLI type of every attribute above, for `temporal server start-dev --search-attribute`. */
export const SEARCH_ATTRIBUTES: Record<string, 'Keyword'> = Object.fromEntries(
  [ListSourceKey, OrgId, JobId, MonitoredRecordId, WebhookDeliveryId, WebhookEventType].map((key) => [key.name, 'Keyword']),
);
