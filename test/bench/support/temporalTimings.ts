import type { Client } from '@temporalio/client';
import { optionalTsToMs } from '@temporalio/common';

/**
 * Where the Temporal round trips of finished workflows spent their time, read from their
 * histories: per activity type, how long a scheduled task waited for a worker slot
 * (schedule → start) and how long it ran (start → complete); per workflow task the same.
 */
export interface TaskTimings {
  count: number;
  /** Mean schedule → start, ms: waiting in the task queue for a free slot. */
  waitMs: number;
  /** Mean start → complete, ms. */
  runMs: number;
}

export interface HistoryTimings {
  workflows: number;
  workflowTasks: TaskTimings;
  activities: Record<string, TaskTimings>;
}

class Tally {
  count = 0;
  wait = 0;
  run = 0;
  add(scheduled: number, started: number, completed: number): void {
    this.count++;
    this.wait += started - scheduled;
    this.run += completed - started;
  }
  mean(): TaskTimings {
    return { count: this.count, waitMs: this.count ? this.wait / this.count : 0, runMs: this.count ? this.run / this.count : 0 };
  }
}

/** Timings over every workflow of the client's namespace whose type is `workflowType`, started at `since` or later. */
export async function historyTimings(client: Client, workflowType: string, since: Date): Promise<HistoryTimings> {
  const workflowTasks = new Tally();
  const activities = new Map<string, Tally>();
  let workflows = 0;
  for await (const execution of client.workflow.list({ query: `WorkflowType = '${workflowType}'` })) {
    if (execution.startTime < since) continue;
    workflows++;
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    const at = new Map<number, { time: number; type?: string; started?: number }>();
    for (const event of history.events ?? []) {
      const id = Number(event.eventId);
      const time = optionalTsToMs(event.eventTime) ?? 0;
      if (event.workflowTaskScheduledEventAttributes) at.set(id, { time });
      else if (event.workflowTaskStartedEventAttributes) {
        const scheduled = at.get(Number(event.workflowTaskStartedEventAttributes.scheduledEventId));
        if (scheduled) scheduled.started = time;
      } else if (event.workflowTaskCompletedEventAttributes) {
        const scheduled = at.get(Number(event.workflowTaskCompletedEventAttributes.scheduledEventId));
        if (scheduled?.started !== undefined) workflowTasks.add(scheduled.time, scheduled.started, time);
      } else if (event.activityTaskScheduledEventAttributes) {
        at.set(id, { time, type: event.activityTaskScheduledEventAttributes.activityType?.name ?? '?' });
      } else if (event.activityTaskStartedEventAttributes) {
        const scheduled = at.get(Number(event.activityTaskStartedEventAttributes.scheduledEventId));
        if (scheduled) scheduled.started = time;
      } else if (event.activityTaskCompletedEventAttributes) {
        const scheduled = at.get(Number(event.activityTaskCompletedEventAttributes.scheduledEventId));
        if (scheduled?.type && scheduled.started !== undefined) {
          const tally = activities.get(scheduled.type) ?? new Tally();
          activities.set(scheduled.type, tally);
          tally.add(scheduled.time, scheduled.started, time);
        }
      }
    }
  }
  return {
    workflows,
    workflowTasks: workflowTasks.mean(),
    activities: Object.fromEntries([...activities].map(([type, tally]) => [type, tally.mean()])),
  };
}
