import { ScheduleAlreadyRunning, type Client, type ScheduleOptions } from '@temporalio/client';

/** Creates the schedule, or brings an existing one's spec, action and policies up to `options`. */
export async function upsertSchedule(client: Client, options: ScheduleOptions): Promise<void> {
  try {
    await client.schedule.create(options);
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(options.scheduleId).update((previous) => ({
      ...previous, spec: options.spec, action: options.action, policies: options.policies,
    }));
  }
}
