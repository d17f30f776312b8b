import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { AttemptOutcome, WebhookDeliveryActivities } from '../../../activities/webhooks/activities';
import {
  deliveryPolicy,
  deliveryTaskQueue,
  retrySchedule,
  startDeliveryWorkflows,
  type DeliveryPolicy,
} from '../../../activities/webhooks';
import { deliveryWorkflowId, type WebhookDeliveryInput, type WebhookDeliveryResult } from '../../../workflows/contracts';
import {
  attemptSeen,
  countingCalls,
  gapsSeconds,
  newTaskQueue,
  startTestServer,
  withWorker,
  within,
  type AttemptSeen,
} from './support/environment';
import { webhookDelivery } from '../../../workflows/webhookDelivery';

/**
 * The webhookDelivery workflow on the time-skipping test server (a 12-attempt series spanning a
 * day passes at once), its two activities stubbed: the stub answers each attempt as the real one
 * would (the POST's outcome decided by the test), and records what the workflow asked of it.
 */
type DeliveryStubs = Pick<WebhookDeliveryActivities, 'attemptDelivery' | 'markDeliveryFailed'>;
type AttemptInput = Parameters<WebhookDeliveryActivities['attemptDelivery']>[0];

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await startTestServer();
}, 60_000);
afterAll(async () => {
  await env?.teardown();
});

/** The service's default policy, read from an empty environment (nothing of this process's). */
const defaultPolicy = (): DeliveryPolicy => deliveryPolicy({});

interface AttemptRecord extends AttemptSeen {
  input: AttemptInput;
  startToCloseMs: number;
  scheduleToCloseMs: number;
}

