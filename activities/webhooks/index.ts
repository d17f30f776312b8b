/**
 * Webhooks' public entry: endpoints and the delivery log, signing, the SSRF guard, the retry
 * policy, the delivery starter and the receivers' verification helper.
 */
export { WEBHOOK_EVENT_TYPES, eventBody, type WebhookEventToEmit, type WebhookEventType } from './events';
export { allowLoopback, deliveryPolicy, retrySchedule, type DeliveryPolicy } from './policy';
export { checkWebhookTarget, refusedAddressReason } from './targets';
export { newSigningSecret, signatureHeader, signatureHex } from './signing';
export { postDelivery, type PostOutcome } from './post';
export { verifyWebhook, SIGNATURE_TOLERANCE_SECONDS, type HeaderGetter, type ReceivedHeaders, type WebhookVerification } from './receiver';
export { emitWebhookEvents } from './emit';
export { deliveryWorkflowId, startDeliveryWorkflows, type WebhookDeliveryInput } from './start';
export { startUnstartedDeliveries, UNSTARTED_AFTER_MS } from './sweep';
export {
  cancelRecordDeliveries, createEndpoint, deleteEndpoint, listEndpoints, recordDeliveries, rotateSecret,
  type Delivery, type DeliveryAttempt, type DeliveryRef, type DeliveryStatus, type WebhookEndpoint,
} from './store';
export {
  getDelivery, getDeliveryForOperator, listDeliveries, listDeliveriesForOperator, type DeliveryFilter, type DeliveryPage,
} from './deliveryLog';
export {
  createReplay, createReplayForOperator, reopenDeliveryForOperator, RESETTABLE_STATUSES,
  type ReplayRefusal, type ReplayResult, type ResetResult,
} from './replay';
export {
  holdActiveRecord, loadDeliveryToAttempt, logAttempt, markCancelled, markDelivered, markFailed, type DeliveryToAttempt,
} from './attempts';
