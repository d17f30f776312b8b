import { createHash } from 'node:crypto';
import { hashApiKey, parseApiKey } from '../../../gateway/auth/apiKeys';
import { requestHash } from '../../../gateway/billing/screenOnce';

describe('API key format', () => {
  it('carries its key id and nothing else readable', () => {
    const key = `esk_0123456789abcdef0123456789abcdef_${'A'.repeat(43)}`;
    expect(parseApiKey(key)).toEqual({ keyId: '01234567-89ab-cdef-0123-456789abcdef' });
  });

  it('rejects anything not in the issued format', () => {
    for (const bad of [
      '',
      'esk_',
      'Bearer x',
      `esk_0123456789abcdef0123456789abcdef_${'A'.repeat(42)}`,
      `esk_0123456789ABCDEF0123456789abcdef_${'A'.repeat(43)}`,
    ]) {
      expect(parseApiKey(bad)).toBeNull();
    }
  });

  it('is stored as a SHA-256 digest', () => {
    expect(Buffer.from(hashApiKey('esk_x')).toString('hex')).toBe(createHash('sha256').update('esk_x').digest('hex'));
    expect(Buffer.from(hashApiKey('esk_x')).toString('hex')).not.toBe(createHash('sha256').update('esk_y').digest('hex'));
  });
});

describe('screen request hash', () => {
  it('does not depend on key order, and differs for a different entity', () => {
    expect(requestHash({ type: 'person', name: 'A', state: 'TX' })).toBe(requestHash({ state: 'TX', name: 'A', type: 'person' }));
    expect(requestHash({ type: 'person', name: 'A' })).not.toBe(requestHash({ type: 'person', name: 'B' }));
  });
});
