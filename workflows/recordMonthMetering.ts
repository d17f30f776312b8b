import { proxyActivities } from '@temporalio/workflow';
import type { RecordMonthMeteringActivities } from '../activities/metering/activities';
import type { RecordMonthMeteringInput, RecordMonthMeteringResult, Workflows } from './contracts';

const { meterRecordMonthsOfMonitoredRecords } = proxyActivities<RecordMonthMeteringActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '10 seconds', maximumInterval: '10 minutes' },
});

/**
 * The record-month sweep, started by the `record-months` schedule (infra/schedules): every
 * monitored record active during this month or the last gets its record-month, whether or not
 * its own workflow ran when the month turned. `at` only for tests and replays of a past month.
 */
export const recordMonthMetering = async function recordMonthMetering(
  input: RecordMonthMeteringInput = {},
): Promise<RecordMonthMeteringResult> {
  return meterRecordMonthsOfMonitoredRecords({ at: input.at });
} satisfies Workflows['recordMonthMetering'];
