import type { Context, Next } from 'koa';
import type { Pool } from 'pg';
import type Redis from 'ioredis';
import type { Client as TemporalClient } from '@temporalio/client';
import type { Logger } from '../infra/base/log';
import type { MatcherClient } from '../matcher/client';
import type { KeyPrincipal } from './auth/apiKeys';
import type { Operation } from './openapi/operations';
import type { UsageGroupCommit } from './billing/usageGroupCommit';
import type { CoverageView } from '../activities/lists/coverage';

/** What a request accumulates on its way down the chain. */
export interface GatewayState {
  requestId: string;
  log: Logger;
  operation?: Operation;
  params: Record<string, string>;
  principal?: KeyPrincipal;
  body?: unknown;
  /** The web page or static file served (gateway/pages), for the metrics' route label. */
  page?: string;
}

export type GatewayContext = Context & { state: GatewayState };
export type Middleware = (ctx: GatewayContext, next: Next) => Promise<void>;
/** One contract operation's handler, the end of the middleware chain. */
export type Handler = (ctx: GatewayContext) => Promise<void>;

/** Everything the gateway talks to, injected so tests and the launcher wire real instances. */
export interface GatewayDeps {
  pool: Pool;
  /** Group commits of uncapped plans' screening usage, drained before the pool closes. */
  usage: UsageGroupCommit;
  redis: Redis;
  matcher: Pick<MatcherClient, 'match' | 'matchManyWithHeadroom' | 'lookup' | 'ready'>;
  /** Starts and signals the batch, monitoring and webhook delivery workflows. */
  temporal: TemporalClient;
  taskQueue: string;
  logger: Logger;
  /** The coverage report and its versions' freshness at one moment (GET /v1/lists and the coverage page). */
  buildCoverageView: (pool: Pool) => Promise<CoverageView>;
  /** Readiness of the Temporal frontend (getSystemInfo with a short deadline). */
  temporalReady: () => Promise<boolean>;
  publicLimits?: { perIpPerMinute: number; globalPerMinute: number };
  /** Proxies in front of the gateway whose X-Forwarded-For entries are believed (TRUSTED_PROXY_HOPS; default 0, none). */
  trustedProxyHops?: number;
  /** When set, GET /metrics asks for it as a bearer token (METRICS_TOKEN). */
  metricsToken?: string;
  /** Where the webhook settings (WEBHOOK_*, WEBHOOK_SECRET_KEYS) are read at each request; process.env by default. */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
}
