/** Billing periods are calendar months in UTC. */
export function billingPeriod(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The date (YYYY-MM-DD, UTC) on which the period's counts return to zero: the 1st of the next month. */
export function periodResetDate(period: string): string {
  const [year, month] = period.split('-').map(Number);
  const next = new Date(Date.UTC(year, month, 1));
  return next.toISOString().slice(0, 10);
}

/** When the period starts and when the next one does (ISO times, UTC). */
export function periodBounds(period: string): { startsAt: string; endsAt: string } {
  return { startsAt: `${period}-01T00:00:00.000Z`, endsAt: `${periodResetDate(period)}T00:00:00.000Z` };
}

export function isPeriod(value: string): boolean {
  return /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(value);
}
