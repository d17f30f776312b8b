/**
 * Webhooks' public entry: endpoints and the delivery log, signing, the SSRF guard, the retry
 * policy, the delivery starter and its task queue, the limits that keep one organization from
 * starving others, endpoint health, and the receivers' verification helper.
 */
export {
  CONTRACT_EVENT_TYPES,
  REVIEW_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  eventBody,
  type ReviewEventType,
  type WebhookEventToEmit,
  type WebhookEventType,
} from './events';
export { allowLoopback, deliveryPolicy, retrySchedule, type DeliveryPolicy } from './policy';
export { checkWebhookTarget, refusedAddressReason, REFUSED_ADDRESS_REASON } from './targets';
export { newSigningSecret, signatureHeader, signatureHex } from './signing';
export { openSecret, sealSecret, type SealedSecret, type StoredSecret } from './secretBox';
export { postDelivery, RENEWAL_MAX_MS, type PostOutcome } from './post';
export { verifyWebhook, SIGNATURE_TOLERANCE_SECONDS, type HeaderGetter, type ReceivedHeaders, type WebhookVerification } from './receiver';
export { emitWebhookEvents } from './emit';
export { markWorkflowsStarted, startDeliveryWorkflows } from './start';
export { startUnstartedDeliveries, UNSTARTED_AFTER_MS } from './sweep';
export {
  cancelRecordDeliveries,
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  recordDeliveries,
  recordEventsDeliveries,
  reencryptSecrets,
  rotateSecret,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryRef,
  type DeliveryStatus,
  type WebhookEndpoint,
} from './store';
export {
  getDelivery,
  getDeliveryForOperator,
  listDeliveries,
  listDeliveriesForOperator,
  type DeliveryFilter,
  type DeliveryPage,
} from './deliveryLog';
export {
  createReplay,
  createReplayForOperator,
  reopenDeliveryForOperator,
  RESETTABLE_STATUSES,
  type ReplayRefusal,
  type ReplayResult,
  type ResetResult,
} from './replay';
export {
  claimAttempt,
  finishAttempt,
  logAttempt,
  markCancelled,
  markFailed,
  releaseClaim,
  renewClaim,
  stillToSend,
  waitForRecordSends,
  type AttemptClaim,
  type DeliveryToAttempt,
} from './attempts';
export { enableEndpoint, endpointAttemptFailed, endpointDelivered, endpointDeliveryFailed } from './endpointHealth';
export { holdDelivery, holdEndpointDeliveries, MONITORING_EVENT_TYPES, releaseHeldDeliveries, type HeldScope } from './held';
export { createHostResolver, defaultHostResolver, type HostResolver, type ResolvedAddress } from './resolver';
export {
  deliveryPoolSize,
  deliveryTaskQueue,
  deliveryWorkerSlots,
  disablePolicy,
  endpointCap,
  orgAttemptCap,
  orgBusyRetryMs,
  ORG_BUSY_MAX_RETRY_MS,
  replaysPerMinute,
  type DisablePolicy,
} from './limits';
