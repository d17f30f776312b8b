import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Pool } from 'pg';
import type { Logger } from '../infra/base/log';
import { startUnstartedDeliveries } from './webhooks';

/** Activities of the unstartedDeliverySweep workflow (the `unstarted-deliveries` schedule). */
export function createUnstartedDeliveryActivities(deps: { pool: Pool; logger: Logger; temporal: Client; env?: NodeJS.ProcessEnv }) {
  return {
    /** Starts the deliveries committed as pending whose workflow was never started; returns how many were taken. */
    async startUnstartedDeliveries(): Promise<{ taken: number }> {
      const taken = await startUnstartedDeliveries(deps.pool, deps.temporal, Context.current().info.taskQueue, {
        env: deps.env,
        progress: (n) => Context.current().heartbeat(n),
      });
      if (taken > 0) deps.logger.warn({ taken }, 'pending deliveries with no attempt after a minute: workflows started by the sweep');
      return { taken };
    },
  };
}

export type UnstartedDeliveryActivities = ReturnType<typeof createUnstartedDeliveryActivities>;
