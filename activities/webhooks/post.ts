import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookTarget } from './targets';

export interface PostOutcome {
  /** null when no HTTP answer came (refused target, connection error, time-out). */
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST of a delivery. The target is checked again here and the connection goes to the
 * address that passed the check (the lookup is pinned), so DNS cannot move it in between.
 * The receiver's answer body is read (bounded) and dropped; redirects are not followed.
 */
export async function postDelivery(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowLoopback: boolean;
}): Promise<PostOutcome> {
  const started = Date.now();
  const target = await checkWebhookTarget(input.url, input.allowLoopback);
  if (!target.ok) return { statusCode: null, latencyMs: Date.now() - started, error: `target refused: ${target.reason}` };
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, latencyMs: Date.now() - started, error });
    };
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { ...input.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(input.body), 'user-agent': 'exclusion-screening-webhooks/1' },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > MAX_RESPONSE_BYTES) response.destroy();
        });
        const status = response.statusCode ?? null;
        response.on('end', () => finish(status, status !== null && status >= 200 && status < 300 ? null : `answered ${status}`));
        response.on('close', () => finish(status, status !== null && status >= 200 && status < 300 ? null : `answered ${status}`));
        response.on('error', () => finish(status, `answered ${status}`));
      },
    );
    const timer = setTimeout(() => {
      finish(null, `timed out after ${input.timeoutMs} ms`);
      request.destroy();
    }, input.timeoutMs);
    request.on('error', (err) => finish(null, err.message));
    request.end(input.body);
  });
}
