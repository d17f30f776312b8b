import { PLANS, type PlanKey } from './plans';

export interface PeriodPrice {
  screenCallCents: number;
  recordMonthCents: number;
  subtotalCents: number;
  platformMinimumCents: number;
  totalCents: number;
  minimumApplied: boolean;
}

/** Every metered call and record-month at the plan's rate; the platform minimum is the floor. */
export function priceFor(plan: PlanKey, screenCalls: number, recordMonths: number): PeriodPrice {
  const rates = PLANS[plan];
  const screenCallCents = screenCalls * rates.screenCallCents;
  const recordMonthCents = recordMonths * rates.recordMonthCents;
  const subtotalCents = screenCallCents + recordMonthCents;
  const minimumApplied = subtotalCents < rates.platformMinimumCents;
  return {
    screenCallCents,
    recordMonthCents,
    subtotalCents,
    platformMinimumCents: rates.platformMinimumCents,
    totalCents: minimumApplied ? rates.platformMinimumCents : subtotalCents,
    minimumApplied,
  };
}
