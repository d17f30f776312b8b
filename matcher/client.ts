import http from 'node:http';
import https from 'node:https';
import type { Entity, KeyGroup, PublicLookupRequest, PublicLookupResponse, ScreeningResult } from './types';

/**
 * Thrown when the matcher cannot answer: unreachable, timed out, or still loading its
 * lists (503). Callers map it to a retryable 5xx; it never means "clear".
 */
export class MatcherUnavailableError extends Error {
  override readonly name = 'MatcherUnavailableError';
  /**
   * @param replicaDown this replica refused the connection or is still loading, so another
   * replica may answer; a timeout or a failure inside a screening is not retried elsewhere.
   */
  constructor(
    message: string,
    cause?: unknown,
    readonly replicaDown = false,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/**
 * The code (`code` of the JSON body) with which the matcher refuses a subject it cannot screen: a
 * blank name, a field of the wrong type. The same subject is refused every time.
 */
export const SUBJECT_REFUSED = 'subject_refused';

/** Any other non-2xx answer (a bad request body, a matcher bug): not retryable as is. */
export class MatcherRequestError extends Error {
  override readonly name = 'MatcherRequestError';
  /** The matcher's `code` for the refusal; null when the body names none. */
  readonly code: string | null;
  constructor(
    message: string,
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(message);
    this.code = refusalCode(body);
  }
}

function refusalCode(body: string): string | null {
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * Whether a matcher call failed for the subjects it carried, so that the same subjects would be
 * refused again: one the matcher refuses by code, or a body over its limit (413; a smaller share
 * of the subjects may pass). Anything else (a 408 from the matcher's own request time-out, a 400
 * for a request this client should not have sent, a route missing on an older replica) says
 * nothing about the subjects: the call is retried, never taken for a refusal.
 */
export function refusesSubjects(err: unknown): err is MatcherRequestError {
  return err instanceof MatcherRequestError && (err.code === SUBJECT_REFUSED || err.statusCode === 413);
}

export interface KeyGroupSizes {
  sizes: number[];
  versions: Array<{ source: string; listVersionId: string }>;
  /** The matching rules the answering matcher screens with (matcher/rulesVersion.ts); null from a matcher older than them. */
  rulesVersion: number | null;
}

/** matchMany with each screening's candidate headroom, and the rules they were screened with (null: nothing was screened, or a matcher older than the rules version). */
export interface ScreenedWithHeadroom {
  results: ScreeningResult[];
  headroom: number[];
  rulesVersion: number | null;
  /** The entry key behind each match of each result; null from a matcher older than this worker. */
  entryKeys: string[][] | null;
}

export interface MatcherCallOptions {
  requestId: string;
  /** Milliseconds before the call is abandoned with MatcherUnavailableError. */
  timeoutMs?: number;
}

export interface MatcherClient {
  match(entity: Entity, opts: MatcherCallOptions): Promise<ScreeningResult>;
  matchMany(entities: Entity[], opts: MatcherCallOptions): Promise<ScreeningResult[]>;
  /**
   * matchMany for a caller that stores the screenings as they come: the subjects as JSON texts,
   * and the matcher's answer (`{"results": [...], ...}`, results[i] for entities[i]) as the text
   * it sent, neither parsed nor serialized here. The caller checks the answer's results.
   */
  matchManyAnswer(entities: readonly string[], opts: MatcherCallOptions): Promise<string>;
  /**
   * matchMany, with each screening's candidate headroom: how many more viable candidates its
   * fullest query name can take before the candidate limit caps it (negative when capped).
   */
  matchManyWithHeadroom(entities: Entity[], opts: MatcherCallOptions): Promise<ScreenedWithHeadroom>;
  lookup(req: PublicLookupRequest, opts: MatcherCallOptions): Promise<PublicLookupResponse>;
  /**
   * How many spellings share each sound or OCR key, or how many names hold each word, in the lists
   * the answering replica holds, and which versions those are (monitoring's fan-out; with no
   * groups, which versions it holds).
   */
  keyGroupSizes(groups: KeyGroup[], opts: MatcherCallOptions): Promise<KeyGroupSizes>;
  /**
   * The matching rules every replica that answers screens with; null while they differ (a rolling
   * release) or one is older than the rules version.
   */
  agreedRulesVersion(opts: MatcherCallOptions): Promise<number | null>;
  /**
   * The versions each replica that answers serves (one array per replica, none for a replica down
   * or still loading): work spread over every replica waits until each serves what it needs.
   */
  versionsOfEachReplica?(opts: MatcherCallOptions): Promise<Array<KeyGroupSizes['versions']>>;
  /** How many replicas calls are spread over (MATCHER_URL's count). */
  readonly replicas?: number;
  ready(): Promise<boolean>;
  close(): void;
}

export interface MatcherClientOptions {
  /** Default per-call timeout for match and lookup (ms). */
  timeoutMs?: number;
  /** Upper bound on pooled sockets to one matcher. */
  maxSockets?: number;
}

/** The largest request body a matcher reads (413 above it). */
export const MATCHER_MAX_BODY_BYTES = 8 * 1024 * 1024;
/**
 * The subjects' JSON bytes a caller packs into one matchMany call at most (alongside its count
 * bound): half the body limit, so that a chunk never reaches it whatever its subjects hold.
 */
export const MATCH_MANY_CHUNK_BYTES = MATCHER_MAX_BODY_BYTES / 2;

/** A subject's share of a matchMany body. */
export function entityBytes(entity: Entity): number {
  return Buffer.byteLength(JSON.stringify(entity), 'utf8') + 1;
}

const DEFAULT_TIMEOUT_MS = 5000;
// A batch chunk is screened in one call; allow roughly 2 ms per entity on top of the base.
const PER_ENTITY_MS = 2;

/** MATCHER_URL: one matcher, or several replicas separated by commas. */
export function parseMatcherUrls(value: string): URL[] {
  const urls = value
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (urls.length === 0) throw new Error('MATCHER_URL names no matcher');
  return urls.map((u) => new URL(u));
}

/** A request body that is JSON text already: sent as it is. */
class RawJson {
  constructor(readonly text: string) {}
}

interface Replica {
  base: URL;
  transport: typeof http | typeof https;
  agent: http.Agent;
  basePath: string;
  inFlight: number;
}

/**
 * A client for one matcher or several replicas. Each call goes to the replica with the fewest
 * calls in flight (ties in turn), so one slow screening does not hold up the calls queued
 * behind it when another replica is idle; a replica that is down or still loading is skipped
 * for the next one.
 */
export function createMatcherClient(baseUrls: string, options: MatcherClientOptions = {}): MatcherClient {
  const replicas: Replica[] = parseMatcherUrls(baseUrls).map((base) => {
    const transport = base.protocol === 'https:' ? https : http;
    // Keep-alive sockets: a screen is ~1 ms of work, so a TCP handshake per call would dominate.
    const agent = new transport.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64, keepAliveMsecs: 1000 });
    return { base, transport, agent, basePath: base.pathname.replace(/\/+$/, ''), inFlight: 0 };
  });
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let turn = 0;

  /** Replicas to try, fewest calls in flight first; a stable sort keeps the turn order among equals. */
  function replicaOrder(): Replica[] {
    const start = turn++ % replicas.length;
    return [...replicas.slice(start), ...replicas.slice(0, start)].sort((x, y) => x.inFlight - y.inFlight);
  }

  function call(
    replica: Replica,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    requestId: string | undefined,
    timeoutMs: number,
  ): Promise<{ status: number; text: string }> {
    const { base, transport, agent, basePath } = replica;
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : body instanceof RawJson ? Buffer.from(body.text) : Buffer.from(JSON.stringify(body));
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
      const headers: Record<string, string | number> = { accept: 'application/json' };
      if (payload) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = payload.length;
      }
      if (requestId) headers['x-request-id'] = requestId;
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
        if (!settle()) return;
        reject(
          err instanceof MatcherUnavailableError || err instanceof MatcherRequestError
            ? err
            : new MatcherUnavailableError(`matcher unreachable at ${base.origin}: ${(err as Error)?.message ?? String(err)}`, err, true),
        );
      };
      const req = transport.request(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          method,
          path: basePath + path,
          headers,
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
  async function postTo(replica: Replica, path: string, body: unknown, opts: MatcherCallOptions, timeoutMs: number): Promise<string> {
    const { status, text } = await call(replica, 'POST', path, body, opts.requestId, opts.timeoutMs ?? timeoutMs);
    if (status === 503) throw new MatcherUnavailableError(`matcher at ${replica.base.origin} not ready (503 on ${path})`, undefined, true);
    if (status >= 500) throw new MatcherUnavailableError(`matcher failed with ${status} on ${path}: ${text.slice(0, 200)}`);
    if (status < 200 || status >= 300)
      throw new MatcherRequestError(`matcher refused ${path} with ${status}: ${text.slice(0, 200)}`, status, text);
    return text;
  }

  async function postJsonTo<T>(replica: Replica, path: string, body: unknown, opts: MatcherCallOptions, timeoutMs: number): Promise<T> {
    const text = await postTo(replica, path, body, opts, timeoutMs);
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      throw new MatcherUnavailableError(`matcher sent an unreadable body on ${path}`, err);
    }
  }

