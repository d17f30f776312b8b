import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type WebhookVerification } from '../../../activities/webhooks';

export interface ReceivedDelivery {
  receivedAt: number;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** Checked against the secret the receiver held when the request arrived. */
  verification: WebhookVerification;
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The signing secret the receiver verifies with (the one POST /webhook-endpoints returned). */
  secret: string;
  /** The status to answer next (a verified request); 401 for a request that fails verification. */
  answer: (request: number) => number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on loopback that does what the README tells receivers to do: read the
 * raw body, verify the signature by the contract's five rules (`verifyWebhook`), answer 2xx
 * only for a verified request. `answer` scripts the status by request number (0-based).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const waiters: Array<() => void> = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    secret: '',
    answer: () => 200,
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const verification = verifyWebhook({ headers: req.headers, rawBody, secret: receiver.secret });
      const status = verification.ok ? receiver.answer(received.length) : 401;
      received.push({ receivedAt: Date.now(), headers: req.headers, rawBody, verification, answeredStatus: status });
      res.statusCode = status;
      res.end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
