import { markFannedOut } from '../fanOuts';
import { startPendingStatusChanges, type RescreenDeps } from '../screeningPipeline';

/**
 * Stage 7, finish: waits for every screening handed over, starts the status-change deliveries an
 * earlier, crashed attempt recorded but did not start, and marks the version fanned out. The
 * status changes recorded, and the time spent waiting on screenings past what the pre-check hid.
 */
export async function finishFanOut(
  deps: RescreenDeps,
  versionId: string,
  screening: { drain(): Promise<{ statusChanges: number; waitedMs: number }> },
): Promise<{ statusChanges: number; screenMs: number }> {
  const { statusChanges, waitedMs } = await screening.drain();
  await startPendingStatusChanges(deps, versionId);
  await markFannedOut(deps.pool, versionId);
  return { statusChanges, screenMs: waitedMs };
}
