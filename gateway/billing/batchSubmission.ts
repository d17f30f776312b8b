import type { Pool } from 'pg';
import { inTransaction } from '../../infra/base/db/transaction';
import { attachReservation, insertItems, insertJob, type ItemError, type SubmittedJob } from '../../activities/batch';
import { createReservation } from '../../activities/metering';
import { hardCap, lockAllowance } from './allowance';
import type { PlanKey } from './plans';

export interface BatchSubmission {
  orgId: string;
  plan: PlanKey;
  /** The billing period of the submission: the reservation is taken in it and the items are metered in it. */
  period: string;
  idempotencyKey: string;
  items: ReadonlyArray<{ item: unknown; error: ItemError | null }>;
}

/**
 * Records a batch once per (organization, Idempotency-Key), in one transaction: the job, its
 * items, and on a capped plan a reservation of the allowance for every valid item. A batch
 * whose valid items do not all fit in what is left of the allowance is refused whole (402)
 * and nothing is written. A key used before returns its job and writes nothing.
 */
export async function submitBatchOnce(pool: Pool, submission: BatchSubmission): Promise<SubmittedJob> {
  return inTransaction(pool, async (client) => {
    const job = await insertJob(client, submission.orgId, submission.idempotencyKey, submission.items.length, submission.period);
    if (job.created) {
      const valid = submission.items.filter((i) => !i.error).length;
      if (hardCap(submission.plan) !== null && valid > 0) {
        await lockAllowance(client, 'api', submission.orgId, submission.plan, submission.period, valid);
        const reservationId = await createReservation(client, {
          orgId: submission.orgId,
          period: submission.period,
          amount: valid,
          purpose: `batch:${job.jobId}`,
          ttlSeconds: null,
        });
        await attachReservation(client, job.jobId, reservationId);
      }
      await insertItems(client, job.jobId, submission.items);
    }
    return job;
  });
}
