import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { WebhookEventType } from './events';
import { startDeliveryWorkflows } from './start';

/**
 * How long a delivery may wait, pending with its workflow start unrecorded, before its workflow
 * is taken for one that was never started: every emitter starts it right after the commit that
 * records it, and records the start.
 */
export const UNSTARTED_AFTER_MS = 60_000;

/** Deliveries read and started at a time. */
const PAGE = 500;

// created_at as text: a Date would drop its microseconds, and the page after it would start inside it.
type Row = { id: string; org_id: string; event_type: WebhookEventType; created_at: string };

/**
 * Starts the workflow of every first-series delivery pending for a minute or more with no recorded
 * start (`workflow_started_at`): its emitter died between commit and start, and its retry found
 * the work committed. Running workflows are not read, so the cost is the unstarted deliveries, not
 * the backlog (partial index, migration 7941). Starts are idempotent by workflow id and recorded.
 * A reset's series is not taken (its id is used; the reset fails loudly and is rerun). Returns the
 * deliveries taken.
 */
export async function startUnstartedDeliveries(
  pool: Pool,
  client: Client,
  taskQueue: string,
  options: { now?: Date; env?: NodeJS.ProcessEnv; progress?: (taken: number) => void } = {},
): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - UNSTARTED_AFTER_MS);
  let after = { createdAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' };
  let taken = 0;
  for (;;) {
    const { rows } = await pool.query<Row>(
      `SELECT d.id, d.org_id, d.event_type, d.created_at::text AS created_at FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.workflow_started_at IS NULL AND d.series IS NULL
          AND d.created_at < $1 AND (d.created_at, d.id) > ($2::timestamptz, $3::uuid)
        ORDER BY d.created_at, d.id LIMIT ${PAGE}`,
      [before, after.createdAt, after.id],
    );
    if (rows.length === 0) return taken;
    await startDeliveryWorkflows(
      client,
      taskQueue,
      rows.map((r) => ({ id: r.id, orgId: r.org_id, eventType: r.event_type })),
      { env: options.env, db: pool },
    );
    taken += rows.length;
    options.progress?.(taken);
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}
