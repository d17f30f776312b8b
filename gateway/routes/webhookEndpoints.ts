import {
  allowLoopback,
  checkWebhookTarget,
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  releaseHeldDeliveries,
  endpointCap,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  CONTRACT_EVENT_TYPES,
  type WebhookEventType,
} from '../../activities/webhooks';
import { webhookSecretKeys } from '../../infra/base/config';
import { invalidRequest, notFound } from '../errors';
import type { GatewayDeps, Handler } from '../context';

interface EndpointRequest {
  url: string;
  events?: WebhookEventType[];
}

/**
 * POST /webhook-endpoints: the target is checked against SSRF before anything is stored; the
 * secret is shown once. An organization has at most WEBHOOK_MAX_ENDPOINTS_PER_ORG endpoints.
 */
export function registerWebhookEndpoint(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const body = ctx.state.body as EndpointRequest;
    const target = await checkWebhookTarget(body.url, allowLoopback(deps.env));
    if (!target.ok) throw invalidRequest({ url: [target.reason] }, `The webhook URL is refused: ${target.reason}.`);
    const cap = endpointCap(deps.env);
    const events = body.events ?? [...CONTRACT_EVENT_TYPES];
    const endpoint = await createEndpoint(deps.pool, ctx.state.principal!.orgId, body.url, events, cap, webhookSecretKeys(deps.env));
    if (!endpoint) {
      throw invalidRequest(
        { url: [`this organization already has ${cap} webhook endpoints, the most allowed; remove one first`] },
        `An organization can register at most ${cap} webhook endpoints; remove one before adding another.`,
      );
    }
    ctx.status = 201;
    ctx.body = endpoint;
  };
}

export function listWebhookEndpoints(deps: GatewayDeps): Handler {
  return async (ctx) => {
    ctx.body = { endpoints: await listEndpoints(deps.pool, ctx.state.principal!.orgId) };
  };
}

export function removeWebhookEndpoint(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const id = ctx.state.params.endpointId;
    if (!(await deleteEndpoint(deps.pool, ctx.state.principal!.orgId, id)))
      throw notFound('No such webhook endpoint for this organization.');
    ctx.body = { id };
  };
}

export function rotateWebhookSecret(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const rotated = await rotateSecret(deps.pool, ctx.state.principal!.orgId, ctx.state.params.endpointId, webhookSecretKeys(deps.env));
    if (!rotated) throw notFound('No such webhook endpoint for this organization.');
    ctx.body = rotated;
  };
}

/** POST /webhook-endpoints/{id}/enable: an endpoint disabled for failing gets deliveries again, first the ones held while it was disabled. */
export function enableWebhookEndpoint(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const orgId = ctx.state.principal!.orgId;
    const id = ctx.state.params.endpointId;
    if (!(await enableEndpoint(deps.pool, orgId, id))) throw notFound('No such webhook endpoint for this organization.');
    // What it missed while disabled is sent now, oldest first.
    await releaseHeldDeliveries(deps.pool, deps.temporal, deps.taskQueue, { endpointId: id }, deps.env);
    ctx.body = await getEndpoint(deps.pool, orgId, id);
  };
}
