import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowStartOptions } from '@temporalio/client';
import type { Workflows } from '../workflows/contracts';

/**
 * Starts the workflow `type` by its name, typed by its contract in workflows/contracts.ts
 * `Workflows`, so the compiler checks `args` without this module loading workflow code. Every
 * start here shares an id with its repeats; Temporal's "already started" (refused by the id's
 * conflict or reuse policy) means a run exists or existed, which is what the caller wanted.
 */
export async function startWorkflow<K extends keyof Workflows>(
  client: Client,
  type: K,
  options: WorkflowStartOptions<Workflows[K]>,
): Promise<void> {
  try {
    await client.workflow.start<Workflows[K]>(type, options);
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
