import { ApplicationFailure } from '@temporalio/common';
import type { Pool } from 'pg';
import { changedKeyGroups, groupsThatCross } from '../../matcher/blockingKeys';
import type { KeyGroupSizes, MatcherClient } from '../../matcher/client';
import type { VersionChange } from './changes';
import { recordsHoldingKeys } from './records';

export interface CrossingGroups {
  /** Active records holding one of the groups: screened again whatever the changed entries score. */
  records: Set<string>;
  /** How many groups were taken. */
  groups: number;
  /** The sizes before the change were worked out exactly (else every group the change touches was taken). */
  exact: boolean;
}

/**
 * The records holding a key group (a sound or OCR key, a word) that the change switched on or off
 * for them through entries it did not touch: a sound or OCR key carried across the 40-spelling
 * limit, a word no listed name held before or holds after (matcher/blockingKeys.ts
 * `changedKeyGroups`). The matcher gives the groups' sizes after the change; the sizes before
 * follow exactly from the change when nothing else moved them (`sizesOfThisChangeAlone`).
 */
export async function recordsOfCrossingGroups(
  pool: Pool,
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  change: VersionChange,
  superseded: ReadonlySet<string>,
): Promise<CrossingGroups> {
  const groups = changedKeyGroups(change);
  if (groups.length === 0) return { records: new Set(), groups: 0, exact: true };
  const measured = await matcher.keyGroupSizes(groups.map((g) => g.group), { requestId: `monitor:${change.versionId}:key-groups`, timeoutMs: 60_000 });
  const exact = await sizesOfThisChangeAlone(pool, change, measured.versions, superseded);
  const keys = groupsThatCross(groups, measured.sizes, { exact });
  return { records: await recordsHoldingKeys(pool, keys), groups: keys.length, exact };
}

/**
 * Whether sizes measured on `versions` differ from the sizes the monitored records were last
 * screened under by this change alone: the matcher holds this very version, and every version it
 * holds of the other lists, and the version before this one, has been fanned out already (so the
 * records stand on them). Another list's version published meanwhile, or a newer version of this
 * list, moved the sizes too. A matcher still on an older version is waited for, by retrying.
 */
async function sizesOfThisChangeAlone(
  pool: Pool,
  change: VersionChange,
  versions: KeyGroupSizes['versions'],
  superseded: ReadonlySet<string>,
): Promise<boolean> {
  const held = versions.find((v) => v.source === change.sourceKey)?.listVersionId;
  if (held === undefined || superseded.has(held)) {
    throw ApplicationFailure.retryable(`the matcher has not loaded the list version ${change.versionId} yet`, 'MatcherBehindListVersion');
  }
  if (held !== change.versionId) return false;
  const others = versions.filter((v) => v.source !== change.sourceKey).map((v) => v.listVersionId);
  if (change.previousVersionId) others.push(change.previousVersionId);
  // A registry version changes no listed name: it moves no key group.
  const { rows } = await pool.query<{ pending: number }>(
    `SELECT count(*)::int AS pending FROM list_versions v JOIN list_sources s ON s.key = v.source_key
      WHERE v.id = ANY($1::uuid[]) AND v.monitoring_applied_at IS NULL AND s.kind <> 'registry'`,
    [others],
  );
  return rows[0].pending === 0;
}

/** The version's fan-out is done: the monitored records stand on it (a later fan-out may then work out its key groups exactly). */
export async function markFannedOut(pool: Pool, versionId: string): Promise<void> {
  await pool.query('UPDATE list_versions SET monitoring_applied_at = coalesce(monitoring_applied_at, now()) WHERE id = $1', [versionId]);
}
