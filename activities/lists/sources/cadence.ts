/**
 * Publication cadences, how often each is polled, and when an unchanged list counts as stale.
 * One place for the rule so the schedules, the coverage report and docs/lists.md agree.
 */
export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'on_change' | 'irregular';

const DAY_MS = 86_400_000;

/**
 * The length of one publication period, in days. `irregular` (updated as actions occur, or a
 * cadence the publisher does not state) is taken as monthly: most state lists that say
 * anything say monthly, and a list unchanged for two months deserves a look. `on_change` (a
 * list that changes only when its subject does, never on a calendar) sets no bound.
 */
export const CADENCE_PERIOD_DAYS: Record<Cadence, number | null> = {
  daily: 1,
  weekly: 7,
  monthly: 31,
  quarterly: 92,
  irregular: 31,
  on_change: null,
};

/** A list whose content has not changed for more than this many periods is stale. */
export const STALE_AFTER_PERIODS = 2;

/** How long a list may go without a content change before it is stale; null when the cadence sets no bound. */
export function staleAfterMs(cadence: Cadence): number | null {
  const days = CADENCE_PERIOD_DAYS[cadence];
  return days === null ? null : days * STALE_AFTER_PERIODS * DAY_MS;
}

/**
 * Whether a list is stale at `asOf`: its content last changed (the retrieval of the first version
 * with its current content hash) more than twice its cadence ago.
 */
export function isStale(cadence: Cadence, contentChangedAt: Date, asOf: Date): boolean {
  const bound = staleAfterMs(cadence);
  return bound !== null && asOf.getTime() - contentChangedAt.getTime() > bound;
}

/**
 * How often the schedule polls a source of this cadence: more often than it publishes, so a
 * release is picked up within a fraction of its period (an unchanged artifact is skipped by its
 * checksum, so a poll that finds nothing new costs one download).
 */
export function pollEveryFor(cadence: Cadence): string {
  return cadence === 'daily' ? '6h' : '1d';
}
