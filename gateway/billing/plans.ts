/**
 * The published plan table: burst limit, monthly allowance and rates. This is the one place
 * these numbers live; docs/billing.md shows the table planTableMarkdown prints, and a test holds the two equal.
 */
export const PLAN_KEYS = ['trial', 'small', 'medium', 'large', 'enterprise'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export interface Plan {
  key: PlanKey;
  label: string;
  /** Requests per minute per API key, every /v1 request counted, refused ones included. */
  burstPerMinute: number;
  /** Metered screenings (single screens + batch items) included per calendar month; null = custom contract. */
  includedCalls: number | null;
  /** false: refused with 402 once the included calls are used; true: continues and bills the excess. */
  billsExcess: boolean;
  screenCallCents: number;
  recordMonthCents: number;
  platformMinimumCents: number;
}

export const PLANS: Readonly<Record<PlanKey, Plan>> = {
  trial: {
    key: 'trial',
    label: 'Trial',
    burstPerMinute: 30,
    includedCalls: 1000,
    billsExcess: false,
    screenCallCents: 0,
    recordMonthCents: 0,
    platformMinimumCents: 0,
  },
  small: {
    key: 'small',
    label: 'Small',
    burstPerMinute: 30,
    includedCalls: 500,
    billsExcess: false,
    screenCallCents: 10,
    recordMonthCents: 5,
    platformMinimumCents: 5_000,
  },
  medium: {
    key: 'medium',
    label: 'Medium',
    burstPerMinute: 60,
    includedCalls: 5000,
    billsExcess: false,
    screenCallCents: 8,
    recordMonthCents: 4,
    platformMinimumCents: 40_000,
  },
  large: {
    key: 'large',
    label: 'Large',
    burstPerMinute: 120,
    includedCalls: 25000,
    billsExcess: true,
    screenCallCents: 6,
    recordMonthCents: 3,
    platformMinimumCents: 150_000,
  },
  enterprise: {
    key: 'enterprise',
    label: 'Enterprise',
    burstPerMinute: 600,
    includedCalls: null,
    billsExcess: true,
    screenCallCents: 4,
    recordMonthCents: 2,
    platformMinimumCents: 500_000,
  },
};

export function isPlanKey(value: string): value is PlanKey {
  return (PLAN_KEYS as readonly string[]).includes(value);
}

/** A plan that charges for use: the free trial is never offered as "more room". */
function isPaid(plan: Plan): boolean {
  return plan.screenCallCents > 0 || plan.platformMinimumCents > 0;
}

/** Paid plans whose allowance is larger than `plan`'s, or that bill the excess instead of refusing. */
export function plansWithMoreRoom(plan: PlanKey): Plan[] {
  const current = PLANS[plan];
  return PLAN_KEYS.map((key) => PLANS[key]).filter(
    (other) => other.key !== plan && isPaid(other) && (other.billsExcess || (other.includedCalls ?? 0) > (current.includedCalls ?? 0)),
  );
}

export function planTableMarkdown(): string {
  const money = (cents: number): string =>
    `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const rows = PLAN_KEYS.map((key) => PLANS[key]).map((p) =>
    [
      p.label,
      String(p.burstPerMinute),
      p.includedCalls === null ? 'custom' : p.includedCalls.toLocaleString('en-US'),
      p.billsExcess ? 'continues, billed per call' : 'refused with 402 until the 1st',
      money(p.screenCallCents),
      money(p.recordMonthCents),
      money(p.platformMinimumCents),
    ].join(' | '),
  );
  return [
    '| Plan | Burst / min | Included calls / month | Past the allowance | Per screen call | Per record-month | Platform minimum / month |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}
