import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookTarget, type TargetCheck } from './targets';

export interface PostOutcome {
  /** null when no HTTP answer came (refused target, connection error, time-out). */
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** Nothing was written: `beforeSend` refused (the claim was lost, or the delivery is no longer to be sent). */
  withdrawn?: true;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/** How long `beforeSend` may take, in the worker's own time, and the request still be written: past it, what it checked may no longer hold. */
export const RENEWAL_MAX_MS = 2_000;

const timedOut = (timeoutMs: number): string => `timed out after ${timeoutMs} ms`;

/**
 * One POST of a delivery, bounded as a whole by `timeoutMs`: the deadline starts before the
 * target check, so a hung DNS lookup ends as a logged time-out rather than outliving the
 * activity. The target is checked again here and the connection goes to the address that
 * passed the check (the lookup is pinned), so DNS cannot move it in between. The receiver's
 * answer body is read (bounded) and dropped; redirects are not followed. `beforeSend` runs once
 * the connection is open, immediately before the request is written (headers and body together):
 * when it answers false, or took so long (RENEWAL_MAX_MS) that what it checked may no longer hold,
 * the connection is dropped with nothing written.
 */
export async function postDelivery(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowLoopback: boolean;
  /** Resolves the target host (default: the bounded resolver of resolver.ts). */
  resolve?: Parameters<typeof checkWebhookTarget>[2];
  beforeSend?: () => Promise<boolean>;
}): Promise<PostOutcome> {
  const started = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), input.timeoutMs);
  const outcome = (statusCode: number | null, error: string | null): PostOutcome => ({
    statusCode,
    latencyMs: Date.now() - started,
    error,
  });
  try {
    const target = await Promise.race([
      checkWebhookTarget(input.url, input.allowLoopback, input.resolve),
      new Promise<null>((resolve) => deadline.signal.addEventListener('abort', () => resolve(null), { once: true })),
    ]);
    if (target === null) return outcome(null, timedOut(input.timeoutMs));
    if (!target.ok) return outcome(null, `target refused: ${target.reason}`);
    const answer = await send(target, input, deadline.signal);
    if (answer === 'withdrawn') return { ...outcome(null, null), withdrawn: true };
    return outcome(answer.statusCode, answer.error);
  } finally {
    clearTimeout(timer);
  }
}

function send(
  target: Extract<TargetCheck, { ok: true }>,
  input: { headers: Record<string, string>; body: string; timeoutMs: number; beforeSend?: () => Promise<boolean> },
  deadline: AbortSignal,
): Promise<{ statusCode: number | null; error: string | null } | 'withdrawn'> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null): void => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      resolve({ statusCode, error });
    };
    const withdraw = (): void => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      request.destroy();
      resolve('withdrawn');
    };
    const answered = (status: number | null): string | null =>
      status !== null && status >= 200 && status < 300 ? null : `answered ${status}`;
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'exclusion-screening-webhooks/1',
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > MAX_RESPONSE_BYTES) response.destroy();
        });
        const status = response.statusCode ?? null;
        response.on('end', () => finish(status, answered(status)));
        response.on('close', () => finish(status, answered(status)));
        response.on('error', () => finish(status, `answered ${status}`));
      },
    );
    const onDeadline = (): void => {
      finish(null, timedOut(input.timeoutMs));
      request.destroy();
    };
    if (deadline.aborted) return onDeadline();
    deadline.addEventListener('abort', onDeadline, { once: true });
    request.on('error', (err) => finish(null, err.message));
    const beforeSend = input.beforeSend;
    if (!beforeSend) {
      request.end(input.body);
      return;
    }
    request.once('socket', (socket) => {
      const write = (): void => {
        const asked = Date.now();
        beforeSend().then(
          (ok) => {
            if (!ok || Date.now() - asked > RENEWAL_MAX_MS) return withdraw();
            if (!settled) request.end(input.body);
          },
          // The check itself failed (the database out of reach): nothing is sent, and it is no failure of the receiver's.
          () => withdraw(),
        );
      };
      const opened = target.url.protocol === 'https:' ? 'secureConnect' : 'connect';
      // The 'socket' event comes before a TLS handshake can have ended: https always waits for it.
      if (opened === 'secureConnect' || socket.connecting) socket.once(opened, write);
      else write();
    });
  });
}
