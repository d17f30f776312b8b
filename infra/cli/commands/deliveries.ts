import type { Command } from 'commander';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Pool } from 'pg';
import { config } from '../../base/config';
import { createPool } from '../../base/db/pool';
import {
  createReplayForOperator,
  getDeliveryForOperator,
  listDeliveriesForOperator,
  reopenDeliveryForOperator,
  RESETTABLE_STATUSES,
  startDeliveryWorkflows,
  type Delivery,
  type DeliveryStatus,
  type ReplayRefusal,
  type WebhookEventType,
} from '../../../activities/webhooks';
import { deliveryWorkflowId } from '../../../workflows/contracts';
import { withPool } from './withPool';
import { withTemporal } from './withTemporal';

const STATUSES: DeliveryStatus[] = ['pending', 'held', 'succeeded', 'failed', 'cancelled'];

function line(d: Delivery): string {
  const last = d.attempts[d.attempts.length - 1];
  const lastOutcome = last ? (last.error ?? `answered ${last.statusCode}`) : 'no attempt yet';
  return [d.id, d.status.padEnd(9), d.eventType.padEnd(19), `${d.attempts.length} attempt(s)`.padEnd(13), d.createdAt, lastOutcome].join(
    '  ',
  );
}

async function mustExist(pool: Pool, id: string): Promise<Delivery> {
  const delivery = await getDeliveryForOperator(pool, id);
  if (!delivery) throw new Error(`no delivery ${id}`);
  return delivery;
}

const REFUSALS: Record<ReplayRefusal, string> = {
  not_found: 'there is no such delivery',
  endpoint_removed: 'its endpoint was removed',
  endpoint_disabled: 'its endpoint is disabled for failing; the customer enables it again through the endpoints API',
  record_removed: 'its monitored record was removed, and no webhook may be sent for a removed record',
};

/** Ends the delivery's workflow, if one is running, so no attempt of the old series starts after the reset. */
async function endDeliveryWorkflow(client: Client, id: string): Promise<void> {
  try {
    await client.workflow.getHandle(deliveryWorkflowId(id)).terminate('screenctl deliveries reset: a fresh series of attempts follows');
  } catch (err) {
    // Not running (never started, or closed): nothing to end.
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

/** screenctl deliveries list|show|replay|reset: the on-call tools for webhook deliveries, across organizations. */
export function registerDeliveriesCommands(program: Command): void {
  const deliveries = program.command('deliveries').description('Webhook deliveries: the delivery log, replay and reset.');

  deliveries
    .command('list')
    .description('Deliveries, newest first, with their attempts and last outcome.')
    .option('--status <status>', `one of ${STATUSES.join(', ')}`)
    .option('--event-type <type>', 'match_status_change, batch_completed or list_update')
    .option('--org <orgId>', 'one organization only')
    .option('--limit <n>', 'at most this many (default 50)', '50')
    .option('--json', 'JSON instead of lines')
    .action((opts: { status?: string; eventType?: string; org?: string; limit: string; json?: boolean }) =>
      withPool(createPool, async (pool) => {
        if (opts.status && !STATUSES.includes(opts.status as DeliveryStatus))
          throw new Error(`--status must be one of ${STATUSES.join(', ')}`);
        const page = await listDeliveriesForOperator(pool, {
          orgId: opts.org,
          status: opts.status as DeliveryStatus | undefined,
          eventType: opts.eventType as WebhookEventType | undefined,
          limit: Math.min(1000, Math.max(1, Number(opts.limit) || 50)),
        });
        if (opts.json) process.stdout.write(`${JSON.stringify(page.deliveries, null, 2)}\n`);
        else for (const d of page.deliveries) process.stdout.write(`${line(d)}\n`);
      }),
    );

  deliveries
    .command('show <id>')
    .description('One delivery with every attempt (JSON); its workflow is webhook-delivery/<id>.')
    .action((id: string) =>
      withPool(createPool, async (pool) => {
        const delivery = await mustExist(pool, id);
        process.stdout.write(`${JSON.stringify({ ...delivery, workflowId: deliveryWorkflowId(id) }, null, 2)}\n`);
      }),
    );

  deliveries
    .command('replay <id>')
    .description('Sends the delivery again as a new delivery (same body bytes, a new series of attempts); prints the new id.')
    .action((id: string) =>
      withPool(createPool, async (pool) => {
        await mustExist(pool, id);
        const replay = await createReplayForOperator(pool, id);
        if (!replay.ok) throw new Error(`delivery ${id} cannot be replayed: ${REFUSALS[replay.refusal]}`);
        await withTemporal((client) => startDeliveryWorkflows(client, config.taskQueue, [replay.delivery], { db: pool }));
        process.stdout.write(`${replay.delivery.id}\n`);
      }),
    );

  deliveries
    .command('reset <id>')
    .description(`For a stuck (pending) or failed delivery: ends its workflow, then starts a fresh series of attempts under the same id.`)
    .action((id: string) =>
      withPool(createPool, async (pool) => {
        const delivery = await mustExist(pool, id);
        if (!RESETTABLE_STATUSES.includes(delivery.status)) {
          throw new Error(
            `delivery ${id} cannot be reset: it is ${delivery.status}; only ${RESETTABLE_STATUSES.join(' or ')} deliveries can (replay makes a new delivery)`,
          );
        }
        await withTemporal(async (client) => {
          // The old workflow ends first: reopened while it still ran, its last failure could mark the new series failed.
          await endDeliveryWorkflow(client, id);
          const reopened = await reopenDeliveryForOperator(pool, id);
          if (!reopened.ok) {
            const why = reopened.refusal === 'not_resettable' ? `it is ${reopened.status}` : REFUSALS[reopened.refusal];
            throw new Error(`delivery ${id} cannot be reset: ${why} (its workflow was ended)`);
          }
          await startDeliveryWorkflows(client, config.taskQueue, [{ ...reopened.delivery, series: reopened.series }], {
            fresh: true,
            db: pool,
          });
        });
        process.stdout.write(`${id}: a fresh series of attempts started (workflow ${deliveryWorkflowId(id)})\n`);
      }),
    );
}
