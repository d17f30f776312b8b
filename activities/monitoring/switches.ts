import { createHash } from 'node:crypto';
import type { KeyGroupSizes } from '../../matcher/client';
import { untilMatcherServes } from './matcherWait';
import { allActiveRecords } from './records';
import { rescreenRecordIds, type RescreenDeps } from './screening';

/** How long to poll for the matcher to serve the lists as they are switched (it reloads on the switch's NOTIFY). */
const MATCHER_WAIT_MS = 5 * 60_000;
const MATCHER_POLL_MS = 200;

export interface ListSwitchSummary {
  /** The lists switched on or off since the monitored records were last screened for them. */
  switched: Array<{ sourceKey: string; enabled: boolean }>;
  recordsRescreened: number;
  statusChanges: number;
}

interface SourceRow {
  key: string;
  enabled: boolean;
  current: string | null;
  changed_at: Date | null;
  pending: boolean;
  /** `enabled_changed_at` to the microsecond, as the database holds it (a Date keeps milliseconds). */
  changed_at_exact: string | null;
}

/** The SQL of a switch the records were not screened again for yet (also one switched back meanwhile). */
export const SWITCH_PENDING_SQL =
  '(monitoring_enabled IS DISTINCT FROM enabled OR monitoring_switched_at IS DISTINCT FROM enabled_changed_at)';

/**
 * Lists switched on or off (LIST_SOURCES_DISABLED; list_sources.enabled against
 * monitoring_enabled): every monitored record is screened again against the lists as they now
 * are, once the matcher serves exactly the enabled lists, and a status change is delivered as
 * for a list version. A list switched on brings all its entries, one switched off takes all its
 * matches away: a change of a whole list, which no diff describes. The ingestion workflow runs
 * this after every ingestion, and the monitoring catch-up every 5 minutes; it reads one row a
 * list when nothing was switched.
 */
export async function rescreenForListSwitches(deps: RescreenDeps): Promise<ListSwitchSummary> {
  // A list without a version holds nothing to apply.
  await deps.pool.query(`UPDATE list_sources SET monitoring_enabled = enabled, monitoring_switched_at = enabled_changed_at
                          WHERE current_version_id IS NULL AND ${SWITCH_PENDING_SQL}`);
  const { rows: sources } = await deps.pool.query<SourceRow>(
    `SELECT key, enabled, current_version_id AS current, enabled_changed_at AS changed_at, enabled_changed_at::text AS changed_at_exact,
            ${SWITCH_PENDING_SQL} AS pending
       FROM list_sources ORDER BY key`,
  );
  // Switched back before it was applied counts too: records may have been stored on the switched lists meanwhile.
  const switched = sources.filter((s) => s.current !== null && s.pending);
  if (switched.length === 0) return { switched: [], recordsRescreened: 0, statusChanges: 0 };
  // One cause a switch: a retried attempt records each status change once, a later switch anew.
  const cause = `lists-switched-${createHash('sha256')
    .update(switched.map((s) => `${s.key}=${s.enabled}@${s.changed_at?.toISOString() ?? ''}`).join(','))
    .digest('hex')
    .slice(0, 16)}`;
  const served = sources.filter((s) => s.enabled && s.current !== null);
  const servesTheseLists = (versions: KeyGroupSizes['versions']): boolean =>
    versions.length === served.length && served.every((s) => versions.some((v) => v.source === s.key));
  const ids = await allActiveRecords(deps.pool);
  await untilMatcherServes(
    deps.matcher,
    servesTheseLists,
    {
      timeoutMs: MATCHER_WAIT_MS,
      pollMs: MATCHER_POLL_MS,
      onWait: () => deps.progress?.(0, ids.length),
    },
    { requestId: `monitor:${cause}`, waitingFor: 'the lists as they are switched' },
  );
  // A result from a matcher not screening exactly the enabled lists (another replica, not reloaded
  // yet) is refused where every re-screen is stored (screening.ts `refuseResultsOnOtherLists`).
  const { rescreened, statusChanges } = await rescreenRecordIds(deps, ids, cause, {});
  // Switched again meanwhile: left for the next run.
  for (const s of switched) {
    await deps.pool.query(
      `UPDATE list_sources SET monitoring_enabled = enabled, monitoring_switched_at = enabled_changed_at
        WHERE key = $1 AND enabled = $2 AND enabled_changed_at IS NOT DISTINCT FROM $3::timestamptz`,
      [s.key, s.enabled, s.changed_at_exact],
    );
  }
  return { switched: switched.map((s) => ({ sourceKey: s.key, enabled: s.enabled })), recordsRescreened: rescreened, statusChanges };
}
