import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { AttestationSigningKey } from '../../infra/base/config';

/** The PKCS #8 DER prefix of an Ed25519 private key (RFC 8410), before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function privateKeyOf(key: AttestationSigningKey): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, key.seed]), format: 'der', type: 'pkcs8' });
}

/** The Ed25519 signature (base64) of an attestation's hash. */
export function signHash(key: AttestationSigningKey, hash: string): string {
  return sign(null, Buffer.from(hash, 'utf8'), privateKeyOf(key)).toString('base64');
}

export function hashSignatureValid(key: AttestationSigningKey, hash: string, signature: string): boolean {
  return verify(null, Buffer.from(hash, 'utf8'), createPublicKey(privateKeyOf(key)), Buffer.from(signature, 'base64'));
}

/** The public key (SPKI PEM) a verifier outside the service checks signatures with. */
export function publicKeyPem(key: AttestationSigningKey): string {
  return createPublicKey(privateKeyOf(key)).export({ format: 'pem', type: 'spki' }).toString();
}
