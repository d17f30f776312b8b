import {
  createReplay,
  getDelivery,
  listDeliveries,
  replaysPerMinute,
  startDeliveryWorkflows,
  type DeliveryStatus,
  type WebhookEventType,
} from '../../activities/webhooks';
import { createWindowCounter } from '../limits/fixedWindow';
import { invalidRequest, notFound, rateLimited } from '../errors';
import type { GatewayDeps, Handler } from '../context';

const DEFAULT_PAGE = 50;
const RECORD_REMOVED = 'the monitored record was removed; its deliveries cannot be replayed';
const ENDPOINT_DISABLED = 'the endpoint is disabled for failing; enable it (POST /webhook-endpoints/{endpointId}/enable) first';

/** GET /webhook-deliveries: the organization's delivery log, newest first, filtered by status and event type. */
export function listWebhookDeliveries(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const query = ctx.query as Record<string, string | undefined>;
    try {
      ctx.body = await listDeliveries(deps.pool, ctx.state.principal!.orgId, {
        status: query.status as DeliveryStatus | undefined,
        eventType: query.eventType as WebhookEventType | undefined,
        cursor: query.cursor,
        limit: query.limit ? Number(query.limit) : DEFAULT_PAGE,
      });
    } catch (err) {
      if ((err as Error).message === 'invalid cursor') throw invalidRequest({ cursor: ['not a cursor this API returned'] });
      throw err;
    }
  };
}

export function getWebhookDelivery(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const delivery = await getDelivery(deps.pool, ctx.state.principal!.orgId, ctx.state.params.deliveryId);
    if (!delivery) throw notFound('No such webhook delivery for this organization.');
    ctx.body = delivery;
  };
}

/**
 * POST /webhook-deliveries/{id}/replay: a new delivery of the same body, with its own series
 * of attempts. 404 also for a removed endpoint (it no longer exists for the client); 400 for a
 * removed monitored record or a disabled endpoint, whose deliveries exist but may not be sent
 * now. An organization may ask for WEBHOOK_REPLAYS_PER_MINUTE replays a minute (a Redis window,
 * refused asks counted, failing closed like the per-key limit); past it, 429 with Retry-After.
 */
export function replayWebhookDelivery(deps: GatewayDeps): Handler {
  const counter = createWindowCounter(deps.redis);
  return async (ctx) => {
    const orgId = ctx.state.principal!.orgId;
    const limit = replaysPerMinute(deps.env);
    const window = await counter.countReplays(orgId).catch(() => null);
    if (window === null) throw rateLimited(1, 'The replay counter is unavailable.');
    if (window.count > limit) throw rateLimited(window.resetMs / 1000, `This organization may replay ${limit} deliveries per minute.`);
    const replay = await createReplay(deps.pool, orgId, ctx.state.params.deliveryId);
    if (!replay.ok) {
      if (replay.refusal === 'record_removed') {
        throw invalidRequest({ id: [RECORD_REMOVED] }, 'This delivery cannot be replayed: its monitored record was removed.');
      }
      if (replay.refusal === 'endpoint_disabled') {
        throw invalidRequest({ id: [ENDPOINT_DISABLED] }, 'This delivery cannot be replayed while its endpoint is disabled.');
      }
      throw notFound('No such webhook delivery for this organization, or its endpoint was removed.');
    }
    await startDeliveryWorkflows(deps.temporal, deps.taskQueue, [replay.delivery], { env: deps.env, db: deps.pool });
    ctx.status = 202;
    ctx.body = await getDelivery(deps.pool, orgId, replay.delivery.id);
  };
}
