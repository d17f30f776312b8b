import type { Pool } from 'pg';
import {
  changedKeyGroups,
  groupsThatCross,
  keyGroupKey,
  splitReadingChanged,
  wordsSplitReadingNeeds,
  type ChangedKeyGroup,
  type WordPresence,
} from '../../../matcher/blockingKeys';
import type { KeyGroupSizes, MatcherClient } from '../../../matcher/client';
import { monitoringPending } from '../../lists';
import { untilMatcherServes, type MatcherWait } from '../matcherWait';
import type { VersionChange } from '../changes';
import { recordsHoldingKeys } from '../recordKeys';
import { loadActiveRecords, type StoredRecord } from '../records';

/** Holders of a crossed word read at a time. */
const HOLDERS_CHUNK = 2000;

/** The changed key groups' sizes in the lists the matcher holds once it serves the version. */
export interface KeyGroupsOnVersion {
  groups: ChangedKeyGroup[];
  sizes: number[];
  /** The versions the sizes were measured on. */
  versions: KeyGroupSizes['versions'];
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
  matcher: Pick<MatcherClient, 'keyGroupSizes' | 'versionsOfEachReplica'>,
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
    const polled = await untilMatcherServes(matcher, (versions) => held(versions) !== undefined, wait, {
      requestId,
      waitingFor: `the list version ${change.versionId}`,
    });
    // Replicas may differ: the sizes count only if their own answer holds the version too.
    const measured =
      groups.length === 0
        ? { sizes: [], versions: polled }
        : await matcher.keyGroupSizes(
            groups.map((g) => g.group),
            { requestId, timeoutMs: 60_000 },
          );
    const version = held(measured.versions);
    if (version !== undefined) {
      return {
        groups,
        sizes: measured.sizes,
        versions: measured.versions,
        exact: version === change.versionId && (await othersFannedOut(pool, change, measured.versions)),
      };
    }
  }
}

/**
 * The records a key group the change switched on or off for them through entries it did not touch
 * (a sound or OCR key carried across the 40-spelling limit, a word no listed name held before or
 * holds after) can screen differently for: exactly those groups when the sizes moved by this
 * change alone, every group the change touches when other versions moved them too. Of the
 * records holding a crossed word, only those whose words the index now reads differently
 * through it (matcher/blockingKeys.ts `splitReadingChanged`: JOHN ZEBKOWALSKI read as ZEB
 * KOWALSKI only while both are listed words) are taken.
 */
export async function recordsOfCrossingGroups(
  pool: Pool,
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  measured: KeyGroupsOnVersion,
): Promise<{ records: Set<string>; read: Map<string, StoredRecord>; groups: number }> {
  const crossed = groupsThatCross(measured.groups, measured.sizes, { exact: measured.exact });
  const words = measured.exact ? crossed.filter((g) => g.group.type === 'word') : [];
  const records = await recordsHoldingKeys(
    pool,
    crossed.filter((g) => !words.includes(g)).map((g) => keyGroupKey(g.group)),
  );
  // The holders of a crossed word read for the check, kept so that the caller need not read them again.
  const read = new Map<string, StoredRecord>();
  if (words.length > 0) {
    const holders = [
      ...(await recordsHoldingKeys(
        pool,
        words.map((g) => keyGroupKey(g.group)),
      )),
    ]
      .filter((id) => !records.has(id))
      .sort();
    for (const r of await readingsChanged(pool, matcher, measured, new Set(words.map((g) => g.group.key)), holders)) {
      records.add(r.id);
      read.set(r.id, r);
    }
  }
  return { records, read, groups: crossed.length };
}

/** Of `holders` (records holding a crossed word's part key), those whose words the index reads differently through the crossed words, as read. */
async function readingsChanged(
  pool: Pool,
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  measured: KeyGroupsOnVersion,
  crossed: ReadonlySet<string>,
  holders: readonly string[],
): Promise<StoredRecord[]> {
  const presence = new Map<string, WordPresence>();
  measured.groups.forEach((g, i) => {
    if (g.group.type === 'word') presence.set(g.group.key, { before: measured.sizes[i] - g.netNames > 0, after: measured.sizes[i] > 0 });
  });
  const changed: StoredRecord[] = [];
  for (let i = 0; i < holders.length; i += HOLDERS_CHUNK) {
    const records = await loadActiveRecords(pool, holders.slice(i, i + HOLDERS_CHUNK));
    // The other halves the change did not touch: in the vocabulary before as after, or in neither.
    const unknown = [...new Set(records.flatMap((r) => wordsSplitReadingNeeds(r.entity, crossed)))].filter((w) => !presence.has(w)).sort();
    if (unknown.length > 0) {
      const answer = await matcher.keyGroupSizes(
        unknown.map((key) => ({ kind: 'person' as const, type: 'word' as const, key })),
        { requestId: 'monitor:split-halves', timeoutMs: 60_000 },
      );
      // Sizes from other versions than the crossing was worked out on: every holder is taken.
      if (!sameVersions(answer.versions, measured.versions)) {
        changed.push(...records);
        for (let j = i + HOLDERS_CHUNK; j < holders.length; j += HOLDERS_CHUNK)
          changed.push(...(await loadActiveRecords(pool, holders.slice(j, j + HOLDERS_CHUNK))));
        return changed;
      }
      unknown.forEach((w, k) => presence.set(w, { before: answer.sizes[k] > 0, after: answer.sizes[k] > 0 }));
    }
    for (const r of records) if (splitReadingChanged(r.entity, crossed, (w) => presence.get(w)!)) changed.push(r);
  }
  return changed;
}

function sameVersions(a: KeyGroupSizes['versions'], b: KeyGroupSizes['versions']): boolean {
  const key = (vs: KeyGroupSizes['versions']) =>
    vs
      .map((v) => `${v.source}:${v.listVersionId}`)
      .sort()
      .join(',');
  return key(a) === key(b);
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
  return (await monitoringPending(pool, others)) === 0;
}
