import Koa from 'koa';
import type { GatewayDeps, GatewayState, Middleware } from './context';
import { createWindowCounter } from './limits/fixedWindow';
import { listOperations } from './openapi/operations';
import { requestIdAndLog } from './middleware/requestId';
import { errorMapper } from './middleware/errorMapper';
import { resolveOperation } from './middleware/resolveOperation';
import { publicRoutes } from './middleware/publicRoutes';
import { authenticate } from './middleware/authenticate';
import { rateLimit } from './middleware/rateLimit';
import { readOnlyGuard } from './middleware/readOnlyGuard';
import { monthlyAllowance } from './middleware/allowance';
import { validateRequest } from './middleware/validate';
import { dispatch } from './middleware/dispatch';
import { observeRequest } from './middleware/observeRequest';
import { createGatewayMetrics } from './metrics';
import { servePages } from './pages/routes';
import { serveMetrics } from './routes/metrics';
import { screenHandler } from './routes/screen';
import { getBatch, submitBatch } from './routes/batch';
import { enrollMonitor, getMonitor, listMonitors, removeMonitor } from './routes/monitor';
import { listsHandler } from './routes/lists';
import { usageHandler } from './routes/usage';
import { publicLookupHandler } from './routes/publicLookup';
import { openApiHandler } from './routes/openapi';
import { dependencyHealth, healthz, readyz } from './routes/health';
import {
  enableWebhookEndpoint,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  rotateWebhookSecret,
} from './routes/webhookEndpoints';
import { getWebhookDelivery, listWebhookDeliveries, replayWebhookDelivery } from './routes/webhookDeliveries';
import {
  approveReviewDecisionHandler,
  decideReviewHandler,
  getAttestationHandler,
  getReviewHandler,
  listReviewsHandler,
} from './routes/reviews';

const DEFAULT_PUBLIC_LIMITS = { perIpPerMinute: 5, globalPerMinute: 120 };

/** The gateway: one visible chain, each concern one middleware, in the architecture's order. */
export function createApp(deps: GatewayDeps): Koa<GatewayState> {
  const metrics = createGatewayMetrics(deps);
  const now = deps.now ?? (() => new Date());
  const publicLimits = deps.publicLimits ?? DEFAULT_PUBLIC_LIMITS;
  const operations = listOperations();
  const counter = createWindowCounter(deps.redis);
  const validate = validateRequest(operations);
  const toRoute = dispatch({
    getOpenApi: openApiHandler,
    publicLookup: publicLookupHandler(deps),
    screen: screenHandler(deps, now),
    submitBatch: submitBatch(deps, now),
    getBatch: getBatch(deps),
    enrollMonitor: enrollMonitor(deps, now),
    removeMonitor: removeMonitor(deps),
    getMonitor: getMonitor(deps),
    listMonitors: listMonitors(deps),
    getCoverage: listsHandler(deps),
    getUsage: usageHandler(deps, now),
    registerWebhookEndpoint: registerWebhookEndpoint(deps),
    listWebhookEndpoints: listWebhookEndpoints(deps),
    removeWebhookEndpoint: removeWebhookEndpoint(deps),
    rotateWebhookSecret: rotateWebhookSecret(deps),
    enableWebhookEndpoint: enableWebhookEndpoint(deps),
    listWebhookDeliveries: listWebhookDeliveries(deps),
    getWebhookDelivery: getWebhookDelivery(deps),
    replayWebhookDelivery: replayWebhookDelivery(deps),
    listReviews: listReviewsHandler(deps),
    getReview: getReviewHandler(deps),
    decideReview: decideReviewHandler(deps),
    approveReviewDecision: approveReviewDecisionHandler(deps),
    getAttestation: getAttestationHandler(deps),
  });

  const chain: Middleware[] = [
    requestIdAndLog(deps.logger),
    observeRequest(metrics),
    errorMapper(),
    serveMetrics(metrics, deps.metricsToken ?? ''),
    servePages(deps, publicLimits),
    resolveOperation(operations),
    publicRoutes({
      counter,
      limits: publicLimits,
      validate,
      dispatch: toRoute,
      trustedProxyHops: deps.trustedProxyHops ?? 0,
      healthz,
      readyz: readyz(deps),
      dependencyHealth: dependencyHealth(deps),
    }),
    authenticate(deps.pool),
    rateLimit(counter),
    readOnlyGuard(),
    monthlyAllowance(deps.pool, now),
    validate,
    toRoute,
  ];

  const app = new Koa<GatewayState>();
  app.silent = true;
  for (const middleware of chain) app.use(middleware as Koa.Middleware<GatewayState>);
  return app;
}
