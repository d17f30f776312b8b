import { timingSafeEqual } from 'node:crypto';
import { signatureHex } from './signing';

/**
 * For webhook receivers: the contract's five verification rules in one call.
 *   1. read t and v1 from Service-Signature;
 *   2. refuse when t is more than 5 minutes from the receiver's clock;
 *   3. HMAC-SHA256 with the signing secret over `<t>.` + the raw body bytes, lowercase hex;
 *   4. compare with v1 in constant time;
 *   5. the caller answers 2xx only when this returns ok (anything else is retried).
 * Pass the raw body exactly as received, before any JSON parsing.
 */
export interface WebhookVerification {
  ok: boolean;
  /** Why it was refused; absent when ok. */
  reason?: string;
  deliveryId?: string;
  eventType?: string;
}

export const SIGNATURE_TOLERANCE_SECONDS = 300;

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function verifyWebhook(input: {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer | string;
  secret: string;
  now?: Date;
  toleranceSeconds?: number;
}): WebhookVerification {
  const signature = header(input.headers, 'service-signature');
  if (!signature) return { ok: false, reason: 'missing Service-Signature' };
  const parts = new Map(signature.split(',').map((kv) => {
    const at = kv.indexOf('=');
    return [kv.slice(0, at).trim(), kv.slice(at + 1).trim()] as [string, string];
  }));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^[0-9]+$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed Service-Signature' };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(t)) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp outside the tolerance' };
  }
  const expected = Buffer.from(signatureHex(input.secret, Number(t), input.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return { ok: false, reason: 'signature mismatch' };
  return { ok: true, deliveryId: header(input.headers, 'service-webhook-id'), eventType: header(input.headers, 'service-event-type') };
}
