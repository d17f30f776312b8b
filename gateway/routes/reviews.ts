import {
  approve,
  attestationCsv,
  attestationFor,
  decide,
  getReview,
  listReviews,
  type DecisionOutcome,
  type DecisionRequest,
  type Reviewer,
} from '../../activities/reviews';
import { recordDeliveries, startDeliveryWorkflows, type DeliveryRef } from '../../activities/webhooks';
import { attestationSigningKey } from '../../infra/base/config';
import { inTransaction } from '../../infra/base/db/transaction';
import { invalidRequest, notFound } from '../errors';
import type { GatewayContext, GatewayDeps, Handler } from '../context';

const DEFAULT_PAGE = 50;
const NO_REVIEW = 'No such review for this organization.';

/** GET /reviews: a page of the organization's reviews, by id. */
export function listReviewsHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const query = ctx.query as Record<string, string | undefined>;
    const page = await listReviews(deps.pool, ctx.state.principal!.orgId, {
      state: query.state as 'open' | 'resolved' | undefined,
      source: query.source,
      recordId: query.recordId,
      after: query.cursor,
      limit: query.limit ? Number(query.limit) : DEFAULT_PAGE,
    });
    ctx.body = { reviews: page.reviews, nextCursor: page.nextAfter };
  };
}

export function getReviewHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const review = await getReview(deps.pool, ctx.state.principal!.orgId, ctx.state.params.reviewId);
    if (!review) throw notFound(NO_REVIEW);
    ctx.body = review;
  };
}

/** POST /reviews/{reviewId}/decisions: the decision and its event in one transaction; the event's deliveries start after it commits. */
export function decideReviewHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const body = ctx.state.body as DecisionRequest;
    await recordOutcome(deps, ctx, (client) => decide(client, reviewerOf(ctx, body.reviewer), ctx.state.params.reviewId, body));
    ctx.status = 201;
  };
}

/** POST /reviews/{reviewId}/decisions/{decisionId}/approve: four eyes. */
export function approveReviewDecisionHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const body = ctx.state.body as { reviewer: string };
    await recordOutcome(deps, ctx, (client) =>
      approve(client, reviewerOf(ctx, body.reviewer), ctx.state.params.reviewId, ctx.state.params.decisionId),
    );
  };
}

function reviewerOf(ctx: GatewayContext, name: string): Reviewer {
  const principal = ctx.state.principal!;
  return { orgId: principal.orgId, apiKeyId: principal.keyId, name };
}

async function recordOutcome(
  deps: GatewayDeps,
  ctx: GatewayContext,
  act: (client: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<DecisionOutcome>,
): Promise<void> {
  const refs = await inTransaction(deps.pool, async (client) => {
    const outcome = await act(client);
    if (!outcome.ok && outcome.reason === 'not_found') throw notFound(NO_REVIEW);
    if (!outcome.ok) throw invalidRequest({ [outcome.field]: [outcome.message] }, `The decision is refused: ${outcome.message}.`);
    let recorded: DeliveryRef[] = [];
    for (const event of outcome.events) recorded = recorded.concat(await recordDeliveries(client, event));
    return recorded;
  });
  await startDeliveryWorkflows(deps.temporal, deps.taskQueue, refs, { env: deps.env, db: deps.pool }).catch((err: Error) =>
    // The deliveries are committed: the unstarted-delivery sweep starts them.
    ctx.state.log.warn({ err: err.message }, 'review event deliveries not started; the sweep starts them'),
  );
  ctx.body = await getReview(deps.pool, ctx.state.principal!.orgId, ctx.state.params.reviewId);
}

/** GET /attestations/{month}: the frozen monthly attestation, as JSON or CSV. */
export function getAttestationHandler(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const month = ctx.state.params.month;
    const outcome = await attestationFor(
      deps.pool,
      ctx.state.principal!.orgId,
      month,
      attestationSigningKey(deps.env ?? process.env),
      new Date(),
    );
    if (!outcome.ok && outcome.reason === 'month_open') {
      throw invalidRequest(
        { month: ['the month has not closed yet'] },
        `The attestation of ${month} is built once the month has closed (UTC).`,
      );
    }
    if (!outcome.ok) throw notFound(`No attestation of ${month}: the organization did not exist then.`);
    if (ctx.query.format === 'csv') {
      ctx.type = 'text/csv';
      ctx.body = attestationCsv(outcome.attestation);
      return;
    }
    ctx.body = outcome.attestation;
  };
}
