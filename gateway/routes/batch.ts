import { readJob, startBatchWorkflow, type ItemError } from '../../activities/batch';
import { billingPeriod } from '../../activities/metering';
import { submitBatchOnce } from '../billing/batchSubmission';
import { notFound } from '../errors';
import { compileComponentValidator } from '../openapi/validator';
import type { GatewayDeps, Handler } from '../context';

/** Each item against the schema the document's BatchItem names (Entity). */
const validateEntity = compileComponentValidator('BatchItem', 'item');

function checkItem(item: unknown): { item: unknown; error: ItemError | null } {
  const fields = validateEntity(item);
  if (Object.keys(fields).length === 0) return { item, error: null };
  return { item, error: { code: 'invalid_request', message: 'This item is invalid; see fields. It was not screened.', fields } };
}

/**
 * POST /batch: each item is validated on its own (an invalid one becomes an error result and
 * never fails the batch); the job is recorded once per Idempotency-Key and its workflow started.
 * A resubmission gets the same job id and starts nothing new.
 */
export function submitBatch(deps: GatewayDeps, now: () => Date): Handler {
  return async (ctx) => {
    const principal = ctx.state.principal!;
    const idempotencyKey = ctx.get('Idempotency-Key');
    const items = (ctx.state.body as { items: unknown[] }).items.map(checkItem);
    const job = await submitBatchOnce(deps.pool, {
      orgId: principal.orgId,
      plan: principal.plan,
      period: billingPeriod(now()),
      idempotencyKey,
      items,
    });
    // Also on a resubmission of a job not completed: a start lost after the commit, or a run
    // that failed or was terminated, is made good; a running workflow is found, not duplicated.
    if (job.state !== 'completed') {
      await startBatchWorkflow(deps.temporal, deps.taskQueue, {
        jobId: job.jobId,
        orgId: principal.orgId,
        idempotencyKey,
        totalItems: job.totalItems,
      });
    }
    if (!job.created) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 202;
    ctx.body = { jobId: job.jobId };
  };
}

/** GET /batch/{jobId}: 404 for an unknown job or another organization's. */
export function getBatch(deps: GatewayDeps): Handler {
  return async (ctx) => {
    const job = await readJob(deps.pool, ctx.state.principal!.orgId, ctx.state.params.jobId);
    if (!job) throw notFound('No such batch job for this organization.');
    ctx.body = job;
  };
}
