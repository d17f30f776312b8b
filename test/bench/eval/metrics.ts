/**
 * Scoring the matcher's answers against the labels: where the target lands among the matches,
 * then per-class recall, MRR, clear share and false matches.
 */
export interface RankedMatch {
  /** List entries this match may stand for (a match names its entry only by source and printed name). */
  entryKeys: readonly string[];
  score: number;
}

export interface TargetPlacement {
  /** 1-based position of the first match that is the target, or null when it is missing. */
  rank: number | null;
  score: number | null;
  /** The target scored 1 and nothing with a lower score ranks above it (ties with namesakes allowed). */
  exactTop: boolean;
}

const EXACT = 1 - 1e-9;

export function placeTarget(matches: readonly RankedMatch[], acceptable: ReadonlySet<string>): TargetPlacement {
  for (let i = 0; i < matches.length; i++) {
    if (!matches[i].entryKeys.some((key) => acceptable.has(key))) continue;
    const score = matches[i].score;
    const exactTop = score >= EXACT && matches.slice(0, i).every((above) => above.score >= EXACT);
    return { rank: i + 1, score, exactTop };
  }
  return { rank: null, score: null, exactTop: false };
}

export interface QueryOutcome {
  className: string;
  flagged: boolean;
  matchCount: number;
  placement: TargetPlacement | null;
}

export interface ClassSummary {
  className: string;
  queries: number;
  /** Share of queries whose target is among the matches (found classes only). */
  recall: number | null;
  /** Mean reciprocal rank of the target; 0 for a miss (found classes only). */
  mrr: number | null;
  /** Share of queries returned `clear`. */
  clearShare: number;
  /** Mean number of matches per query. */
  meanMatches: number;
  /** Exact classes: share where the target scored 1 and ranked first. */
  exactTopShare: number | null;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function summarizeClass(className: string, outcomes: readonly QueryOutcome[], exactClass = false): ClassSummary {
  const withTarget = outcomes.filter((outcome) => outcome.placement !== null);
  const hasTargets = withTarget.length > 0;
  return {
    className,
    queries: outcomes.length,
    recall: hasTargets ? mean(withTarget.map((outcome) => (outcome.placement!.rank !== null ? 1 : 0))) : null,
    mrr: hasTargets ? mean(withTarget.map((outcome) => (outcome.placement!.rank !== null ? 1 / outcome.placement!.rank : 0))) : null,
    clearShare: mean(outcomes.map((outcome) => (outcome.flagged ? 0 : 1))),
    meanMatches: mean(outcomes.map((outcome) => outcome.matchCount)),
    exactTopShare: exactClass && hasTargets ? mean(withTarget.map((outcome) => (outcome.placement!.exactTop ? 1 : 0))) : null,
  };
}

/** Pooled figures over several classes (every query weighs the same). */
export function pooledRecall(outcomes: readonly QueryOutcome[]): number {
  const withTarget = outcomes.filter((outcome) => outcome.placement !== null);
  return mean(withTarget.map((outcome) => (outcome.placement!.rank !== null ? 1 : 0)));
}

export { mean };
