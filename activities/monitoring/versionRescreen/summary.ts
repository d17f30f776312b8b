/** Why a reached record is screened again: the pre-check's first reason, or `keyGroup` for a record taken for its key groups alone. */
export type RescreenReason = 'wholeChange' | 'organization' | 'capped' | 'soloName' | 'match' | 'headroom' | 'keyGroup';

export const noReasons = (): Record<RescreenReason, number> => ({
  wholeChange: 0,
  organization: 0,
  capped: 0,
  soloName: 0,
  match: 0,
  headroom: 0,
  keyGroup: 0,
});

export interface RescreenSummary {
  versionId: string;
  sourceKey: string;
  changedEntries: number;
  /** Records keyed under older blocking-key rules, re-keyed first (after a release that changed the rules). */
  recordsRekeyed: number;
  /** Records a changed entry can be a viable candidate for (by their blocking keys), plus capped records and organizations by the caller's rules. */
  recordsReached: number;
  /** Of those, the records a changed entry matches (new or old form), or that it may push past the candidate limit, plus capped ones and the holders of crossed key groups: handed to the matcher again. */
  recordsRescreened: number;
  statusChanges: number;
  /** Key groups taken (the change carried them across their thresholds), and whether their sizes before it were known exactly (else every group it touched was taken). */
  keyGroups: { crossed: number; exact: boolean };
  /** Why each re-screened record was taken: the pre-check's first reason, in the order of RescreenReason; `keyGroup` for a record taken for its key groups alone. */
  rescreenedBecause: Record<RescreenReason, number>;
  /**
   * Where the time went, in ms: finding the reached records; pre-checking them (their reading
   * overlaps); waiting for the matcher to serve the version, past what the reach and the
   * pre-check hid; waiting on screening and storing, past what the pre-check hid.
   */
  timings: { reachMs: number; checkMs: number; matcherWaitMs: number; screenMs: number };
}

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
    timings: { reachMs: 0, checkMs: 0, matcherWaitMs: 0, screenMs: 0 },
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
