/**
 * Webhooks' public entry: endpoints and the delivery log, signing, the SSRF guard, the retry
 * policy, the delivery starter and the receivers' verification helper.
 */
export { WEBHOOK_EVENT_TYPES, eventBody, type WebhookEventToEmit, type WebhookEventType } from './events';
export { allowLoopback, deliveryPolicy, retrySchedule, type DeliveryPolicy } from './policy';
export { checkWebhookTarget, refusedAddressReason } from './targets';
export { newSigningSecret, signatureHeader, signatureHex } from './signing';
export { postDelivery, type PostOutcome } from './post';
export { verifyWebhook, SIGNATURE_TOLERANCE_SECONDS, type WebhookVerification } from './receiver';
export { emitWebhookEvents } from './emit';
export { deliveryWorkflowId, startDeliveryWorkflows, type WebhookDeliveryInput } from './start';
export {
  cancelRecordDeliveries, createEndpoint, createReplay, deleteEndpoint, finishDelivery, getDelivery, listDeliveries, listEndpoints,
  loadDeliveryToAttempt, logAttempt, recordDeliveries, reopenDelivery, rotateSecret,
  type Delivery, type DeliveryAttempt, type DeliveryFilter, type DeliveryRef, type DeliveryStatus, type WebhookEndpoint,
} from './store';
