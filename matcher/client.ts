import http from 'node:http';
import https from 'node:https';
import type { Entity, PublicLookupRequest, PublicLookupResponse, ScreeningResult } from './types';

/**
 * Thrown when the matcher cannot answer: unreachable, timed out, or still loading its
 * lists (503). Callers map it to a retryable 5xx; it never means "clear".
 */
export class MatcherUnavailableError extends Error {
  override readonly name = 'MatcherUnavailableError';
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** Any other non-2xx answer (a bad request body, a matcher bug): not retryable as is. */
export class MatcherRequestError extends Error {
  override readonly name = 'MatcherRequestError';
  constructor(message: string, readonly statusCode: number, readonly body: string) {
    super(message);
  }
}

export interface MatcherCallOptions {
  requestId: string;
  /** Milliseconds before the call is abandoned with MatcherUnavailableError. */
  timeoutMs?: number;
}

export interface MatcherClient {
  match(entity: Entity, opts: MatcherCallOptions): Promise<ScreeningResult>;
  matchMany(entities: Entity[], opts: MatcherCallOptions): Promise<ScreeningResult[]>;
  lookup(req: PublicLookupRequest, opts: MatcherCallOptions): Promise<PublicLookupResponse>;
  ready(): Promise<boolean>;
  close(): void;
}

export interface MatcherClientOptions {
  /** Default per-call timeout for match and lookup (ms). */
  timeoutMs?: number;
  /** Upper bound on pooled sockets to one matcher. */
  maxSockets?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
// A batch chunk is screened in one call; allow roughly 2 ms per entity on top of the base.
const PER_ENTITY_MS = 2;

export function createMatcherClient(baseUrl: string, options: MatcherClientOptions = {}): MatcherClient {
  const base = new URL(baseUrl);
  const isHttps = base.protocol === 'https:';
  const transport = isHttps ? https : http;
  // Keep-alive sockets: a screen is ~1 ms of work, so a TCP handshake per call would dominate.
  const agent = new transport.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64, keepAliveMsecs: 1000 });
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basePath = base.pathname.replace(/\/+$/, '');

  function call(method: 'GET' | 'POST', path: string, body: unknown, requestId: string | undefined, timeoutMs: number): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers: Record<string, string | number> = { accept: 'application/json' };
      if (payload) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = payload.length;
      }
      if (requestId) headers['x-request-id'] = requestId;
      let settled = false;
      const fail = (err: unknown): void => {
        if (settled) return;
        settled = true;
        reject(err instanceof MatcherUnavailableError || err instanceof MatcherRequestError
          ? err
          : new MatcherUnavailableError(`matcher unreachable at ${base.origin}: ${(err as Error)?.message ?? String(err)}`, err));
      };
      const req = transport.request({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port || (isHttps ? 443 : 80),
        method,
        path: basePath + path,
        headers,
        agent,
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      const timer = setTimeout(() => {
        fail(new MatcherUnavailableError(`matcher timed out after ${timeoutMs} ms (${method} ${path})`));
        req.destroy();
      }, timeoutMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        fail(err);
      });
      if (payload) req.write(payload);
      req.end();
    });
  }

  async function postJson<T>(path: string, body: unknown, opts: MatcherCallOptions, timeoutMs: number): Promise<T> {
    const { status, text } = await call('POST', path, body, opts.requestId, opts.timeoutMs ?? timeoutMs);
    if (status === 503) throw new MatcherUnavailableError(`matcher not ready (503 on ${path})`);
    if (status >= 500) throw new MatcherUnavailableError(`matcher failed with ${status} on ${path}: ${text.slice(0, 200)}`);
    if (status < 200 || status >= 300) throw new MatcherRequestError(`matcher refused ${path} with ${status}: ${text.slice(0, 200)}`, status, text);
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      throw new MatcherUnavailableError(`matcher sent an unreadable body on ${path}`, err);
    }
  }

  return {
    match(entity, opts) {
      return postJson<ScreeningResult>('/match', { entity }, opts, defaultTimeout);
    },
    async matchMany(entities, opts) {
      if (entities.length === 0) return [];
      const out = await postJson<{ results: ScreeningResult[] }>('/match-many', { entities }, opts, defaultTimeout + PER_ENTITY_MS * entities.length);
      if (!Array.isArray(out.results) || out.results.length !== entities.length) {
        throw new MatcherUnavailableError(`matcher answered ${out.results?.length ?? 'no'} results for ${entities.length} entities`);
      }
      return out.results;
    },
    lookup(req, opts) {
      return postJson<PublicLookupResponse>('/lookup', req, opts, defaultTimeout);
    },
    async ready() {
      try {
        const { status } = await call('GET', '/readyz', undefined, undefined, defaultTimeout);
        return status === 200;
      } catch {
        return false;
      }
    },
    close() {
      agent.destroy();
    },
  };
}
