import { PLANS, PLAN_KEYS, plansWithMoreRoom, planTableMarkdown } from '../../../gateway/billing/plans';
import { priceFor } from '../../../gateway/billing/price';
import { billingPeriod, periodResetDate } from '../../../activities/metering/period';
import { allowanceReached, hardCap } from '../../../gateway/billing/allowance';

describe('plan table', () => {
  it('carries the contract burst limits and monthly allowances', () => {
    expect(PLAN_KEYS.map((k) => [k, PLANS[k].burstPerMinute, PLANS[k].includedCalls, PLANS[k].billsExcess])).toEqual([
      ['trial', 30, 1000, false],
      ['small', 30, 500, false],
      ['medium', 60, 5000, false],
      ['large', 120, 25000, true],
      ['enterprise', 600, null, true],
    ]);
  });

  it('caps only the plans that do not bill the excess', () => {
    expect(PLAN_KEYS.map(hardCap)).toEqual([1000, 500, 5000, null, null]);
  });

  it('names the plans with more room than the current one', () => {
    expect(plansWithMoreRoom('trial').map((p) => p.key)).toEqual(['medium', 'large', 'enterprise']);
    expect(plansWithMoreRoom('medium').map((p) => p.key)).toEqual(['large', 'enterprise']);
  });

  it('renders one markdown row per plan for docs/billing.md', () => {
    const lines = planTableMarkdown().split('\n');
    expect(lines).toHaveLength(2 + PLAN_KEYS.length);
    expect(lines[4]).toContain('| Medium | 60 | 5,000 |');
  });
});

describe('price of a period', () => {
  it('applies the platform minimum when the metered subtotal is below it', () => {
    expect(priceFor('small', 100, 10)).toEqual({
      screenCallCents: 1000,
      recordMonthCents: 50,
      subtotalCents: 1050,
      platformMinimumCents: 5000,
      totalCents: 5000,
      minimumApplied: true,
    });
  });

  it('bills the subtotal when it exceeds the minimum', () => {
    expect(priceFor('enterprise', 200_000, 50_000)).toEqual({
      screenCallCents: 800_000,
      recordMonthCents: 100_000,
      subtotalCents: 900_000,
      platformMinimumCents: 500_000,
      totalCents: 900_000,
      minimumApplied: false,
    });
  });

  it('is free on the trial', () => {
    expect(priceFor('trial', 1000, 5).totalCents).toBe(0);
  });
});

describe('billing period', () => {
  it('is the calendar month in UTC', () => {
    expect(billingPeriod(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(billingPeriod(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });

  it('resets on the 1st of the next month, across a year end', () => {
    expect(periodResetDate('2026-11')).toBe('2026-12-01');
    expect(periodResetDate('2026-12')).toBe('2027-01-01');
  });
});

describe('402 body', () => {
  it('names the reset date and the plans with more room; the code depends on the operation', () => {
    const screen = allowanceReached('single_screening', 'small', '2026-12', 500);
    expect(screen.status).toBe(402);
    expect(screen.body()).toMatchObject({
      code: 'single_screening_allowance_reached',
      allowance: { plan: 'small', includedCalls: 500, usedCalls: 500, resetsOn: '2027-01-01' },
    });
    expect(screen.message).toContain('2027-01-01');
    expect(allowanceReached('api', 'small', '2026-12', 500).code).toBe('api_allowance_reached');
  });
});
