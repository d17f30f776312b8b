import { MatcherRequestError, MatcherUnavailableError } from './errors';
import type { MatcherCallOptions } from './contract';
import type { Replica } from './replicas';

/** The largest request body a matcher reads (413 above it). */
export const MATCHER_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** A request body that is JSON text already: sent as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

function payloadOf(body: unknown): Buffer | undefined {
  if (body === undefined) return undefined;
  return body instanceof RawJson ? Buffer.from(body.text) : Buffer.from(JSON.stringify(body));
}

function headersFor(payload: Buffer | undefined, requestId: string | undefined): Record<string, string | number> {
  const headers: Record<string, string | number> = { accept: 'application/json' };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  if (requestId) headers['x-request-id'] = requestId;
  return headers;
}

/** Any failure of the request itself as the matcher error it means: an unknown one is a replica down. */
function asMatcherError(err: unknown, replica: Replica): Error {
  return err instanceof MatcherUnavailableError || err instanceof MatcherRequestError
    ? err
    : new MatcherUnavailableError(`matcher unreachable at ${replica.base.origin}: ${(err as Error)?.message ?? String(err)}`, err, true);
}

/** One HTTP call to a replica, counted in its calls in flight, abandoned after `timeoutMs`. */
export function request(
  replica: Replica,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  requestId: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const { base, transport, agent, basePath } = replica;
  return new Promise((resolve, reject) => {
    const payload = payloadOf(body);
    // The matcher would refuse it: say so as it would, rather than send megabytes to be cut off.
    if (payload && payload.length > MATCHER_MAX_BODY_BYTES) {
      reject(
        new MatcherRequestError(
          `matcher refused ${path} with 413: body of ${payload.length} bytes over ${MATCHER_MAX_BODY_BYTES}`,
          413,
          '',
        ),
      );
      return;
    }
    replica.inFlight++;
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      replica.inFlight--;
      clearTimeout(timer);
      return true;
    };
    const fail = (err: unknown): void => {
      if (settle()) reject(asMatcherError(err, replica));
    };
    const req = transport.request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        method,
        path: basePath + path,
        headers: headersFor(payload, requestId),
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () => {
          if (settle()) resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(() => {
      fail(new MatcherUnavailableError(`matcher at ${base.origin} timed out after ${timeoutMs} ms (${method} ${path})`));
      req.destroy();
    }, timeoutMs);
    req.on('error', fail);
    if (payload) req.write(payload);
    req.end();
  });
}

/** The body of a 2xx answer; any other status as the error it means. */
export async function postTo(replica: Replica, path: string, body: unknown, opts: MatcherCallOptions, timeoutMs: number): Promise<string> {
  const { status, text } = await request(replica, 'POST', path, body, opts.requestId, opts.timeoutMs ?? timeoutMs);
  if (status === 503) throw new MatcherUnavailableError(`matcher at ${replica.base.origin} not ready (503 on ${path})`, undefined, true);
  if (status >= 500) throw new MatcherUnavailableError(`matcher failed with ${status} on ${path}: ${text.slice(0, 200)}`);
  if (status < 200 || status >= 300)
    throw new MatcherRequestError(`matcher refused ${path} with ${status}: ${text.slice(0, 200)}`, status, text);
  return text;
}

/** postTo, with the answer parsed as JSON. */
export async function postJsonTo<T>(
  replica: Replica,
  path: string,
  body: unknown,
  opts: MatcherCallOptions,
  timeoutMs: number,
): Promise<T> {
  const text = await postTo(replica, path, body, opts, timeoutMs);
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new MatcherUnavailableError(`matcher sent an unreadable body on ${path}`, err);
  }
}
