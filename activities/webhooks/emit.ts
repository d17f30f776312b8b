import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { WebhookEventToEmit } from './events';
import { startDeliveryWorkflows } from './start';
import { recordDeliveries, type DeliveryRef } from './store';

/**
 * Emits events: records a delivery per subscribed endpoint, then starts each delivery's
 * workflow. Safe to repeat (a retried activity): deliveries are unique per endpoint and
 * event key, and a delivery's workflow starts once.
 */
export async function emitWebhookEvents(
  pool: Pool,
  client: Client,
  taskQueue: string,
  events: readonly WebhookEventToEmit[],
  env?: NodeJS.ProcessEnv,
): Promise<DeliveryRef[]> {
  const refs: DeliveryRef[] = [];
  for (const event of events) refs.push(...(await recordDeliveries(pool, event)));
  await startDeliveryWorkflows(client, taskQueue, refs, { env, db: pool });
  return refs;
}
