import { signatureHeader, signatureHex, verifyWebhook } from '../../../activities/webhooks';

const secret = 'whsec_test-secret-of-enough-length-000000';
const body = '{"id":"e1","type":"batch_completed","createdAt":"2026-11-24T00:00:00.000Z","data":{}}';
const at = new Date('2026-11-24T12:00:00Z');
const headers = (signature: string) => ({
  'service-signature': signature,
  'service-webhook-id': 'd1',
  'service-event-type': 'batch_completed',
});

/**
 * A known answer computed outside this code base:
 *   printf '%s' '1795521600.{"id":"e1",...,"data":{}}' | openssl dgst -sha256 -hmac 'whsec_test-secret-of-enough-length-000000'
 */
const KNOWN = { t: 1795521600, hex: '76b3245e1f2293c226069908c33fe054b32b929838c864378e4a693601be3aac' };

describe('signing: a fixed known-answer vector', () => {
  it('signs "<t>." and the raw body with HMAC-SHA256, lowercase hex', () => {
    expect(Math.floor(at.getTime() / 1000)).toBe(KNOWN.t);
    expect(signatureHex(secret, KNOWN.t, body)).toBe(KNOWN.hex);
    expect(signatureHex(secret, KNOWN.t, Buffer.from(body))).toBe(KNOWN.hex);
    expect(signatureHeader(secret, body, at)).toBe(`t=${KNOWN.t},v1=${KNOWN.hex}`);
  });

  it('the receiver helper accepts exactly that vector', () => {
    expect(verifyWebhook({ headers: headers(`t=${KNOWN.t},v1=${KNOWN.hex}`), rawBody: body, secret, now: at })).toEqual({
      ok: true,
      deliveryId: 'd1',
      eventType: 'batch_completed',
    });
    const oneDigitOff = `${KNOWN.hex.slice(0, -1)}${KNOWN.hex.endsWith('e') ? 'f' : 'e'}`;
    expect(verifyWebhook({ headers: headers(`t=${KNOWN.t},v1=${oneDigitOff}`), rawBody: body, secret, now: at }).reason).toBe(
      'signature mismatch',
    );
    expect(verifyWebhook({ headers: headers(`t=${KNOWN.t + 1},v1=${KNOWN.hex}`), rawBody: body, secret, now: at }).reason).toBe(
      'signature mismatch',
    );
  });
});

describe('verifyWebhook (the contract five receiver rules)', () => {
  it('accepts a delivery signed with the secret over "<t>." and the raw body', () => {
    expect(verifyWebhook({ headers: headers(signatureHeader(secret, body, at)), rawBody: Buffer.from(body), secret, now: at })).toEqual({
      ok: true,
      deliveryId: 'd1',
      eventType: 'batch_completed',
    });
  });

  it('rejects a body changed by one byte, or re-serialized', () => {
    const signature = signatureHeader(secret, body, at);
    expect(verifyWebhook({ headers: headers(signature), rawBody: body.replace('e1', 'e2'), secret, now: at }).reason).toBe(
      'signature mismatch',
    );
    expect(verifyWebhook({ headers: headers(signature), rawBody: JSON.stringify(JSON.parse(body), null, 1), secret, now: at }).ok).toBe(
      false,
    );
  });

  it('rejects another secret', () => {
    expect(verifyWebhook({ headers: headers(signatureHeader(secret, body, at)), rawBody: body, secret: `${secret}x`, now: at }).ok).toBe(
      false,
    );
  });

  it('rejects a timestamp more than 5 minutes from the receiver clock, either way', () => {
    const signature = signatureHeader(secret, body, at);
    expect(verifyWebhook({ headers: headers(signature), rawBody: body, secret, now: new Date(at.getTime() + 301_000) }).reason).toBe(
      'timestamp outside the tolerance',
    );
    expect(verifyWebhook({ headers: headers(signature), rawBody: body, secret, now: new Date(at.getTime() - 301_000) }).ok).toBe(false);
    expect(verifyWebhook({ headers: headers(signature), rawBody: body, secret, now: new Date(at.getTime() + 299_000) }).ok).toBe(true);
  });

  it('rejects a missing or malformed signature header', () => {
    expect(verifyWebhook({ headers: {}, rawBody: body, secret }).reason).toBe('missing Service-Signature');
    expect(verifyWebhook({ headers: headers('v1=abc'), rawBody: body, secret }).reason).toBe('malformed Service-Signature');
    expect(verifyWebhook({ headers: headers('t=1,v1=ABC'), rawBody: body, secret }).reason).toBe('malformed Service-Signature');
  });

  it('reads header names in any case', () => {
    const signature = signatureHeader(secret, body, at);
    const mixedCase = { 'Service-Signature': signature, 'SERVICE-WEBHOOK-ID': 'd1', 'service-Event-Type': 'batch_completed' };
    expect(verifyWebhook({ headers: mixedCase, rawBody: body, secret, now: at })).toEqual({
      ok: true,
      deliveryId: 'd1',
      eventType: 'batch_completed',
    });
    expect(verifyWebhook({ headers: { 'Service-Signature': [signature] }, rawBody: body, secret, now: at }).ok).toBe(true);
  });

  it('accepts a Fetch Headers object', () => {
    const fetchHeaders = new Headers({
      'Service-Signature': signatureHeader(secret, body, at),
      'Service-Webhook-Id': 'd1',
      'Service-Event-Type': 'batch_completed',
    });
    expect(verifyWebhook({ headers: fetchHeaders, rawBody: new TextEncoder().encode(body), secret, now: at })).toEqual({
      ok: true,
      deliveryId: 'd1',
      eventType: 'batch_completed',
    });
    expect(verifyWebhook({ headers: new Headers(), rawBody: body, secret, now: at }).reason).toBe('missing Service-Signature');
  });
});
