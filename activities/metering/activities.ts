import type { Pool } from 'pg';
import type { Logger } from '../../infra/base/log';
import { meterActiveRecordMonths, sweptPeriods } from './index';

/** Activities of the recordMonthMetering workflow (the `record-months` schedule). */
export function createRecordMonthMeteringActivities(deps: { pool: Pool; logger: Logger }) {
  return {
    /**
     * Meters the record-months of this period and the last that no one metered yet; `at`
     * (ISO time, default now) says which periods those are.
     */
    async meterRecordMonthsOfMonitoredRecords(input: { at?: string }): Promise<{ periods: string[]; metered: number }> {
      const at = input.at ? new Date(input.at) : new Date();
      if (Number.isNaN(at.getTime())) throw new Error(`not a time: ${input.at}`);
      const periods = sweptPeriods(at);
      const metered = await meterActiveRecordMonths(deps.pool, periods);
      deps.logger.info({ periods, metered }, 'record-months metered by the sweep');
      return { periods, metered };
    },
  };
}

export type RecordMonthMeteringActivities = ReturnType<typeof createRecordMonthMeteringActivities>;
