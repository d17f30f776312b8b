import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { WebhookSecretKeys } from '../../infra/base/config';

/**
 * Webhook signing secrets at rest: AES-256-GCM under an envelope key of WEBHOOK_SECRET_KEYS,
 * the key id stored beside the ciphertext (migration 7857). The ciphertext is bound to its
 * endpoint (additional data), so one endpoint's ciphertext copied onto another does not open.
 * The gateway only seals (at creation and rotation, when the secret is shown once); the
 * delivery activity opens, to sign; `screenctl webhook-secrets reencrypt` opens and seals again.
 */
export interface SealedSecret {
  /** base64 of the 12-byte IV, the 16-byte tag, then the ciphertext. */
  ciphertext: string;
  keyId: string;
}

/** An endpoint's secret as stored: sealed, or still plain (a row written before encryption at rest, not yet re-encrypted). */
export interface StoredSecret {
  plain: string | null;
  ciphertext: string | null;
  keyId: string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const additionalData = (endpointId: string): Buffer => Buffer.from(`webhook-endpoint-secret:${endpointId}`, 'utf8');

export function sealSecret(keys: WebhookSecretKeys, endpointId: string, secret: string): SealedSecret {
  const key = keys.keys.get(keys.currentKeyId);
  if (!key) throw new Error(`webhook secret key ${keys.currentKeyId} is missing`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additionalData(endpointId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'), keyId: keys.currentKeyId };
}

/**
 * The endpoint's secret in clear; throws when its key id is no longer configured or the
 * ciphertext does not open. A plain secret wins: sealing always clears it, so one present was
 * written by code that did not seal (a row from before encryption at rest, or a rotation by such
 * code during a rolling deploy, which leaves an older ciphertext behind).
 */
export function openSecret(keys: WebhookSecretKeys, endpointId: string, stored: StoredSecret): string {
  if (stored.plain !== null) return stored.plain;
  if (stored.ciphertext === null || stored.keyId === null) throw new Error(`webhook endpoint ${endpointId} has no signing secret`);
  const key = keys.keys.get(stored.keyId);
  if (!key)
    throw new Error(
      `webhook endpoint ${endpointId}: its secret is encrypted under key id ${stored.keyId}, which WEBHOOK_SECRET_KEYS does not hold`,
    );
  const sealed = Buffer.from(stored.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(additionalData(endpointId));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`webhook endpoint ${endpointId}: its secret does not decrypt under key id ${stored.keyId}`);
  }
}
