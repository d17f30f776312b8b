import type { ScreeningResult } from '../../../matcher/types';
import { versionChange } from '../changes';
import { markFannedOut } from '../fanOuts';
import { screeningPipeline, type RescreenDeps } from '../screeningPipeline';
import { isStaleResult } from '../staleResults';
import { admit } from './admit';
import { screenCrossingGroups } from './crossing';
import { finishFanOut } from './finish';
import { startMatcherWait } from './matcherGate';
import { preCheck } from './preCheck';
import { onThisVersion, reach, reachScope } from './reach';
import { screenAffected } from './screenAffected';
import { FanOutProgress, nothingDone, type RescreenSummary } from './summary';

export type { RescreenReason, RescreenSummary } from './summary';

/**
 * A new list version: finds the monitored records one of the entries it added, removed or
 * changed can be a viable candidate for (by their blocking keys: `changeReach`), the records
 * whose last screening hit the candidate limit, and organizations as the change requires (for
 * the NPPES registry: every organization enrolled with an NPI). Of those it keeps the ones a
 * changed entry matches in its new or its old form, and those to which the change adds more
 * viable candidates than their last screening had room for under the limit; it adds the records
 * holding a key group the change switched on or off; and it screens them again against the
 * versions the matcher now holds. The reach and the pre-check need only the database and the
 * change, so they run while the matcher loads the version. A record no changed entry can be a
 * candidate for is not read. The outcome equals a full re-screen.
 *
 * The stages, in order (each a file beside this one): admit → scope the reach → (start the wait for
 * the matcher) → reach → pre-check → screen → crossing groups → finish.
 */
export async function rescreenForListVersion(deps: RescreenDeps, versionId: string): Promise<RescreenSummary> {
  const change = await versionChange(deps.pool, versionId);
  const started = Date.now();

  const admission = await admit(deps.pool, change);
  if (admission === 'nothingToScreen') await markFannedOut(deps.pool, versionId);
  if (admission !== 'screen') return nothingDone(change);

  const scope = await reachScope(deps.pool, change);
  const progress = new FanOutProgress(deps.progress);
  const matcher = startMatcherWait(deps, change, scope, () => progress.stillWaiting());
  try {
    const reached = await reach(deps.pool, change, scope);
    progress.reached(reached.length);
    const reachMs = Date.now() - started;

    const onVersion = onThisVersion(change, scope.superseded);
    const screening = screeningPipeline(deps, versionId, { isStale: (result: ScreeningResult) => isStaleResult(result, [onVersion]) });
    const affected = preCheck(deps.pool, change, scope, reached);
    const screened = await screenAffected(screening, affected, matcher, progress);

    const crossingStarted = Date.now();
    const crossing = await screenCrossingGroups(deps.pool, deps.matcher, screening, screened.measured, screened.taken);

    const crossingMs = Date.now() - crossingStarted;
    const { statusChanges, screenMs } = await finishFanOut(deps, versionId, screening);
    return {
      versionId,
      sourceKey: change.sourceKey,
      changedEntries: change.added + change.removed + change.changed,
      recordsRekeyed: scope.rekeyed,
      recordsReached: new Set([...reached, ...crossing.reached]).size,
      recordsRescreened: new Set([...screened.taken, ...crossing.rescreened]).size,
      statusChanges,
      keyGroups: { crossed: crossing.groups, exact: screened.measured.exact },
      rescreenedBecause: { ...screened.because, keyGroup: crossing.rescreened.length },
      timings: {
        reachMs,
        checkMs: screened.checkMs,
        readMs: screened.readMs,
        narrowMs: screened.narrowMs,
        matcherWaitMs: screened.matcherWaitMs,
        crossingMs,
        screenMs,
      },
    };
  } finally {
    matcher.stop();
  }
}
