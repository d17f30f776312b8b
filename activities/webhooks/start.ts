import type { Client } from '@temporalio/client';
import { TypedSearchAttributes, WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { OrgId, WebhookDeliveryId, WebhookEventType } from '../../infra/base/temporal/searchAttributes';
import { deliveryWorkflowId } from '../../workflows/contracts';
import { startWorkflow } from '../starters';
import { deliveryTaskQueue } from './limits';
import { deliveryPolicy } from './policy';
import type { Db, DeliveryRef } from './store';

/**
 * Starts one `webhookDelivery` workflow per delivery, on the delivery task queue of the service
 * queue `taskQueue` (`deliveryTaskQueue`): deliveries have workers and slots of their own. A start repeated by a retried emitter
 * finds the workflow (running or closed) and starts nothing; `fresh` (an operator's reset,
 * after it ended the old workflow and reopened the delivery) starts a new series under the
 * same id, ending any run that appeared meanwhile. With `db`, each delivery whose workflow
 * now exists is marked started (`workflow_started_at`), so the sweep of unstarted deliveries
 * does not read it again.
 */
export async function startDeliveryWorkflows(
  client: Client,
  taskQueue: string,
  deliveries: ReadonlyArray<DeliveryRef & { series?: string }>,
  options: { fresh?: boolean; env?: NodeJS.ProcessEnv; db?: Db } = {},
): Promise<void> {
  const policy = deliveryPolicy(options.env);
  const deliveryQueue = deliveryTaskQueue(taskQueue, options.env);
  await Promise.all(
    deliveries.map(async (delivery) => {
      await startWorkflow(client, 'webhookDelivery', {
        workflowId: deliveryWorkflowId(delivery.id),
        taskQueue: deliveryQueue,
        args: [{ deliveryId: delivery.id, policy, ...(delivery.series ? { series: delivery.series } : {}) }],
        workflowIdConflictPolicy: options.fresh ? WorkflowIdConflictPolicy.TERMINATE_EXISTING : WorkflowIdConflictPolicy.USE_EXISTING,
        workflowIdReusePolicy: options.fresh ? WorkflowIdReusePolicy.ALLOW_DUPLICATE : WorkflowIdReusePolicy.REJECT_DUPLICATE,
        typedSearchAttributes: new TypedSearchAttributes([
          { key: OrgId, value: delivery.orgId },
          { key: WebhookDeliveryId, value: delivery.id },
          { key: WebhookEventType, value: delivery.eventType },
        ]),
        staticSummary: `${delivery.eventType} delivery ${delivery.id}`,
        // Where the server has fairness on, the delivery queue serves organizations in turn, not first come first served.
        priority: { fairnessKey: delivery.orgId },
      });
    }),
  );
  if (options.db && deliveries.length > 0)
    await markWorkflowsStarted(
      options.db,
      deliveries.map((d) => d.id),
    );
}

/** The deliveries' workflows exist (running or closed). */
export async function markWorkflowsStarted(db: Db, deliveryIds: readonly string[]): Promise<void> {
  await db.query('UPDATE webhook_deliveries SET workflow_started_at = now() WHERE id = ANY ($1::uuid[]) AND workflow_started_at IS NULL', [
    deliveryIds,
  ]);
}
