import type { Entity, ScreeningStatus } from '../../matcher/types';
import {
  endMonitorWorkflow,
  listRecords,
  readRecord,
  recordView,
  removeRecord,
  startMonitorWorkflow,
  workflowStarted,
} from '../../activities/monitoring';
import { cancelRecordDeliveries, waitForRecordSends } from '../../activities/webhooks';
import { startReviewEvents } from './reviewEvents';
import { inTransaction } from '../../infra/base/db/transaction';
import { enrollRecord } from '../monitoring/enrollRecord';
import { invalidRequest, notFound } from '../errors';
import type { GatewayDeps, Handler } from '../context';

/**
 * PUT /monitor: enrolls the entity (`enrollRecord`: screened, stored and billed), then starts its
 * workflow `monitor/{recordId}`. A start that fails (Temporal out of reach) does not fail the
 * enrollment, which is committed and billed: the record stays marked as waiting for its workflow,
 * which the monitoring catch-up starts.
 */
export function enrollMonitor(deps: GatewayDeps, now: () => Date): Handler {
  return async (ctx) => {
    const { orgId, plan } = ctx.state.principal!;
    const enrolled = await enrollRecord(deps, {
      orgId,
      plan,
      entity: ctx.state.body as Entity,
      requestId: ctx.state.requestId,
      now: now(),
    });
    await startReviewEvents(deps, ctx, enrolled.reviewEvents);
    try {
      await startMonitorWorkflow(deps.temporal, deps.taskQueue, { recordId: enrolled.recordId, orgId });
      await workflowStarted(deps.pool, enrolled.recordId);
    } catch (err) {
      // The record and its record-month are committed: the client gets its id (to DELETE it if it
      // wants), and the monitoring catch-up starts the workflow the record still waits for.
      ctx.state.log.warn(
        { recordId: enrolled.recordId, err: (err as Error).message },
        'monitor workflow not started; the monitoring catch-up starts it',
      );
    }
    ctx.body = recordView(enrolled.recordId, enrolled.result);
  };
}

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
