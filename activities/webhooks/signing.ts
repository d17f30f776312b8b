import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint signing secret: 32 random bytes, shown to the client once. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** HMAC-SHA256 over `<t>.<raw body>`, lowercase hex (the contract's rule 3). */
export function signatureHex(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** The Service-Signature header value of one attempt: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signatureHex(secret, t, body)}`;
}
