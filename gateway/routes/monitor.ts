import type { Entity } from '../../matcher/types';
import { billingPeriod, recordUsageEvent } from '../../activities/metering';
import {
  endMonitorWorkflow, recordView, removeRecord, startMonitorWorkflow, upsertRecord, workflowStarted,
} from '../../activities/monitoring';
import { cancelRecordDeliveries, waitForRecordSends } from '../../activities/webhooks';
import { inTransaction } from '../../infra/base/db/transaction';
import { requestHash } from '../billing/screenOnce';
import { notFound } from '../errors';
import type { GatewayDeps } from '../context';
import type { Handler } from './handler';

/**
 * PUT /monitor: screens the entity at once, stores the record (source `api`) with its blocking
 * keys and this month's record-month, then starts its workflow `monitor/{recordId}`. The same
 * entity enrolled again is the same record: re-screened, and billed one record-month, not two.
 * A start that fails (Temporal out of reach) does not fail the enrollment, which is committed and
 * billed: the record stays marked as waiting for its workflow, which the monitoring catch-up starts.
 */
export function enrollMonitor(deps: GatewayDeps, now: () => Date): Handler {
  return async (ctx) => {
    const orgId = ctx.state.principal!.orgId;
    const entity = ctx.state.body as Entity;
    const screened = await deps.matcher.matchManyWithHeadroom([entity], { requestId: ctx.state.requestId });
    const [result, headroom] = [screened.results[0], screened.headroom[0]];
    const record = await inTransaction(deps.pool, async (client) => {
      const stored = await upsertRecord(client, { orgId, entity, entityHash: requestHash(entity), result, headroom, rulesVersion: screened.rulesVersion });
      const period = billingPeriod(now());
      await recordUsageEvent(client, { orgId, kind: 'record_month', eventKey: `${stored.id}:${period}`, period });
      return stored;
    });
    try {
      await startMonitorWorkflow(deps.temporal, deps.taskQueue, { recordId: record.id, orgId });
      await workflowStarted(deps.pool, record.id);
    } catch (err) {
      // The record and its record-month are committed: the client gets its id (to DELETE it if it
      // wants), and the monitoring catch-up starts the workflow the record still waits for.
      ctx.state.log.warn({ recordId: record.id, err: (err as Error).message }, 'monitor workflow not started; the monitoring catch-up starts it');
    }
    ctx.body = recordView(record.id, result);
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
