import { ApplicationFailure } from '@temporalio/common';
import type { Pool } from 'pg';
import type { VersionChange } from '../changes';
import { anyActiveRecord } from '../records';

/** Whether a version's fan-out screens anything: `done` (fanned out already), `nothingToScreen` (marked fanned out at once), or `screen`. */
export type Admission = 'done' | 'nothingToScreen' | 'screen';

/**
 * The decision on the version as it stands. Fanned out already: two starters raced, or a run
 * started again after the first completed. Switched off while the records still stand on the
 * list: this version is not in their screenings yet, and marked done it would be left to the
 * switch's re-screen alone, so the activity waits (by retrying) until the switch is applied (the
 * next ingestion run or monitoring catch-up) or reverted. A list switched off and applied is in no
 * screening: switching it back on screens every record again on its current version (switches.ts).
 */
export function admission(
  change: Pick<VersionChange, 'sourceKey' | 'fannedOut' | 'enabled' | 'monitoringEnabled'>,
  hasActiveRecords: boolean,
): Admission {
  if (change.fannedOut) return 'done';
  if (!change.enabled && change.monitoringEnabled !== false) {
    throw ApplicationFailure.retryable(
      `${change.sourceKey} is switched off but the monitored records still stand on it`,
      'ListSwitchPending',
    );
  }
  return hasActiveRecords && change.enabled ? 'screen' : 'nothingToScreen';
}

/** Stage 1, admit: `admission`, reading whether any record is monitored only when the version alone does not decide. */
export async function admit(pool: Pool, change: VersionChange): Promise<Admission> {
  const byVersion = admission(change, true);
  return byVersion === 'screen' ? admission(change, await anyActiveRecord(pool)) : byVersion;
}
