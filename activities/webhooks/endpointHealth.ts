import type { PoolClient } from 'pg';
import { holdEndpointDeliveries } from './held';
import type { DisablePolicy } from './limits';
import type { Db } from './store';

/**
 * An endpoint that keeps failing is disabled: after `failedDeliveries` deliveries in a row used
 * every attempt, or once it has been failing for `failingMs` without a delivery getting through.
 * A disabled endpoint is sent nothing: its pending deliveries and the events recorded for it
 * meanwhile are held, and sent once the customer enables it through the endpoints API.
 */

/** A delivery got through: the endpoint's run of failures ends (written only when there was one). */
export async function endpointDelivered(db: Db, endpointId: string): Promise<void> {
  await db.query(
    'UPDATE webhook_endpoints SET failing_since = NULL, failed_deliveries_in_row = NULL WHERE id = $1 AND (failing_since IS NOT NULL OR failed_deliveries_in_row IS NOT NULL)',
    [endpointId],
  );
}

/**
 * An attempt failed: the endpoint's failing streak starts now, unless one is running already
 * (written only when it starts). The streak ends with the next attempt that gets through.
 */
export async function endpointAttemptFailed(db: Db, endpointId: string): Promise<void> {
  await db.query('UPDATE webhook_endpoints SET failing_since = now() WHERE id = $1 AND failing_since IS NULL', [endpointId]);
}

/**
 * A delivery used every attempt of its series: counted in the endpoint's run; the endpoint is
 * disabled after `failedDeliveries` in a row, or once its current failing streak (dated from its
 * first failed attempt since the last success, never from an older delivery's creation) has
 * lasted `failingMs`. Its pending deliveries are then held (held.ts). Returns true when this
 * disabled the endpoint. Runs in the transaction that marks the delivery failed, so the count
 * cannot be lost between the two, nor read before it is written.
 */
export async function endpointDeliveryFailed(tx: PoolClient, endpointId: string, policy: DisablePolicy): Promise<boolean> {
  const {
    rows: [r],
  } = await tx.query<{ disabled: boolean }>(
    `UPDATE webhook_endpoints
        SET failed_deliveries_in_row = coalesce(failed_deliveries_in_row, 0) + 1,
            failing_since = coalesce(failing_since, now()),
            disabled_at = CASE
              WHEN disabled_at IS NULL AND (coalesce(failed_deliveries_in_row, 0) + 1 >= $2
                                            OR coalesce(failing_since, now()) <= now() - make_interval(secs => $3::double precision / 1000))
              THEN now() ELSE disabled_at END
      WHERE id = $1 AND deleted_at IS NULL
      RETURNING disabled_at IS NOT NULL AND disabled_at = now() AS disabled`,
    [endpointId, policy.failedDeliveries, policy.failingMs],
  );
  if (!r?.disabled) return false;
  await holdEndpointDeliveries(tx, endpointId);
  return true;
}

/** The customer enables a disabled endpoint: deliveries start again with a clean run. False when the org has no such endpoint. */
export async function enableEndpoint(db: Db, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook_endpoints SET disabled_at = NULL, failing_since = NULL, failed_deliveries_in_row = NULL
      WHERE id = $1 AND org_id = $2 AND deleted_at IS NULL`,
    [id, orgId],
  );
  return rowCount === 1;
}
