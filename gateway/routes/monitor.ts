import type { Entity, ScreeningResult, ScreeningStatus } from '../../matcher/types';
import {
  billingPeriod,
  consumeSingleReservation,
  createReservation,
  lockAllowancePeriod,
  recordUsageEvent,
  releaseReservation,
} from '../../activities/metering';
import {
  endMonitorWorkflow,
  listRecords,
  readRecord,
  recordView,
  removeRecord,
  startMonitorWorkflow,
  upsertRecord,
  workflowStarted,
} from '../../activities/monitoring';
import { cancelRecordDeliveries, waitForRecordSends, type DeliveryRef } from '../../activities/webhooks';
import { reactToEnrollment, startReviewEvents } from './reviewEvents';
import { inTransaction } from '../../infra/base/db/transaction';
import { checkAllowanceFits, hardCap, lockAllowance, recordEnrollmentAllowance } from '../billing/allowance';
import { requestHash } from '../billing/screenOnce';
import { invalidRequest, notFound } from '../errors';
import type { GatewayDeps } from '../context';
import type { Handler } from './handler';

/**
 * PUT /monitor: screens the entity at once, stores the record (source `api`) with its blocking
 * keys and this month's record-month, then starts its workflow `monitor/{recordId}`. The same
 * entity enrolled again is the same record: re-screened, and billed one record-month, not two.
 * A start that fails (Temporal out of reach) does not fail the enrollment, which is committed and
 * billed: the record stays marked as waiting for its workflow, which the monitoring catch-up starts.
 * On a plan that refuses past its allowance, every enrollment screening takes one call of the
 * monthly allowance (not a screen call: monitoring is billed in record-months), reserved before the
 * screening like POST /screen's, so enrolling and deleting is no way around the allowance.
 */
export function enrollMonitor(deps: GatewayDeps, now: () => Date): Handler {
  return async (ctx) => {
    const { orgId, plan } = ctx.state.principal!;
    const entity = ctx.state.body as Entity;
    const period = billingPeriod(now());
    // A capped plan's enrollment screens on its allowance: one call reserved before the
    // screening (402 api_allowance_reached when none is left), taken when the record commits.
    const reservationId =
      hardCap(plan) === null
        ? null
        : await inTransaction(deps.pool, async (client) => {
            await lockAllowance(client, 'api', orgId, plan, period);
            return createReservation(client, { orgId, period, amount: 1, purpose: 'monitor', ttlSeconds: ENROLLMENT_HOLD_SECONDS });
          });
    let record: { id: string };
    let result: ScreeningResult;
    let reviewEvents: DeliveryRef[] = [];
    try {
      const screened = await deps.matcher.matchManyWithHeadroom([entity], { requestId: ctx.state.requestId });
      const headroom = screened.headroom[0];
      result = screened.results[0];
      record = await inTransaction(deps.pool, async (client) => {
        if (reservationId) {
          await lockAllowancePeriod(client, orgId, period);
          // An expired reservation no longer counted: the call must still fit beside the others.
          if (!(await consumeSingleReservation(client, reservationId))) await checkAllowanceFits(client, 'api', orgId, plan, period);
        }
        const stored = await upsertRecord(client, {
          orgId,
          entity,
          entityHash: requestHash(entity),
          result,
          headroom,
          rulesVersion: screened.rulesVersion,
        });
        if (reservationId) await recordEnrollmentAllowance(client, orgId, period, stored.id);
        reviewEvents = await reactToEnrollment(client, {
          orgId,
          recordId: stored.id,
          created: stored.created,
          entity,
          result,
          entryKeys: screened.entryKeys?.[0] ?? null,
        });
        await recordUsageEvent(client, { orgId, kind: 'record_month', eventKey: `${stored.id}:${period}`, period });
        return stored;
      });
    } catch (err) {
      if (reservationId) await releaseReservation(deps.pool, reservationId).catch(() => undefined); // else it expires by itself
      throw err;
    }
    await startReviewEvents(deps, ctx, reviewEvents);
    try {
      await startMonitorWorkflow(deps.temporal, deps.taskQueue, { recordId: record.id, orgId });
      await workflowStarted(deps.pool, record.id);
    } catch (err) {
      // The record and its record-month are committed: the client gets its id (to DELETE it if it
      // wants), and the monitoring catch-up starts the workflow the record still waits for.
      ctx.state.log.warn(
        { recordId: record.id, err: (err as Error).message },
        'monitor workflow not started; the monitoring catch-up starts it',
      );
    }
    ctx.body = recordView(record.id, result);
  };
}

/** How long an enrollment's reserved allowance outlives a gateway that died mid-screening. */
const ENROLLMENT_HOLD_SECONDS = 120;

/**
 * DELETE /monitor/{id}: the record is removed and its pending deliveries cancelled in one
 * transaction, so no re-screen and no webhook follows, including one already scheduled. A
 * delivery attempt claimed before that commit may be POSTing: the answer waits, holding no
 * connection or lock, until it has ended (at most one attempt's time-out), so once DELETE has
 * answered nothing of the record is sent. Then its workflow is ended. 404 for an unknown,
 * removed or another organization's record.
 */
export function removeMonitor(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const orgId = ctx.state.principal!.orgId;
    const id = ctx.state.params.id;
    await inTransaction(deps.pool, async (client) => {
      const removed = await removeRecord(client, orgId, id);
      if (!removed) throw notFound('No such monitored record for this organization.');
      await cancelRecordDeliveries(client, id);
    });
    await waitForRecordSends(deps.pool, id);
    await endMonitorWorkflow(deps.temporal, id).catch((err: Error) =>
      ctx.state.log.warn({ recordId: id, err: err.message }, 'monitor workflow not ended; it ends itself at the next month'),
    );
    ctx.body = { id };
  };
}

/**
 * GET /monitor/{id}: the record as PUT /monitor returned it, as its last screening left it
 * (enrollment or a re-screen since), so a client that lost deliveries can reconcile. A read:
 * no screening, nothing metered, served to a read-only organization. 404 for an unknown, removed
 * or another organization's record.
 */
export function getMonitor(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const record = await readRecord(deps.pool, ctx.state.principal!.orgId, ctx.state.params.id);
    if (!record) throw notFound('No such monitored record for this organization.');
    ctx.body = record;
  };
}

const DEFAULT_PAGE = 50;

/** GET /monitor: the organization's active records by id, optionally of one status, keyset-paged. A read, like GET /monitor/{id}. */
export function listMonitors(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const query = ctx.query as Record<string, string | undefined>;
    try {
      ctx.body = await listRecords(deps.pool, ctx.state.principal!.orgId, {
        status: query.status as ScreeningStatus | undefined,
        cursor: query.cursor,
        limit: query.limit ? Number(query.limit) : DEFAULT_PAGE,
      });
    } catch (err) {
      if ((err as Error).message === 'invalid cursor') throw invalidRequest({ cursor: ['not a cursor this API returned'] });
      throw err;
    }
  };
}
