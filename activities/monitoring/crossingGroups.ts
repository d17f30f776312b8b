import type { Pool } from 'pg';
import { changedKeyGroups, groupsThatCross, type ChangedKeyGroup } from '../../matcher/blockingKeys';
import type { KeyGroupSizes, MatcherClient } from '../../matcher/client';
import { untilMatcherServes, type MatcherWait } from './matcherWait';
import type { VersionChange } from './changes';
import { recordsHoldingKeys } from './records';

/** The changed key groups' sizes in the lists the matcher holds once it serves the version. */
export interface KeyGroupsOnVersion {
  groups: ChangedKeyGroup[];
  sizes: number[];
  /** The sizes differ from those the monitored records stand on by this change alone (`othersFannedOut`). */
  exact: boolean;
}

/**
 * Waits until the matcher serves this version of the source (or a newer one), and measures there
 * the key groups (sound and OCR keys, words: matcher/blockingKeys.ts `changedKeyGroups`) the
 * change touches; `withGroups` false measures none.
 */
export async function keyGroupsOnVersion(
  pool: Pool,
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  change: VersionChange,
  superseded: ReadonlySet<string>,
  { withGroups, wait }: { withGroups: boolean; wait: MatcherWait },
): Promise<KeyGroupsOnVersion> {
  const groups = withGroups ? changedKeyGroups(change) : [];
  const requestId = `monitor:${change.versionId}:key-groups`;
  const held = (versions: KeyGroupSizes['versions']): string | undefined => {
    const id = versions.find((v) => v.source === change.sourceKey)?.listVersionId;
    return id === undefined || superseded.has(id) ? undefined : id;
  };
  for (;;) {
    const polled = await untilMatcherServes(matcher, (versions) => held(versions) !== undefined, wait, { requestId, waitingFor: `the list version ${change.versionId}` });
    // Replicas may differ: the sizes count only if their own answer holds the version too.
    const measured = groups.length === 0 ? { sizes: [], versions: polled } : await matcher.keyGroupSizes(groups.map((g) => g.group), { requestId, timeoutMs: 60_000 });
    const version = held(measured.versions);
    if (version !== undefined) {
      return { groups, sizes: measured.sizes, exact: version === change.versionId && (await othersFannedOut(pool, change, measured.versions)) };
    }
  }
}

/**
 * The records holding a key group the change switched on or off for them through entries it did
 * not touch: a sound or OCR key carried across the 40-spelling limit, a word no listed name held
 * before or holds after. Exactly those groups when the sizes moved by this change alone; every
 * group the change touches when other versions moved them too.
 */
export async function recordsOfCrossingGroups(pool: Pool, measured: KeyGroupsOnVersion): Promise<{ records: Set<string>; groups: number }> {
  const keys = groupsThatCross(measured.groups, measured.sizes, { exact: measured.exact });
  return { records: await recordsHoldingKeys(pool, keys), groups: keys.length };
}

/**
 * Whether sizes measured on `versions` (which hold this very version) differ from the sizes the
 * monitored records were last screened under by this change alone: every version the matcher
 * holds of the other lists, and the version before this one, has been fanned out already, and no
 * list was switched on or off since the records were last screened for it (switches.ts), so the
 * records stand on those lists. Another list's version published meanwhile moved the sizes too.
 */
async function othersFannedOut(pool: Pool, change: VersionChange, versions: KeyGroupSizes['versions']): Promise<boolean> {
  const others = versions.filter((v) => v.source !== change.sourceKey).map((v) => v.listVersionId);
  if (change.previousVersionId) others.push(change.previousVersionId);
  // A registry version changes no listed name: it moves no key group.
  const { rows } = await pool.query<{ pending: number }>(
    `SELECT (SELECT count(*)::int FROM list_versions v JOIN list_sources s ON s.key = v.source_key
              WHERE v.id = ANY($1::uuid[]) AND v.monitoring_applied_at IS NULL AND s.kind <> 'registry')
          + (SELECT count(*)::int FROM list_sources WHERE monitoring_enabled IS DISTINCT FROM enabled AND current_version_id IS NOT NULL) AS pending`,
    [others],
  );
  return rows[0].pending === 0;
}

/** The version's fan-out is done: the monitored records stand on it (a later fan-out may then work out its key groups exactly). */
export async function markFannedOut(pool: Pool, versionId: string): Promise<void> {
  await pool.query('UPDATE list_versions SET monitoring_applied_at = coalesce(monitoring_applied_at, now()) WHERE id = $1', [versionId]);
}
