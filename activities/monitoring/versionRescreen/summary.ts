import type { RescreenReason, RescreenSummary } from '../../../workflows/contracts';

export type { RescreenReason, RescreenSummary };

export const noReasons = (): Record<RescreenReason, number> => ({
  wholeChange: 0,
  organization: 0,
  capped: 0,
  soloName: 0,
  match: 0,
  headroom: 0,
  keyGroup: 0,
});

/** The summary of a version whose fan-out screened nothing (done already, or nothing to screen). */
export function nothingDone(change: {
  versionId: string;
  sourceKey: string;
  added: number;
  removed: number;
  changed: number;
}): RescreenSummary {
  return {
    versionId: change.versionId,
    sourceKey: change.sourceKey,
    changedEntries: change.added + change.removed + change.changed,
    recordsRekeyed: 0,
    recordsReached: 0,
    recordsRescreened: 0,
    statusChanges: 0,
    keyGroups: { crossed: 0, exact: true },
    rescreenedBecause: noReasons(),
    timings: { reachMs: 0, checkMs: 0, readMs: 0, narrowMs: 0, matcherWaitMs: 0, crossingMs: 0, screenMs: 0 },
  };
}

/** Reports how far the pre-check got: after each chunk, and again while the matcher is waited for (the activity heartbeats). */
export class FanOutProgress {
  private checked = 0;
  private total = 0;
  constructor(private readonly report: ((done: number, total: number) => void) | undefined) {}

  reached(total: number): void {
    this.total = total;
  }

  checkedUpTo(checked: number): void {
    this.checked = checked;
    this.report?.(this.checked, this.total);
  }

  /** The last report again. */
  stillWaiting(): void {
    this.report?.(this.checked, this.total);
  }
}
