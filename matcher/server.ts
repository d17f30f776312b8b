import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { createPool } from '../infra/base/db/pool';
import { createLogger, type Logger } from '../infra/base/log';
import { keyGroupSizes, lookupName, screenEntity } from './engine';
import { createListLoader, type ListLoader, type MatcherSnapshot } from './loader';
import { createMatcherMetrics, type MatcherMetrics } from './metrics';
import { config, type ServerTimeouts } from '../infra/base/config';
import { createTimedServer } from '../infra/base/httpTimeouts';
import { metricsAuthorized } from '../infra/base/metrics/registry';
import type { Entity, KeyGroup, PublicLookupRequest, PublicLookupResponse, ScreeningResult } from './types';
import { MATCHING_RULES_VERSION } from './rulesVersion';
import { MATCHER_MAX_BODY_BYTES, SUBJECT_REFUSED } from './client';

/**
 * The matcher's HTTP face. Plain node:http rather than Koa: a few fixed routes, no middleware
 * chain to speak of, and a screen costs well under a millisecond, so the framework's per-request
 * overhead (context objects, promise chain) would be a visible share of the latency budget.
 */
interface MatcherServerOptions {
  port: number;
  host?: string;
  pool?: Pool;
  candidateLimit?: number;
  logger?: Logger;
  /** Replaces the PostgreSQL loader (benchmarks over a generated snapshot). */
  loader?: ListLoader;
  /** Asked for on GET /metrics as a bearer token (default: METRICS_TOKEN). */
  metricsToken?: string;
  /** Default: MATCHER_*_TIMEOUT_MS. */
  timeouts?: ServerTimeouts;
}

export interface MatcherServer {
  url: string;
  httpServer: http.Server;
  loader: ListLoader;
  close(): Promise<void>;
}

const LOOKUP_NOTICE =
  'These results are potential matches only, found by name alone. They are not a determination that anyone is excluded: ' +
  'each must be verified against the source list (identifiers, date of birth, address) before any action is taken.';

const MAX_BATCH = 5000;
const MAX_KEY_GROUPS = 200_000;
const LOOKUP_LIMIT = 10;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's `code`; by default the status's. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A subject this matcher cannot screen: its callers skip it rather than retry it (client.ts `refusesSubjects`). */
const refused = (message: string): HttpError => new HttpError(400, message, SUBJECT_REFUSED);

/**
 * A body over the limit is read to its end and dropped, then answered 413: cutting the socket
 * instead would reach the caller as a lost connection, which it retries as is.
 */
