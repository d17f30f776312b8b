import { ApplicationFailure } from '@temporalio/common';
import type { Pool } from 'pg';
import { changedKeyGroups, groupsThatCross, type ChangedKeyGroup } from '../../matcher/blockingKeys';
import { MatcherUnavailableError, type KeyGroupSizes, type MatcherClient } from '../../matcher/client';
import type { VersionChange } from './changes';
import { recordsHoldingKeys } from './records';

/** The changed key groups' sizes in the lists the matcher holds once it serves the version. */
export interface KeyGroupsOnVersion {
  groups: ChangedKeyGroup[];
  sizes: number[];
  /** The sizes differ from those the monitored records stand on by this change alone (`sizesOfThisChangeAlone`). */
  exact: boolean;
}

export interface MatcherWait {
  timeoutMs: number;
  pollMs: number;
  /** Called between polls (the activity heartbeats). */
  onWait?: () => void;
  /** Stops the polling (the fan-out failed or ended meanwhile). */
  signal?: AbortSignal;
}

/**
 * Waits, polling, until the matcher serves this version of the source (or a newer one), and
 * measures there the key groups (sound and OCR keys, words: matcher/blockingKeys.ts
 * `changedKeyGroups`) the change touches; `withGroups` false measures none. The polls ask for no
 * group (the matcher is busy loading); a matcher that does not answer a poll (restarting) is
 * polled again. One still behind when the wait is over fails the activity as retryable.
 */
export async function keyGroupsOnVersion(
  pool: Pool,
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  change: VersionChange,
  superseded: ReadonlySet<string>,
  { withGroups, wait }: { withGroups: boolean; wait: MatcherWait },
): Promise<KeyGroupsOnVersion> {
  const groups = withGroups ? changedKeyGroups(change) : [];
  const opts = { requestId: `monitor:${change.versionId}:key-groups`, timeoutMs: 60_000 };
  const held = (versions: KeyGroupSizes['versions']): string | undefined => {
    const id = versions.find((v) => v.source === change.sourceKey)?.listVersionId;
    return id === undefined || superseded.has(id) ? undefined : id;
  };
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    if (wait.signal?.aborted) throw new Error('the fan-out no longer waits for the matcher');
    const polled = await matcher.keyGroupSizes([], opts).catch((err: unknown) => {
      if (err instanceof MatcherUnavailableError) return null;
      throw err;
    });
    if (polled && held(polled.versions) !== undefined) {
      // Replicas may differ: the sizes count only if their own answer holds the version too.
      const measured = groups.length === 0 ? polled : await matcher.keyGroupSizes(groups.map((g) => g.group), opts);
      const version = held(measured.versions);
      if (version !== undefined) {
        return { groups, sizes: measured.sizes, exact: version === change.versionId && (await othersFannedOut(pool, change, measured.versions)) };
      }
    }
    if (Date.now() > deadline) {
      throw ApplicationFailure.retryable(`the matcher has not loaded the list version ${change.versionId} yet`, 'MatcherBehindListVersion');
    }
    wait.onWait?.();
    await new Promise((resolve) => setTimeout(resolve, wait.pollMs));
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
 * holds of the other lists, and the version before this one, has been fanned out already, so the
 * records stand on them. Another list's version published meanwhile moved the sizes too.
 */
async function othersFannedOut(pool: Pool, change: VersionChange, versions: KeyGroupSizes['versions']): Promise<boolean> {
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
