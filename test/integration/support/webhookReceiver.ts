import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The contract's verification, computed here from node:crypto alone, so a signing bug in the service cannot hide behind a helper that shares its code. */
export interface ReceiverVerification {
  ok: boolean;
  reason?: string;
  /** `t` of the Service-Signature header, when it could be read. */
  t?: number;
}

const TOLERANCE_SECONDS = 5 * 60;

/** The contract's rules 1 to 4 (rule 5 is the answer the receiver gives). */
export function verifyByContract(
  signatureHeader: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowMs = Date.now(),
): ReceiverVerification {
  // Rule 1: t and v1 from the header.
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signatureHeader ?? '');
  if (!match) return { ok: false, reason: 'malformed or missing Service-Signature' };
  const t = Number(match[1]);
  // Rule 2: at most 5 minutes from this clock, either way.
  if (Math.abs(Math.floor(nowMs / 1000) - t) > TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp outside the tolerance', t };
  // Rule 3: HMAC-SHA256 over "<t>." and the raw body bytes, lowercase hex.
  const expectedHex = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${match[1]}.`, 'utf8'), rawBody]))
    .digest('hex');
  // Rule 4: constant-time comparison of the hex strings.
  if (!timingSafeEqual(Buffer.from(expectedHex, 'utf8'), Buffer.from(match[2], 'utf8')))
    return { ok: false, reason: 'signature mismatch', t };
  return { ok: true, t };
}

export interface ReceivedDelivery {
  receivedAt: number;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** Checked against the secret the receiver held when the request arrived. */
  verification: ReceiverVerification;
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The signing secret the receiver verifies with (the one POST /webhook-endpoints returned). */
  secret: string;
  /** The status to answer next (a verified request); 401 for a request that fails verification. */
  answer: (request: number) => number;
  /** How long to hold request n (0-based) before answering: longer than the attempt time-out makes the sender time out. */
  delayMs: (request: number) => number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on loopback that does what docs/webhooks.md tells receivers to do: read the
 * raw body, verify the signature by the contract's five rules (computed independently, above),
 * answer 2xx only for a verified request. `answer` scripts the status by request number
 * (0-based); a request is recorded when it arrives, before any delay.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const waiters: Array<() => void> = [];
  const held = new Set<NodeJS.Timeout>();
  const receiver: WebhookReceiver = {
    url: '',
    received,
    secret: '',
    answer: () => 200,
    delayMs: () => 0,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} deliveries in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received.slice(0, count);
    },
    async close() {
      held.forEach(clearTimeout);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const signature = req.headers['service-signature'];
      const verification = verifyByContract(Array.isArray(signature) ? signature[0] : signature, rawBody, receiver.secret);
      const n = received.length;
      const status = verification.ok ? receiver.answer(n) : 401;
      received.push({ receivedAt: Date.now(), headers: req.headers, rawBody, verification, answeredStatus: status });
      waiters.splice(0).forEach((w) => w());
      const reply = (): void => {
        res.statusCode = status;
        res.end();
      };
      const delay = receiver.delayMs(n);
      if (delay <= 0) return reply();
      const timer = setTimeout(() => {
        held.delete(timer);
        if (!res.destroyed) reply();
      }, delay);
      held.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
