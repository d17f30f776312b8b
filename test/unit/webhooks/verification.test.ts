import { refusedAddressReason, signatureHeader, verifyWebhook } from '../../../activities/webhooks';

const secret = 'whsec_test-secret-of-enough-length-000000';
const body = '{"id":"e1","type":"batch_completed","createdAt":"2026-11-24T00:00:00.000Z","data":{}}';
const at = new Date('2026-11-24T12:00:00Z');
const headers = (signature: string) => ({ 'service-signature': signature, 'service-webhook-id': 'd1', 'service-event-type': 'batch_completed' });

describe('verifyWebhook (the contract five receiver rules)', () => {
  it('accepts a delivery signed with the secret over "<t>." and the raw body', () => {
    expect(verifyWebhook({ headers: headers(signatureHeader(secret, body, at)), rawBody: Buffer.from(body), secret, now: at }))
      .toEqual({ ok: true, deliveryId: 'd1', eventType: 'batch_completed' });
  });

  it('rejects a body changed by one byte, or re-serialized', () => {
    const signature = signatureHeader(secret, body, at);
    expect(verifyWebhook({ headers: headers(signature), rawBody: body.replace('e1', 'e2'), secret, now: at }).reason).toBe('signature mismatch');
    expect(verifyWebhook({ headers: headers(signature), rawBody: JSON.stringify(JSON.parse(body), null, 1), secret, now: at }).ok).toBe(false);
  });

  it('rejects another secret', () => {
    expect(verifyWebhook({ headers: headers(signatureHeader(secret, body, at)), rawBody: body, secret: `${secret}x`, now: at }).ok).toBe(false);
  });

  it('rejects a timestamp more than 5 minutes from the receiver clock, either way', () => {
    const signature = signatureHeader(secret, body, at);
    expect(verifyWebhook({ headers: headers(signature), rawBody: body, secret, now: new Date(at.getTime() + 301_000) }).reason).toBe('timestamp outside the tolerance');
    expect(verifyWebhook({ headers: headers(signature), rawBody: body, secret, now: new Date(at.getTime() - 301_000) }).ok).toBe(false);
    expect(verifyWebhook({ headers: headers(signature), rawBody: body, secret, now: new Date(at.getTime() + 299_000) }).ok).toBe(true);
  });

  it('rejects a missing or malformed signature header', () => {
    expect(verifyWebhook({ headers: {}, rawBody: body, secret }).reason).toBe('missing Service-Signature');
    expect(verifyWebhook({ headers: headers('v1=abc'), rawBody: body, secret }).reason).toBe('malformed Service-Signature');
    expect(verifyWebhook({ headers: headers('t=1,v1=ABC'), rawBody: body, secret }).reason).toBe('malformed Service-Signature');
  });
});

describe('webhook target addresses (SSRF guard)', () => {
  it.each(['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1'])('refuses loopback %s unless loopback is allowed', (address) => {
    expect(refusedAddressReason(address, false)).toMatch(/loopback/);
    expect(refusedAddressReason(address, true)).toBeNull();
  });

  it.each(['10.1.2.3', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', 'fd00:ec2::254', 'fe80::1', '::', '224.0.0.1', '::ffff:192.168.1.1'])(
    'refuses %s even when loopback is allowed',
    (address) => {
      expect(refusedAddressReason(address, true)).not.toBeNull();
    },
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])('accepts the public address %s', (address) => {
    expect(refusedAddressReason(address, false)).toBeNull();
  });
});
