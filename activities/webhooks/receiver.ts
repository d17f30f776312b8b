import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * For webhook receivers, the contract's verification in one call: read t and v1 from
 * Service-Signature, refuse a t more than 5 minutes off, compare HMAC-SHA256(secret, `<t>.` + raw
 * body) in lowercase hex with v1 in constant time; answer 2xx only on ok (anything else is retried).
 * Pass the raw body before any JSON parsing; headers as Node's, any-case object or Fetch `Headers`.
 * Node only, no other import: a receiver can copy this file as it is.
 */
export interface WebhookVerification {
  ok: boolean;
  /** Why it was refused; absent when ok. */
  reason?: string;
  deliveryId?: string;
  eventType?: string;
}

/** A Fetch `Headers` (or anything with a case-insensitive `get`). */
export interface HeaderGetter {
  get(name: string): string | null;
}

export type ReceivedHeaders = Record<string, string | string[] | undefined> | HeaderGetter;

export const SIGNATURE_TOLERANCE_SECONDS = 300;

function header(headers: ReceivedHeaders, name: string): string | undefined {
  if (typeof (headers as HeaderGetter).get === 'function') return (headers as HeaderGetter).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export function verifyWebhook(input: {
  headers: ReceivedHeaders;
  rawBody: Buffer | Uint8Array | string;
  secret: string;
  now?: Date;
  toleranceSeconds?: number;
}): WebhookVerification {
  const signature = header(input.headers, 'Service-Signature');
  if (!signature) return { ok: false, reason: 'missing Service-Signature' };
  const parts = new Map(
    signature.split(',').map((kv) => {
      const at = kv.indexOf('=');
      return [kv.slice(0, at).trim(), kv.slice(at + 1).trim()] as [string, string];
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^[0-9]+$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed Service-Signature' };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(t)) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp outside the tolerance' };
  }
  const expected = createHmac('sha256', input.secret).update(`${t}.`).update(input.rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return { ok: false, reason: 'signature mismatch' };
  return { ok: true, deliveryId: header(input.headers, 'Service-Webhook-Id'), eventType: header(input.headers, 'Service-Event-Type') };
}