  async function postMatchMany(
    entities: Entity[],
    opts: MatcherCallOptions,
  ): Promise<{ results: ScreeningResult[]; headroom?: number[]; rulesVersion?: number; entryKeys?: string[][] }> {
    if (entities.length === 0) return { results: [], headroom: [], entryKeys: [] };
    const out = await postJson<{ results: ScreeningResult[]; headroom?: number[]; rulesVersion?: number; entryKeys?: string[][] }>(
      '/match-many',
      { entities },
      opts,
      defaultTimeout + PER_ENTITY_MS * entities.length,
    );
    if (!Array.isArray(out.results) || out.results.length !== entities.length) {
      throw new MatcherUnavailableError(`matcher answered ${out.results?.length ?? 'no'} results for ${entities.length} entities`);
    }
    return out;
  }

  async function matchManyWithHeadroom(entities: Entity[], opts: MatcherCallOptions): Promise<ScreenedWithHeadroom> {
    const out = await postMatchMany(entities, opts);
    if (!Array.isArray(out.headroom) || out.headroom.length !== entities.length) {
      throw new MatcherUnavailableError('matcher answered no candidate headroom (a matcher older than this worker?)');
    }
    // A matcher older than the rules version answers none: unknown, which a rules re-screen refuses.
    const entryKeys =
      Array.isArray(out.entryKeys) &&
      out.entryKeys.length === entities.length &&
      out.entryKeys.every((k, i) => k.length === out.results[i].matches.length)
        ? out.entryKeys
        : null;
    return {
      results: out.results,
      headroom: out.headroom,
      rulesVersion: typeof out.rulesVersion === 'number' ? out.rulesVersion : null,
      entryKeys,
    };
  }

