import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookTarget, type TargetCheck } from './targets';

export interface PostOutcome {
  /** null when no HTTP answer came (refused target, connection error, time-out). */
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

const timedOut = (timeoutMs: number): string => `timed out after ${timeoutMs} ms`;

/**
 * One POST of a delivery, bounded as a whole by `timeoutMs`: the deadline starts before the
 * target check, so a hung DNS lookup ends as a logged time-out rather than outliving the
 * activity. The target is checked again here and the connection goes to the address that
 * passed the check (the lookup is pinned), so DNS cannot move it in between. The receiver's
 * answer body is read (bounded) and dropped; redirects are not followed.
 */
export async function postDelivery(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowLoopback: boolean;
  /** Replaces DNS resolution of the target host (tests). */
  resolve?: Parameters<typeof checkWebhookTarget>[2];
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
    return outcome(answer.statusCode, answer.error);
  } finally {
    clearTimeout(timer);
  }
}

function send(
  target: Extract<TargetCheck, { ok: true }>,
  input: { headers: Record<string, string>; body: string; timeoutMs: number },
  deadline: AbortSignal,
): Promise<{ statusCode: number | null; error: string | null }> {
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
    request.end(input.body);
  });
}
