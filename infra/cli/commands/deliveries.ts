import type { Command } from 'commander';
import { Client, Connection } from '@temporalio/client';
import type { Pool } from 'pg';
import { config } from '../../base/config';
import { createPool } from '../../base/db/pool';
import { temporalConnectionOptions } from '../../base/temporal/connection';
import {
  createReplay, deliveryWorkflowId, getDelivery, listDeliveries, reopenDelivery, startDeliveryWorkflows,
  type Delivery, type DeliveryStatus, type WebhookEventType,
} from '../../../activities/webhooks';
import { withPool } from './withPool';

const STATUSES: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

async function withTemporal(run: (client: Client) => Promise<void>): Promise<void> {
  const connection = await Connection.connect(temporalConnectionOptions());
  try {
    await run(new Client({ connection, namespace: config.temporalNamespace }));
  } finally {
    await connection.close();
  }
}

function line(d: Delivery): string {
  const last = d.attempts[d.attempts.length - 1];
  const lastOutcome = last ? (last.error ?? `answered ${last.statusCode}`) : 'no attempt yet';
  return [d.id, d.status.padEnd(9), d.eventType.padEnd(19), `${d.attempts.length} attempt(s)`.padEnd(13), d.createdAt, lastOutcome].join('  ');
}

async function mustExist(pool: Pool, id: string): Promise<Delivery> {
  const delivery = await getDelivery(pool, null, id);
  if (!delivery) throw new Error(`no delivery ${id}`);
  return delivery;
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
        if (opts.status && !STATUSES.includes(opts.status as DeliveryStatus)) throw new Error(`--status must be one of ${STATUSES.join(', ')}`);
        const page = await listDeliveries(pool, opts.org ?? null, {
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
        const replay = await createReplay(pool, null, id);
        if (!replay) throw new Error(`delivery ${id} cannot be replayed: its endpoint was removed`);
        await withTemporal((client) => startDeliveryWorkflows(client, config.taskQueue, [replay]));
        process.stdout.write(`${replay.id}\n`);
      }),
    );

  deliveries
    .command('reset <id>')
    .description('For a stuck or failed delivery: ends its workflow and starts a fresh series of attempts under the same id.')
    .action((id: string) =>
      withPool(createPool, async (pool) => {
        await mustExist(pool, id);
        const reopened = await reopenDelivery(pool, id);
        if (!reopened) throw new Error(`delivery ${id} cannot be reset: it was cancelled or its endpoint was removed`);
        await withTemporal((client) => startDeliveryWorkflows(client, config.taskQueue, [reopened], { fresh: true }));
        process.stdout.write(`${id}: a fresh series of attempts started (workflow ${deliveryWorkflowId(id)})\n`);
      }),
    );
}