function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MATCHER_MAX_BODY_BYTES) {
        chunks.length = 0;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (size > MATCHER_MAX_BODY_BYTES) {
        reject(new HttpError(413, `body over ${MATCHER_MAX_BODY_BYTES} bytes`));
        return;
      }
      try {
        resolve(size === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, 'body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function isEntity(value: unknown): value is Entity {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  if (e.type === 'person') return typeof e.name === 'string' && e.name.trim() !== '';
  if (e.type === 'organization') return typeof e.legalName === 'string' && e.legalName.trim() !== '';
  return false;
}

function checkEntity(value: unknown): Entity {
  if (!isEntity(value)) throw refused('entity must be a person with a name or an organization with a legalName');
  const e = value as unknown as Record<string, unknown>;
  if (e.aliases !== undefined && (!Array.isArray(e.aliases) || e.aliases.some((a) => typeof a !== 'string'))) {
    throw refused('aliases must be an array of strings');
  }
  for (const f of ['npi', 'state', 'dateOfBirth', 'providerType']) {
    if (e[f] !== undefined && e[f] !== null && typeof e[f] !== 'string') throw refused(`${f} must be a string`);
  }
  return value;
}

function checkKeyGroups(value: unknown): KeyGroup[] {
  if (!Array.isArray(value) || value.length > MAX_KEY_GROUPS)
    throw new HttpError(400, `groups must be an array of at most ${MAX_KEY_GROUPS}`);
  for (const g of value as Array<Record<string, unknown>>) {
    if (
      !g ||
      (g.kind !== 'person' && g.kind !== 'organization') ||
      !['sound', 'ocr', 'word'].includes(g.type as string) ||
      typeof g.key !== 'string'
    ) {
      throw new HttpError(400, 'each group is {kind: person|organization, type: sound|ocr|word, key: string}');
    }
  }
  return value as KeyGroup[];
}

/** A GET route: answers the request itself. */
type GetRoute = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;
/** A POST route: the body read and the lists loaded, returns what the 200 answer carries. */
type PostRoute = (body: Record<string, unknown>, snap: MatcherSnapshot, checkedAt: string, reqLog: Logger) => unknown;

function screenWith(
  snapshot: MatcherSnapshot,
  entity: Entity,
  checkedAt: string,
  metrics: MatcherMetrics,
  route: string,
): { result: ScreeningResult; headroom: number; entryKeys: string[] } {
  const started = process.hrtime.bigint();
  const r = screenEntity(snapshot.index, entity, snapshot.registry);
  metrics.screening.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
  metrics.candidatesScored.observe({ route }, r.candidatesScored);
  return {
    result: { status: r.status, matches: r.matches, sources: r.sources, checkedAt, recallCapped: r.recallCapped },
    headroom: snapshot.index.candidateLimit - r.maxViableCandidates,
    entryKeys: r.entryKeys,
  };
}

/**
 * The matcher's routes, as the gateway's router has them: GET routes answer the request; a POST
 * route gets the body read and the lists loaded (503 before they are) and returns its 200 body.
 * Anything else is 404.
 */
function createRouter(
  loader: ListLoader,
  metrics: MatcherMetrics,
  metricsToken: string,
): {
  handle: (req: http.IncomingMessage, res: http.ServerResponse, reqLog: Logger) => Promise<void>;
  serves: (path: string) => boolean;
} {
  const notReady = (res: http.ServerResponse): void =>
    send(res, 503, { code: 'not_ready', message: 'the matcher is still loading its lists' });

  const getRoutes = new Map<string, GetRoute>([
    ['/healthz', (_req, res) => send(res, 200, { ok: true })],
    [
      '/readyz',
      (_req, res) => {
        const snap = loader.current();
        if (!snap) return send(res, 503, { ready: false });
        return send(res, 200, {
          ready: true,
          versions: snap.versions.map((v) => ({ source: v.source, listVersionId: v.listVersionId })),
          loadedAt: snap.loadedAt,
        });
      },
    ],
    [
      '/metrics',
      async (req, res) => {
        if (!metricsAuthorized(req.headers.authorization, metricsToken))
          return send(res, 401, { code: 'unauthorized', message: 'bearer token required' });
        const text = await metrics.registry.metrics();
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'content-length': Buffer.byteLength(text) });
        res.end(text);
      },
    ],
  ]);

  const postRoutes = new Map<string, PostRoute>([
    [
      '/match',
      (body, snap, checkedAt, reqLog) => {
        const entity = checkEntity(body.entity);
        const { result } = screenWith(snap, entity, checkedAt, metrics, '/match');
        reqLog.debug({ status: result.status, matches: result.matches.length, recallCapped: result.recallCapped }, 'screened');
        return result;
      },
    ],
    [
      '/match-many',
      (body, snap, checkedAt, reqLog) => {
        if (!Array.isArray(body.entities)) throw new HttpError(400, 'entities must be an array');
        if (body.entities.length > MAX_BATCH) throw new HttpError(400, `at most ${MAX_BATCH} entities per call`);
        const entities = body.entities.map(checkEntity);
        const screened = entities.map((e) => screenWith(snap, e, checkedAt, metrics, '/match-many'));
        reqLog.debug({ entities: entities.length }, 'screened many');
        // headroom[i]: how many more viable candidates entities[i]'s fullest query name can take before the limit (monitoring keeps it).
        return {
          results: screened.map((s) => s.result),
          headroom: screened.map((s) => s.headroom),
          // entryKeys[i][j]: the listed entry behind results[i].matches[j] (monitoring's reviews of potential matches).
          entryKeys: screened.map((s) => s.entryKeys),
          rulesVersion: MATCHING_RULES_VERSION,
        };
      },
    ],
    [
      '/lookup',
      (body, snap) => {
        const name = body.name;
        if (typeof name !== 'string' || name.trim() === '') throw new HttpError(400, 'name is required');
        if (body.type !== undefined && body.type !== 'person' && body.type !== 'organization')
          throw new HttpError(400, 'type must be person or organization');
        const lookupReq: PublicLookupRequest = { name, ...(body.type ? { type: body.type as 'person' | 'organization' } : {}) };
        const started = process.hrtime.bigint();
        const response: PublicLookupResponse = { results: lookupName(snap.index, lookupReq, LOOKUP_LIMIT), notice: LOOKUP_NOTICE };
        metrics.screening.observe({ route: '/lookup' }, Number(process.hrtime.bigint() - started) / 1e9);
        return response;
      },
    ],
    [
      '/key-groups',
      (body, snap) => {
        const groups = checkKeyGroups(body.groups);
        // The versions the sizes were measured on: the caller works out the sizes before its change only from these.
        return {
          sizes: keyGroupSizes(snap.index, groups),
          versions: snap.versions.map((v) => ({ source: v.source, listVersionId: v.listVersionId })),
          rulesVersion: MATCHING_RULES_VERSION,
        };
      },
    ],
  ]);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, reqLog: Logger): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const method = req.method ?? 'GET';
    const get = method === 'GET' ? getRoutes.get(path) : undefined;
    if (get) return get(req, res);
    const post = method === 'POST' ? postRoutes.get(path) : undefined;
    if (!post) throw new HttpError(404, `no route ${method} ${path}`);
    const body = (await readBody(req)) as Record<string, unknown>;
    const snap = loader.current();
    if (!snap) return notReady(res);
    return send(res, 200, post(body, snap, new Date().toISOString(), reqLog));
  }

  return { handle, serves: (path) => getRoutes.has(path) || postRoutes.has(path) };
}

