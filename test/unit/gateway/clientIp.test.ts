import { clientIp } from '../../../gateway/limits/clientIp';

describe('the client IP the public lookup is limited by', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientIp('10.0.0.7', '203.0.113.5', 0)).toBe('10.0.0.7');
    expect(clientIp('10.0.0.7', undefined, 0)).toBe('10.0.0.7');
  });

  it('is the entry the outermost trusted proxy appended, never one the caller wrote', () => {
    expect(clientIp('10.0.0.7', '203.0.113.5', 1)).toBe('203.0.113.5');
    // The caller sent X-Forwarded-For: 1.1.1.1; the ingress appended the address it saw.
    expect(clientIp('10.0.0.7', '1.1.1.1, 203.0.113.5', 1)).toBe('203.0.113.5');
    // A CDN, then the ingress.
    expect(clientIp('10.0.0.7', '1.1.1.1, 203.0.113.5, 198.51.100.9', 2)).toBe('203.0.113.5');
  });

  it('falls back to the socket peer when the request came through fewer proxies than trusted', () => {
    expect(clientIp('10.0.0.7', undefined, 1)).toBe('10.0.0.7');
    expect(clientIp('10.0.0.7', '203.0.113.5', 2)).toBe('10.0.0.7');
  });

  it('reads an IPv4-mapped peer as its IPv4 address', () => {
    expect(clientIp('::ffff:10.0.0.7', undefined, 0)).toBe('10.0.0.7');
  });
});
