import type { Pool, PoolClient } from 'pg';
import { readPeriodCounts } from '../../activities/metering';
import type { PlanKey } from './plans';
import { priceFor, type PeriodPrice } from './price';

export interface UsageSummary {
  period: string;
  screenCalls: number;
  recordMonths: number;
  price: PeriodPrice;
}

export async function usageSummary(db: Pool | PoolClient, orgId: string, plan: PlanKey, period: string): Promise<UsageSummary> {
  const counts = await readPeriodCounts(db, orgId, period);
  return { period, ...counts, price: priceFor(plan, counts.screenCalls, counts.recordMonths) };
}
