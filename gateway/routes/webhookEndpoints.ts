import { allowLoopback, checkWebhookTarget, createEndpoint, deleteEndpoint, listEndpoints, rotateSecret, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../activities/webhooks';
import { invalidRequest, notFound } from '../errors';
import type { GatewayDeps } from '../context';
import type { Handler } from './handler';

interface EndpointRequest {
  url: string;
  events?: WebhookEventType[];
}

/** POST /webhook-endpoints: the target is checked against SSRF before anything is stored; the secret is shown once. */
export function registerWebhookEndpoint(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const body = ctx.state.body as EndpointRequest;
    const target = await checkWebhookTarget(body.url, allowLoopback());
    if (!target.ok) throw invalidRequest({ url: [target.reason] }, `The webhook URL is refused: ${target.reason}.`);
    const endpoint = await createEndpoint(deps.pool, ctx.state.principal!.orgId, body.url, body.events ?? [...WEBHOOK_EVENT_TYPES]);
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
    if (!(await deleteEndpoint(deps.pool, ctx.state.principal!.orgId, id))) throw notFound('No such webhook endpoint for this organization.');
    ctx.body = { id };
  };
}

export function rotateWebhookSecret(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const rotated = await rotateSecret(deps.pool, ctx.state.principal!.orgId, ctx.state.params.endpointId);
    if (!rotated) throw notFound('No such webhook endpoint for this organization.');
    ctx.body = rotated;
  };
}
