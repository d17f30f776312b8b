import { createHash } from 'node:crypto';
import { listSwitchStates, markSwitchApplied, settleSwitchesOfListsWithoutVersion } from '../lists';
import type { KeyGroupSizes } from '../../matcher/client';
import { MATCHER_WAIT, untilMatcherServes } from './matcherWait';
import { allActiveRecords } from './records';
import { loadAndRescreenAll, type RescreenDeps } from './screeningPipeline';
import type { ListSwitchSummary } from '../../workflows/contracts';

export type { ListSwitchSummary };

/**
 * Lists switched on or off (LIST_SOURCES_DISABLED; a source's `enabled` against its
 * `monitoringEnabled`): every monitored record is screened again against the lists as they now
 * are, once the matcher serves exactly the enabled lists, and a status change is delivered as
 * for a list version. A list switched on brings all its entries, one switched off takes all its
 * matches away: a change of a whole list, which no diff describes. The ingestion workflow runs
 * this after every ingestion, and the monitoring catch-up every 5 minutes; it reads one row a
 * list when nothing was switched.
 */
export async function rescreenForListSwitches(deps: RescreenDeps): Promise<ListSwitchSummary> {
  await settleSwitchesOfListsWithoutVersion(deps.pool);
  const sources = await listSwitchStates(deps.pool);
  // Switched back before it was applied counts too: records may have been stored on the switched lists meanwhile.
  const switched = sources.filter((s) => s.currentVersionId !== null && s.pending);
  if (switched.length === 0) return { switched: [], recordsRescreened: 0, statusChanges: 0 };
  // One cause a switch: a retried attempt records each status change once, a later switch anew.
  const cause = `lists-switched-${createHash('sha256')
    .update(switched.map((s) => `${s.key}=${s.enabled}@${s.changedAt?.toISOString() ?? ''}`).join(','))
    .digest('hex')
    .slice(0, 16)}`;
  const served = sources.filter((s) => s.enabled && s.currentVersionId !== null);
  const servesTheseLists = (versions: KeyGroupSizes['versions']): boolean =>
    versions.length === served.length && served.every((s) => versions.some((v) => v.source === s.key));
  const ids = await allActiveRecords(deps.pool);
  await untilMatcherServes(
    deps.matcher,
    servesTheseLists,
    {
      ...MATCHER_WAIT,
      onWait: () => deps.progress?.(0, ids.length),
    },
    { requestId: `monitor:${cause}`, waitingFor: 'the lists as they are switched' },
  );
  // A result from a matcher not screening exactly the enabled lists (another replica, not reloaded
  // yet) is refused where every re-screen is stored (screeningPipeline.ts `refuseResultsOnOtherLists`).
  const { rescreened, statusChanges } = await loadAndRescreenAll(deps, ids, cause, {});
  // Switched again meanwhile: left for the next run.
  for (const s of switched) await markSwitchApplied(deps.pool, s);
  return { switched: switched.map((s) => ({ sourceKey: s.key, enabled: s.enabled })), recordsRescreened: rescreened, statusChanges };
}
