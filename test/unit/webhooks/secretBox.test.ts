import { randomBytes } from 'node:crypto';
import { webhookSecretKeys } from '../../../infra/base/config';
import { newSigningSecret, openSecret, sealSecret } from '../../../activities/webhooks';

const key = (): string => randomBytes(32).toString('base64');
const ENDPOINT = '6f1c1c1e-0000-4000-8000-000000000001';

describe('WEBHOOK_SECRET_KEYS (envelope keys of webhook signing secrets)', () => {
  it('uses a development key when unset outside production, so npm start and npm test need no configuration', () => {
    const keys = webhookSecretKeys({});
    expect(keys.currentKeyId).toBe('dev');
    expect(keys.keys.get('dev')).toHaveLength(32);
  });

  it('refuses to run in production without keys', () => {
    expect(() => webhookSecretKeys({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET_KEYS is required in production/);
    expect(() => webhookSecretKeys({ NODE_ENV: 'production', WEBHOOK_SECRET_KEYS: ' ' })).toThrow(/required in production/);
  });

  it('refuses the development key in production', () => {
    const dev = webhookSecretKeys({}).keys.get('dev')!.toString('base64');
    expect(() => webhookSecretKeys({ NODE_ENV: 'production', WEBHOOK_SECRET_KEYS: `k1:${dev}` })).toThrow(/development key/);
    expect(() => webhookSecretKeys({ NODE_ENV: 'production', WEBHOOK_SECRET_KEYS: `dev:${key()}` })).toThrow(/development key/);
  });

  it('takes the first entry for new secrets and keeps the others to decrypt', () => {
    const keys = webhookSecretKeys({ NODE_ENV: 'production', WEBHOOK_SECRET_KEYS: `2026-11:${key()}, 2026-05:${key()}` });
    expect(keys.currentKeyId).toBe('2026-11');
    expect([...keys.keys.keys()]).toEqual(['2026-11', '2026-05']);
  });

  it('refuses malformed entries, keys that are not 32 bytes and repeated ids, never echoing a key', () => {
    const short = randomBytes(16).toString('base64');
    const cases = [`k1:${short}`, `k1${key()}`, `k1:${key()},k1:${key()}`, `k1:${key()},,`];
    for (const value of cases) {
      let message = '';
      try {
        webhookSecretKeys({ WEBHOOK_SECRET_KEYS: value });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^WEBHOOK_SECRET_KEYS: /);
      for (const part of value.split(/[,:]/).filter((p) => p.length > 8)) expect(message).not.toContain(part);
    }
  });
});

describe('webhook signing secrets at rest (AES-256-GCM)', () => {
  const ring = (value: string) => webhookSecretKeys({ WEBHOOK_SECRET_KEYS: value });

  it('stores neither the secret nor its encoding, and opens it again', () => {
    const keys = ring(`k1:${key()}`);
    const secret = newSigningSecret();
    const sealed = sealSecret(keys, ENDPOINT, secret);
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ciphertext).not.toContain(secret);
    expect(sealed.ciphertext).not.toContain(secret.slice('whsec_'.length, 30));
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain(secret.slice(6, 20));
    // A fresh IV each time: the same secret never seals the same way twice.
    expect(sealSecret(keys, ENDPOINT, secret).ciphertext).not.toBe(sealed.ciphertext);
    expect(openSecret(keys, ENDPOINT, { plain: null, ciphertext: sealed.ciphertext, keyId: sealed.keyId })).toBe(secret);
  });

  it('opens a secret sealed under an old key id once a new key is added in front', () => {
    const oldKey = key();
    const secret = newSigningSecret();
    const sealed = sealSecret(ring(`old:${oldKey}`), ENDPOINT, secret);
    const rotated = ring(`new:${key()},old:${oldKey}`);
    expect(rotated.currentKeyId).toBe('new');
    expect(openSecret(rotated, ENDPOINT, { plain: null, ...sealed })).toBe(secret);
    expect(() => openSecret(ring(`new:${key()}`), ENDPOINT, { plain: null, ...sealed })).toThrow(
      /key id old, which WEBHOOK_SECRET_KEYS does not hold/,
    );
  });

  it("does not open another endpoint's ciphertext, a tampered one, or one under a different key of the same id", () => {
    const k1 = key();
    const keys = ring(`k1:${k1}`);
    const sealed = sealSecret(keys, ENDPOINT, newSigningSecret());
    expect(() => openSecret(keys, '6f1c1c1e-0000-4000-8000-000000000002', { plain: null, ...sealed })).toThrow(/does not decrypt/);
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => openSecret(keys, ENDPOINT, { plain: null, ciphertext: bytes.toString('base64'), keyId: 'k1' })).toThrow(
      /does not decrypt/,
    );
    expect(() => openSecret(ring(`k1:${key()}`), ENDPOINT, { plain: null, ...sealed })).toThrow(/does not decrypt/);
  });

  it('reads a secret stored plain', () => {
    expect(openSecret(ring(`k1:${key()}`), ENDPOINT, { plain: 'whsec_plain', ciphertext: null, keyId: null })).toBe('whsec_plain');
  });

  it('prefers a plain secret written by a rotation that did not seal over the ciphertext it left behind', () => {
    const keys = ring(`k1:${key()}`);
    const stale = sealSecret(keys, ENDPOINT, newSigningSecret());
    expect(openSecret(keys, ENDPOINT, { plain: 'whsec_rotated_by_old_release', ...stale })).toBe('whsec_rotated_by_old_release');
  });
});