/** One delivery's activities; `answer` decides each attempt (by the series' attempt count), as the real activity would end it. */
function delivery(answer: (n: number, input: AttemptInput) => AttemptOutcome | Error) {
  const attempts: AttemptRecord[] = [];
  const markedFailed: Array<{ deliveryId: string; series?: string; receiverFailed?: boolean }> = [];
  const activities: DeliveryStubs = {
    async attemptDelivery(input) {
      const { startToCloseTimeoutMs, scheduleToCloseTimeoutMs } = Context.current().info;
      attempts.push({
        ...(await attemptSeen(env)),
        input,
        startToCloseMs: startToCloseTimeoutMs,
        scheduleToCloseMs: scheduleToCloseTimeoutMs,
      });
      const outcome = answer(attempts.length, input);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    async markDeliveryFailed(input) {
      markedFailed.push(input);
    },
  };
  return { activities, attempts, markedFailed };
}

/** What the real attempt throws for a failed POST of a series that keeps its schedule. */
function failedAttempt(policy: DeliveryPolicy, n: number): Error {
  if (n >= policy.maximumAttempts)
    return ApplicationFailure.create({ message: `attempt ${n}: 503`, type: 'WebhookAttemptsExhausted', nonRetryable: true });
  return ApplicationFailure.create({
    message: `attempt ${n}: 503`,
    type: 'WebhookAttemptFailed',
    nextRetryDelay: retrySchedule(policy)[n - 1],
  });
}

async function runDelivery(stubs: DeliveryStubs, input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const taskQueue = newTaskQueue('delivery');
  return withWorker(env, { taskQueue, activities: stubs }, () =>
    within(
      30_000,
      'the delivery',
      env.client.workflow.execute(webhookDelivery, { taskQueue, workflowId: deliveryWorkflowId(input.deliveryId), args: [input] }),
    ),
  );
}

describe('webhookDelivery: a series that keeps its schedule in the attempt', () => {
  it('is delivered at the first attempt, which gets the policy, and marks nothing failed', async () => {
    const policy = defaultPolicy();
    const d = delivery(() => ({ outcome: 'delivered', attempt: 1 }));
    const deliveryId = randomUUID();
    expect(await runDelivery(d.activities, { deliveryId, policy })).toBe('delivered');
    expect(d.attempts.map((a) => a.input)).toEqual([{ deliveryId, timeoutMs: policy.timeoutMs, policy }]);
    expect(d.markedFailed).toEqual([]);
  });

  it('ends cancelled when the attempt finds the delivery closed (endpoint removed, record removed)', async () => {
    const d = delivery(() => ({ outcome: 'cancelled' }));
    expect(await runDelivery(d.activities, { deliveryId: randomUUID(), policy: defaultPolicy() })).toBe('cancelled');
    expect(d.attempts).toHaveLength(1);
    expect(d.markedFailed).toEqual([]);
  });

  it('bounds each attempt by the POST time-out plus 30 s, and the series by its schedule, the attempts and a day of slack', async () => {
    const policy = defaultPolicy();
    const d = delivery(() => ({ outcome: 'delivered', attempt: 1 }));
    await runDelivery(d.activities, { deliveryId: randomUUID(), policy });
    const attemptMs = policy.timeoutMs + 30_000;
    const scheduleMs = retrySchedule(policy).reduce((a, b) => a + b, 0);
    expect(d.attempts[0].startToCloseMs).toBe(attemptMs);
    expect(d.attempts[0].scheduleToCloseMs).toBe(scheduleMs + policy.maximumAttempts * attemptMs + 24 * 3600_000);
  });

  it('waits the retry schedule between failed attempts (30 s doubling, capped at 6 h, 12 attempts) and, after the last, marks the delivery failed', async () => {
    const policy = defaultPolicy();
    const d = delivery((n) => failedAttempt(policy, n));
    const deliveryId = randomUUID();
    expect(await runDelivery(d.activities, { deliveryId, policy })).toBe('failed');
    expect(d.attempts).toHaveLength(policy.maximumAttempts);
    expect(gapsSeconds(d.attempts)).toEqual(retrySchedule(policy).map((ms) => ms / 1000));
    expect(gapsSeconds(d.attempts)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 6 * 3600]);
    expect(d.markedFailed).toEqual([{ deliveryId, receiverFailed: true }]);
  });

  it('is delivered by a later attempt of the schedule', async () => {
    const policy = defaultPolicy();
    const d = delivery((n) => (n < 4 ? failedAttempt(policy, n) : { outcome: 'delivered', attempt: n }));
    expect(await runDelivery(d.activities, { deliveryId: randomUUID(), policy })).toBe('delivered');
    expect(gapsSeconds(d.attempts)).toEqual([30, 60, 120]);
    expect(d.markedFailed).toEqual([]);
  });

  it('retries a worker or database failure (no wait set by the attempt) after 1 s, doubling up to a minute', async () => {
    const policy = defaultPolicy();
    const d = delivery((n) =>
      n < 9 ? ApplicationFailure.retryable('connection terminated', 'DatabaseError') : { outcome: 'delivered', attempt: 1 },
    );
    expect(await runDelivery(d.activities, { deliveryId: randomUUID(), policy })).toBe('delivered');
    expect(gapsSeconds(d.attempts)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("marks the delivery failed when a wait would run past the series' time bound, as no failure of the receiver's", async () => {
    const policy = { ...defaultPolicy(), maximumAttempts: 3 };
    const bound = retrySchedule(policy).reduce((a, b) => a + b, 0) + 3 * (policy.timeoutMs + 30_000) + 24 * 3600_000;
    const d = delivery(() => ApplicationFailure.create({ message: 'busy', type: 'WebhookOrgBusy', nextRetryDelay: bound + 60_000 }));
    const deliveryId = randomUUID();
    expect(await runDelivery(d.activities, { deliveryId, policy })).toBe('failed');
    expect(d.attempts).toHaveLength(1);
    expect(d.markedFailed).toEqual([{ deliveryId, receiverFailed: false }]);
  });

  it('does not mark the delivery failed when the workflow itself is cancelled mid-series', async () => {
    const policy = defaultPolicy();
    const d = delivery((n) => failedAttempt(policy, n));
    const deliveryId = randomUUID();
    const taskQueue = newTaskQueue('delivery');
    const counted = countingCalls(d.activities);
    await withWorker(env, { taskQueue, activities: counted.activities }, async () => {
      const handle = await env.client.workflow.start(webhookDelivery, {
        taskQueue,
        workflowId: deliveryWorkflowId(deliveryId),
        args: [{ deliveryId, policy }],
      });
      for (let i = 0; i < 100 && d.attempts.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await counted.idle();
      await handle.cancel();
      const failure = await handle.result().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(WorkflowFailedError);
      expect((failure as WorkflowFailedError).cause?.name).toBe('CancelledFailure');
    });
    expect(d.markedFailed).toEqual([]);
  });
});

describe("webhookDelivery: reset (an operator's new series)", () => {
  it('carries the series to every attempt and to the failure mark', async () => {
    const policy = { ...defaultPolicy(), maximumAttempts: 2 };
    const series = randomUUID();
    const d = delivery((n) => failedAttempt(policy, n));
    const deliveryId = randomUUID();
    expect(await runDelivery(d.activities, { deliveryId, policy, series })).toBe('failed');
    expect(d.attempts.map((a) => a.input.series)).toEqual([series, series]);
    expect(d.markedFailed).toEqual([{ deliveryId, series, receiverFailed: true }]);
  });

  it("startDeliveryWorkflows(fresh) ends the series running under the delivery's id and starts the new one there", async () => {
    const policy = deliveryPolicy({});
    const series = randomUUID();
    const deliveryId = randomUUID();
    const d = delivery((n, input) => (input.series === series ? { outcome: 'delivered', attempt: 1 } : failedAttempt(policy, n)));
    const serviceQueue = newTaskQueue('service');
    const ref = { id: deliveryId, orgId: randomUUID(), eventType: 'match_status_change' as const };
    const handle = env.client.workflow.getHandle(deliveryWorkflowId(deliveryId));
    const counted = countingCalls(d.activities);
    await withWorker(env, { taskQueue: deliveryTaskQueue(serviceQueue, {}), activities: counted.activities }, async () => {
      await startDeliveryWorkflows(env.client, serviceQueue, [ref], { env: {} });
      // The first attempt fails at once; the old series then waits its 30 s (time skips only while a result is awaited).
      for (let i = 0; i < 100 && d.attempts.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const oldRun = (await handle.describe()).runId;
      await counted.idle();
      await startDeliveryWorkflows(env.client, serviceQueue, [{ ...ref, series }], { fresh: true, env: {} });
      expect(await within(30_000, 'the new series', handle.result())).toBe('delivered');
      expect((await env.client.workflow.getHandle(deliveryWorkflowId(deliveryId), oldRun).describe()).status.name).toBe('TERMINATED');
    });
    expect(d.attempts).toHaveLength(2);
    const lastAttempt = d.attempts[d.attempts.length - 1];
    expect(lastAttempt.input).toEqual({ deliveryId, timeoutMs: policy.timeoutMs, policy, series });
    expect(d.attempts.slice(0, -1).every((a) => a.input.series === undefined)).toBe(true);
    expect(d.markedFailed).toEqual([]);
  });
});