export async function startMatcherServer(options: MatcherServerOptions): Promise<MatcherServer> {
  const log = options.logger ?? createLogger('matcher');
  const ownPool = !options.pool && !options.loader;
  const pool = options.loader ? null : (options.pool ?? createPool({ max: 4 }));
  const loader = options.loader ?? createListLoader({ pool: pool as Pool, log, candidateLimit: options.candidateLimit });

  const metrics = createMatcherMetrics(() => loader.current());

  const route = createRouter(loader, metrics, options.metricsToken ?? config.metricsToken);

  const server = createTimedServer(options.timeouts ?? config.matcherServerTimeouts, (req, res) => {
    const header = req.headers['x-request-id'];
    const requestId = (Array.isArray(header) ? header[0] : header) || randomUUID();
    res.setHeader('x-request-id', requestId);
    const reqLog = log.child({ requestId });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const path = (req.url ?? '/').split('?')[0];
      const routeLabel = route.serves(path) ? path : 'unmatched';
      metrics.requests.inc({ route: routeLabel, status: String(res.statusCode) });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: req.method, path: req.url, status: res.statusCode, ms: Math.round(ms * 1000) / 1000 };
      if (res.statusCode >= 500) reqLog.warn(line, 'request');
      else reqLog.debug(line, 'request');
    });
    route.handle(req, res, reqLog).catch((err: unknown) => {
      if (err instanceof HttpError) {
        if (err.status === 413) res.setHeader('connection', 'close');
        return send(res, err.status, {
          code: err.code ?? (err.status === 404 ? 'not_found' : err.status === 413 ? 'payload_too_large' : 'invalid_request'),
          message: err.message,
        });
      }
      reqLog.error({ err }, 'matcher request failed');
      if (!res.headersSent) send(res, 500, { code: 'internal', message: 'matcher failure' });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  const url = `http://${host}:${addr.port}`;
  log.info({ url }, 'matcher listening; loading lists');
  loader.start().catch((err: unknown) => log.error({ err }, 'initial list load failed'));

  let closed = false;
  return {
    url,
    httpServer: server,
    loader,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await loader.close();
      if (ownPool && pool) await pool.end();
    },
  };
}