  /** `post` on the replica with the fewest calls in flight, and on the next one while a replica is down. */
  async function onSomeReplica<T>(post: (replica: Replica) => Promise<T>): Promise<T> {
    let lastDown: MatcherUnavailableError | undefined;
    for (const replica of replicaOrder()) {
      try {
        return await post(replica);
      } catch (err) {
        if (!(err instanceof MatcherUnavailableError) || !err.replicaDown) throw err;
        lastDown = err;
      }
    }
    throw lastDown as MatcherUnavailableError;
  }

  function postJson<T>(path: string, body: unknown, opts: MatcherCallOptions, timeoutMs: number): Promise<T> {
    return onSomeReplica((replica) => postJsonTo<T>(replica, path, body, opts, timeoutMs));
  }

  return {
    match(entity, opts) {
      return postJson<ScreeningResult>('/match', { entity }, opts, defaultTimeout);
    },
    async matchMany(entities, opts) {
      return (await postMatchMany(entities, opts)).results;
    },
    async matchManyAnswer(entities, opts) {
      const body = new RawJson(`{"entities":[${entities.join(',')}]}`);
      return onSomeReplica((replica) => postTo(replica, '/match-many', body, opts, defaultTimeout + PER_ENTITY_MS * entities.length));
    },
    matchManyWithHeadroom,
    lookup(req, opts) {
      return postJson<PublicLookupResponse>('/lookup', req, opts, defaultTimeout);
    },
    async keyGroupSizes(groups, opts) {
      const out = await postJson<KeyGroupSizes>('/key-groups', { groups }, opts, defaultTimeout);
      if (!Array.isArray(out.sizes) || out.sizes.length !== groups.length || !Array.isArray(out.versions)) {
        throw new MatcherUnavailableError('matcher answered key-group sizes that do not fit the question');
      }
      return { ...out, rulesVersion: typeof out.rulesVersion === 'number' ? out.rulesVersion : null };
    },
    async agreedRulesVersion(opts) {
      const answers = await Promise.all(
        replicas.map(async (replica) => {
          try {
            const out = await postJsonTo<{ rulesVersion?: unknown }>(replica, '/key-groups', { groups: [] }, opts, defaultTimeout);
            return typeof out.rulesVersion === 'number' ? out.rulesVersion : null;
          } catch (err) {
            if (err instanceof MatcherUnavailableError && err.replicaDown) return undefined;
            throw err;
          }
        }),
      );
      const up = answers.filter((a) => a !== undefined);
      if (up.length === 0) throw new MatcherUnavailableError('no matcher replica answered');
      return up.every((a) => a !== null && a === up[0]) ? up[0] : null;
    },
    async versionsOfEachReplica(opts) {
      const answers = await Promise.all(
        replicas.map(async (replica) => {
          try {
            const out = await postJsonTo<{ versions?: unknown }>(replica, '/key-groups', { groups: [] }, opts, defaultTimeout);
            return Array.isArray(out.versions) ? (out.versions as KeyGroupSizes['versions']) : undefined;
          } catch (err) {
            if (err instanceof MatcherUnavailableError && err.replicaDown) return undefined;
            throw err;
          }
        }),
      );
      return answers.filter((a) => a !== undefined);
    },
    replicas: replicas.length,
    /** Ready when any replica is: calls skip the ones that are not. */
    async ready() {
      const answers = await Promise.all(
        replicas.map(async (replica) => {
          try {
            return (await call(replica, 'GET', '/readyz', undefined, undefined, defaultTimeout)).status === 200;
          } catch {
            return false;
          }
        }),
      );
      return answers.includes(true);
    },
    close() {
      for (const replica of replicas) replica.agent.destroy();
    },
  };
}
