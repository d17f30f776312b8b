import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import { inTransaction } from '../../infra/base/db/transaction';
import type { WebhookEventType } from './events';
import { startDeliveryWorkflows } from './start';
import type { Db, DeliveryRef } from './store';

/**
 * Held deliveries: kept while they cannot be sent, sent once that ends. A delivery is held when
 * its endpoint is disabled for failing (recorded held, or pending at the moment it was disabled),
 * or when it is a monitoring event (`match_status_change`, `list_update`) of an organization that
 * is read-only (its attempt finds the organization read-only and holds it instead of sending).
 * Enabling the endpoint, or the organization becoming active again, releases them.
 */
export const MONITORING_EVENT_TYPES: readonly WebhookEventType[] = ['match_status_change', 'list_update'];

/**
 * Holds the endpoint's pending deliveries (it was just disabled). Their workflows were started:
 * the mark says so, so that releasing them sends each as a new delivery rather than restarting a
 * workflow whose id is used.
 */
export async function holdEndpointDeliveries(db: Db, endpointId: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries SET status = 'held', workflow_started_at = coalesce(workflow_started_at, now())
      WHERE endpoint_id = $1 AND status = 'pending'`,
    [endpointId],
  );
  return rowCount ?? 0;
}

/** Holds one pending delivery whose workflow is running (its organization is read-only). */
export async function holdDelivery(db: Db, deliveryId: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'held', workflow_started_at = coalesce(workflow_started_at, now()), sending_until = NULL
      WHERE id = $1 AND status = 'pending'`,
    [deliveryId],
  );
}

/** Which held deliveries to release: an endpoint's (enabled again) or an organization's (active again). */
export type HeldScope = { endpointId: string } | { orgId: string };

/**
 * Releases the held deliveries of `scope` that may be sent now (endpoint enabled and not removed,
 * a monitoring event's organization not read-only, its record not removed), oldest first. One
 * that never had a workflow goes back to pending and gets its workflow; one whose workflow ran
 * (held when the endpoint was disabled, or by a read-only organization's attempt) ends `failed`
 * and is sent as a new delivery of the same event and bytes (`replayOf` names it), so a
 * workflow id is never reused. Started after the commit; one whose start is lost is started by
 * the sweep of unstarted deliveries. Returns the deliveries started.
 */
export async function releaseHeldDeliveries(
  pool: Pool,
  client: Client,
  taskQueue: string,
  scope: HeldScope,
  env?: NodeJS.ProcessEnv,
): Promise<DeliveryRef[]> {
  const [column, value] = 'endpointId' in scope ? ['d.endpoint_id', scope.endpointId] : ['d.org_id', scope.orgId];
  const releasable = `d.status = 'held' AND ${column} = $1 AND e.id = d.endpoint_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL
    AND (d.event_type <> ALL ($2::text[])
         OR NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.org_id AND o.state = 'read_only'))
    AND (d.monitored_record_id IS NULL
         OR EXISTS (SELECT 1 FROM monitored_records r WHERE r.id = d.monitored_record_id AND r.removed_at IS NULL))`;
  const refs = await inTransaction(pool, async (tx) => {
    const types = MONITORING_EVENT_TYPES as string[];
    const { rows: reopened } = await tx.query<{ id: string; org_id: string; event_type: WebhookEventType }>(
      `UPDATE webhook_deliveries d SET status = 'pending' FROM webhook_endpoints e
        WHERE ${releasable} AND d.workflow_started_at IS NULL AND d.series IS NULL
        RETURNING d.id, d.org_id, d.event_type`,
      [value, types],
    );
    const { rows: resent } = await tx.query<{ id: string; org_id: string; event_type: WebhookEventType }>(
      `WITH ended AS (
         UPDATE webhook_deliveries d SET status = 'failed', completed_at = now() FROM webhook_endpoints e
          WHERE ${releasable} AND (d.workflow_started_at IS NOT NULL OR d.series IS NOT NULL)
          RETURNING d.*
       )
       INSERT INTO webhook_deliveries (org_id, endpoint_id, event_id, event_type, event_key, monitored_record_id, body, replay_of)
       SELECT org_id, endpoint_id, event_id, event_type, event_key, monitored_record_id, body, id FROM ended ORDER BY created_at, id
       RETURNING id, org_id, event_type`,
      [value, types],
    );
    return [...reopened, ...resent].map((r) => ({ id: r.id, orgId: r.org_id, eventType: r.event_type }));
  });
  await startDeliveryWorkflows(client, taskQueue, refs, { env, db: pool });
  return refs;
}
