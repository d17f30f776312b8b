import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { SEARCH_ATTRIBUTES } from '../../../../infra/base/temporal/searchAttributes';
import { PATCHES_OFF_MEMO, workflowBundle, type BundleKind } from './bundle';

/**
 * Temporal's time-skipping test server (timers and retry waits pass at once while a client
 * awaits a result) and a worker per test running the real workflow bundle with stubbed
 * activities: no PostgreSQL, Redis or matcher. The pinned server comes from .venv (the SDK's
 * download cannot work here); TEMPORAL_TEST_SERVER names another.
 */
const TEST_SERVER =
  process.env.TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '..', '..', '..', '..', '.venv', 'bin', 'temporal-test-server');

export async function startTestServer(): Promise<TestWorkflowEnvironment> {
  // Workers log each state change at INFO, and failures the tests cause on purpose at WARN; the
  // core warns at each worker that the test server is older than it would like.
  Runtime.install({
    logger: new DefaultLogger('ERROR'),
    telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
  });
  const env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: TEST_SERVER } } });
  // The starters the tests call (a batch resubmission, a delivery reset) set the service's search attributes.
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(
      Object.keys(SEARCH_ATTRIBUTES).map((name) => [name, temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]),
    ),
  });
  return env;
}

/** A fresh task queue per test: no test sees another's workflows or activities. */
export const newTaskQueue = (what: string): string => `${what}-${randomUUID().slice(0, 8)}`;

/**
 * A worker polling `taskQueue` while `body` runs. No sticky cache: every workflow task replays
 * the history so far, so each test also checks that the workflow replays to the same commands.
 */
export async function withWorker<T>(
  env: TestWorkflowEnvironment,
  options: { taskQueue: string; activities: object; bundle?: BundleKind },
  body: () => Promise<T>,
): Promise<T> {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: options.taskQueue,
    workflowBundle: await workflowBundle(options.bundle ?? 'current'),
    activities: options.activities,
    maxCachedWorkflows: 0,
    shutdownGraceTime: '1s',
  });
  return worker.runUntil(body);
}

/**
 * A run as the release before the given patches started it: the bundle whose `patched` reads the
 * run's memo, and the memo listing them. With none, the current bundle and no memo.
 */
export function patchesOff(ids: string[]): { bundle: BundleKind; memo?: Record<string, unknown> } {
  return ids.length === 0 ? { bundle: 'current' } : { bundle: 'patchesOff', memo: { [PATCHES_OFF_MEMO]: ids } };
}

/** One activity attempt, and when it ran on the test server's (skipping) clock. */
export interface AttemptSeen {
  attempt: number;
  atMs: number;
}

/**
 * The attempt running, from inside a stubbed activity. Its time is read from the server's clock:
 * the attempt info's scheduled time is when the server scheduled the retry (as the attempt
 * before failed), not when the wait let it run.
 */
export async function attemptSeen(env: TestWorkflowEnvironment): Promise<AttemptSeen> {
  const { attempt } = Context.current().info;
  return { attempt, atMs: await env.currentTimeMs() };
}

/**
 * Waits between consecutive attempts, in whole seconds, for schedules of whole seconds: each gap
 * is the wait the clock skipped plus the real time the attempt and the tasks around it took
 * (under a second, even on a loaded machine), which the rounding down leaves out.
 */
export const gapsSeconds = (attempts: AttemptSeen[]): number[] =>
  attempts.slice(1).map((a, i) => Math.floor((a.atMs - attempts[i].atMs) / 1000));

/**
 * Asserts the waits between consecutive attempts: each at least the expected wait (the clock
 * skipped it) and under a second more (the real time the attempt and the tasks around it took).
 */
export function expectWaits(attempts: AttemptSeen[], expectedMs: number[]): void {
  const gaps = attempts.slice(1).map((a, i) => a.atMs - attempts[i].atMs);
  expect(gaps).toHaveLength(expectedMs.length);
  gaps.forEach((gap, i) => {
    if (gap < expectedMs[i] || gap >= expectedMs[i] + 1000)
      throw new Error(`wait ${i + 1}: ${gap} ms, expected ${expectedMs[i]} ms (waits: ${gaps.join(', ')})`);
  });
}

/**
 * The stubs, counting the activity calls in progress. A test that terminates or cancels a
 * workflow waits first for `idle()`: the test server holds its clock for an activity that was
 * executing when its workflow ended, and time would stop skipping for every later test (an
 * activity waiting to retry is harmless, but the server reports it as started, so the count is
 * kept here).
 */
export function countingCalls<T extends object>(activities: T): { activities: T; idle: () => Promise<void> } {
  let running = 0;
  const counted = Object.fromEntries(
    Object.entries(activities).map(([name, fn]) => [
      name,
      async (...args: unknown[]) => {
        running += 1;
        try {
          return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          running -= 1;
        }
      },
    ]),
  ) as T;
  const idle = async () => {
    for (let i = 0; i < 400 && running > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    if (running > 0) throw new Error('an activity kept running');
  };
  return { activities: counted, idle };
}

/** Fails the test instead of hanging it when a workflow never ends. */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
