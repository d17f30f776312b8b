import type { Pool } from 'pg';
import { changeReach } from '../../../matcher/blockingKeys';
import type { ListedParty } from '../../../matcher/types';
import { olderVersionsOf } from '../../lists';
import type { VersionChange } from '../changes';
import { prepareKeyIndex, recordsReachedBy, type OrganizationsReached } from '../recordKeys';
import { allActiveRecords } from '../records';
import { rekeyStaleRecords } from '../rekey';
import type { SourceExpectation } from '../staleResults';

/**
 * Changed parties (new and old forms) past which a version is a large part of its list (a
 * source's first version, a bulk reload): every active record is screened again, since finding
 * and pre-checking the few it spares would cost about as much.
 */
export const LARGE_CHANGE = 5_000;

/** How a change reaches the records: worked out from the change alone. */
export interface ReachPlan {
  /** The changed parties, new forms then old. */
  parties: ListedParty[];
  /** Every active record is reached (LARGE_CHANGE). */
  large: boolean;
  /** Organizations reached whatever their keys: `with_npi` for a registry version, `all` when an organization entry changed. */
  organizations: OrganizationsReached;
  /** The reach probes the blocking-key index (neither large nor a registry version). */
  byKeys: boolean;
}

export function reachPlan(change: Pick<VersionChange, 'registry' | 'newParties' | 'oldParties'>): ReachPlan {
  const parties = [...change.newParties, ...change.oldParties];
  const large = parties.length > LARGE_CHANGE;
  const organizations = change.registry ? 'with_npi' : parties.some((p) => p.kind === 'organization') ? 'all' : 'none';
  return { parties, large, organizations, byKeys: !large && !change.registry };
}

/** What the reach found out before the records are read: the plan, the records re-keyed, and the source's versions this one supersedes. */
export interface ReachScope extends ReachPlan {
  rekeyed: number;
  /** Older versions of the source: a result still on one of them was screened before the change. */
  superseded: Set<string>;
}

/**
 * Stage 2a, scope the reach: records keyed under older rules than the matcher screens with could
 * be missed by the reach, so they are re-keyed first; only a reach by keys probes the key index.
 */
export async function reachScope(pool: Pool, change: VersionChange): Promise<ReachScope> {
  const rekeyed = await rekeyStaleRecords(pool);
  const plan = reachPlan(change);
  if (plan.byKeys) await prepareKeyIndex(pool);
  const superseded = await olderVersionsOf(pool, change.sourceKey, change.versionId);
  return { ...plan, rekeyed, superseded };
}

/** A screening on this version of the source (or a newer one): what the fan-out's results must show (staleResults.ts). */
export function onThisVersion(change: Pick<VersionChange, 'sourceKey' | 'registry'>, superseded: ReadonlySet<string>): SourceExpectation {
  return { source: change.sourceKey, screened: true, citedOnlyWhenConsulted: change.registry, acceptsVersion: (id) => !superseded.has(id) };
}

/** Stage 2b, reach: the ids of the active records the change can affect (recordKeys.ts `recordsReachedBy`), sorted. */
export async function reach(pool: Pool, change: Pick<VersionChange, 'registry'>, scope: ReachPlan): Promise<string[]> {
  return scope.large
    ? allActiveRecords(pool)
    : recordsReachedBy(pool, changeReach(scope.parties), { organizations: scope.organizations, capped: !change.registry });
}
