import type { Pool } from 'pg';
import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { changeReach, isSoloSubject, screenAgainstParties } from '../../matcher/blockingKeys';
import type { ScreeningResult } from '../../matcher/types';
import type { WebhookEventToEmit } from '../webhooks';
import { versionChange, type VersionChange } from './changes';
import { keyGroupsOnVersion, markFannedOut, recordsOfCrossingGroups } from './crossingGroups';
import { allActiveRecords, loadActiveRecords, narrowHeadroom, prepareKeyIndex, recordsReachedBy, type StoredRecord } from './records';
import { rekeyStaleRecords } from './rekey';
import { rescreenRecords, screeningPipeline, startPendingStatusChanges, type RescreenDeps } from './screening';

/** Records read and pre-checked at a time. */
const REACHED_CHUNK = 2000;
/** Affected records held while the matcher loads the version, at most: past that the pre-check waits for it too. */
const WAITING_RECORDS = 20_000;
/** How long the fan-out polls for the matcher to serve the version (one that holds the NPPES registry reloads for longer) before it fails, to be retried. */
const MATCHER_WAIT_MS = 5 * 60_000;
const MATCHER_POLL_MS = 200;
/**
 * Changed parties (new and old forms) past which a version is a large part of its list (a
 * source's first version, a bulk reload): every active record is screened again, since finding
 * and pre-checking the few it spares would cost about as much.
 */
const LARGE_CHANGE = 5_000;

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

/** Why a reached record is screened again. */
export type RescreenReason = 'wholeChange' | 'organization' | 'capped' | 'soloName' | 'match' | 'headroom' | 'keyGroup';
const noReasons = (): Record<RescreenReason, number> => ({
  wholeChange: 0,
  organization: 0,
  capped: 0,
  soloName: 0,
  match: 0,
  headroom: 0,
  keyGroup: 0,
});

/** Older versions of the source: a result still on one of them was screened before the change. */
async function supersededVersions(pool: Pool, change: VersionChange): Promise<Set<string>> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM list_versions WHERE source_key = $1 AND seq < (SELECT seq FROM list_versions WHERE id = $2)',
    [change.sourceKey, change.versionId],
  );
  return new Set(rows.map((r) => r.id));
}

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
 */
export async function rescreenForListVersion(deps: RescreenDeps, versionId: string): Promise<RescreenSummary> {
  const change = await versionChange(deps.pool, versionId);
  const started = Date.now();
  const nothingDone = (): RescreenSummary => ({
    versionId,
    sourceKey: change.sourceKey,
    changedEntries: change.added + change.removed + change.changed,
    recordsRekeyed: 0,
    recordsReached: 0,
    recordsRescreened: 0,
    statusChanges: 0,
    keyGroups: { crossed: 0, exact: true },
    rescreenedBecause: noReasons(),
    timings: { reachMs: 0, checkMs: 0, matcherWaitMs: 0, screenMs: 0 },
  });
  // Fanned out already (two starters raced; a run started again after the first completed).
  if (change.fannedOut) return nothingDone();
  if (!change.enabled && change.monitoringEnabled !== false) {
    // Switched off, but the records still stand on the list: this version is not in their
    // screenings yet, and marked done it would be left to the switch's re-screen alone. Wait (by
    // retrying) until the switch is applied (the next ingestion run or monitoring catch-up) or reverted.
    throw ApplicationFailure.retryable(
      `${change.sourceKey} is switched off but the monitored records still stand on it`,
      'ListSwitchPending',
    );
  }
  const anyRecord = await deps.pool.query('SELECT 1 FROM monitored_records WHERE removed_at IS NULL LIMIT 1');
  if (anyRecord.rowCount === 0 || !change.enabled) {
    // A list switched off (and applied) is in no screening: switching it back on screens every
    // record again on its current version (switches.ts).
    await markFannedOut(deps.pool, versionId);
    return nothingDone();
  }
  // Records keyed under older rules than the matcher screens with could be missed by the reach.
  const rekeyed = await rekeyStaleRecords(deps.pool);
  const parties = [...change.newParties, ...change.oldParties];
  const large = parties.length > LARGE_CHANGE;
  // Only a reach by keys probes the key index.
  if (!large && !change.registry) await prepareKeyIndex(deps.pool);
  const organizations = change.registry ? 'with_npi' : parties.some((p) => p.kind === 'organization') ? 'all' : 'none';
  const superseded = await supersededVersions(deps.pool, change);
  const isStale = (result: ScreeningResult): boolean => {
    const used = result.sources.find((s) => s.source === change.sourceKey);
    // The registry is named among the sources only when it was consulted.
    if (!used) return !change.registry;
    return superseded.has(used.listVersionId);
  };
  let checked = 0;
  let total = 0;
  // Subjects whose variants the change switched on or off through entries it did not touch (a
  // sound or OCR key shared by more than 40 spellings fetches none; a word no name holds is no
  // split half) are screened again whatever the changed entries score: the groups' sizes are
  // measured on the matcher once it serves the version.
  const stopPolling = new AbortController();
  const onVersion = keyGroupsOnVersion(deps.pool, deps.matcher, change, superseded, {
    withGroups: !change.registry && !large,
    wait: {
      timeoutMs: MATCHER_WAIT_MS,
      pollMs: MATCHER_POLL_MS,
      onWait: () => deps.progress?.(checked, total),
      signal: stopPolling.signal,
    },
  });
  let matcherServesVersion = false;
  let matcherWaitFailed = false;
  onVersion.then(
    () => (matcherServesVersion = true),
    () => (matcherWaitFailed = true),
  );
  try {
    return await fanOut();
  } finally {
    stopPolling.abort();
  }

  async function fanOut(): Promise<RescreenSummary> {
    const reached = large
      ? await allActiveRecords(deps.pool)
      : await recordsReachedBy(deps.pool, changeReach(parties), { organizations, capped: !change.registry });
    total = reached.length;
    const timings = { reachMs: Date.now() - started, checkMs: 0, matcherWaitMs: 0, screenMs: 0 };
    // The new and the old forms in one throwaway index: a match of either (the record may gain it,
    // or lose it) re-screens; the viable count of both bounds the new forms' from above.
    const againstChange = large
      ? null
      : screenAgainstParties([...change.newParties, ...change.oldParties.map((p) => ({ ...p, entryKey: `${p.entryKey}#old` }))]);
    const affectedBecause = (r: StoredRecord): { reason: RescreenReason | null; viable: number } => {
      const taken = (reason: RescreenReason) => ({ reason, viable: 0 });
      // A registry version changes the names organizations are searched under: every one reached is screened again.
      if (!againstChange || change.registry) return taken('wholeChange');
      if (r.entity.type === 'organization') return taken('organization');
      if (r.recallCapped) return taken('capped');
      if (isSoloSubject(r.entity)) return taken('soloName');
      const screened = againstChange(r.entity);
      if (screened.matches) return taken('match');
      // More viable candidates than the record's fullest query name had room for: the limit may now
      // cap it, and which candidates a capped screening scores is the full index's choice.
      if (screened.viable > (r.headroom ?? 0)) return taken('headroom');
      return { reason: null, viable: screened.viable };
    };
    const rescreenedBecause = noReasons();
    const taken = new Set<string>();
    const screening = screeningPipeline(deps, versionId, { isStale });
    const waitForMatcher = async () => {
      const from = Date.now();
      const measured = await onVersion;
      timings.matcherWaitMs += Date.now() - from;
      return measured;
    };
    // Affected records wait here while the matcher loads the version (at most WAITING_RECORDS).
    let waiting: StoredRecord[] = [];
    const load = (from: number) => {
      if (from >= reached.length) return null;
      const reading = loadActiveRecords(deps.pool, reached.slice(from, from + REACHED_CHUNK));
      reading.catch(() => undefined); // awaited below; if this chunk's screening throws first, its failure is not unhandled
      return reading;
    };
    let loading = load(0);
    for (let i = 0; i < reached.length; i += REACHED_CHUNK) {
      const chunk = (await loading)!;
      // The next chunk is read while this one is checked.
      loading = load(i + REACHED_CHUNK);
      const checking = Date.now();
      const narrowed: Array<{ id: string; viable: number }> = [];
      for (const r of chunk) {
        const { reason, viable } = affectedBecause(r);
        if (reason) {
          rescreenedBecause[reason]++;
          taken.add(r.id);
          waiting.push(r);
        } else if (viable > 0) narrowed.push({ id: r.id, viable });
      }
      timings.checkMs += Date.now() - checking;
      // Room another fan-out took meanwhile (a list published together with this one).
      const roomGone = new Set(await narrowHeadroom(deps.pool, narrowed));
      for (const r of roomGone.size > 0 ? chunk : []) {
        if (!roomGone.has(r.id)) continue;
        rescreenedBecause.headroom++;
        taken.add(r.id);
        waiting.push(r);
      }
      if (matcherServesVersion || matcherWaitFailed || waiting.length >= WAITING_RECORDS) {
        await waitForMatcher();
        await screening.add(waiting);
        waiting = [];
      }
      checked = Math.min(i + REACHED_CHUNK, reached.length);
      deps.progress?.(checked, total);
    }
    const crossing = await recordsOfCrossingGroups(deps.pool, deps.matcher, await waitForMatcher());
    await screening.add(waiting);
    const crossingOnly = [...crossing.records].filter((id) => !taken.has(id)).sort();
    // Holders of a crossed word the crossing check read already; the rest are read here.
    const alreadyRead = crossingOnly.flatMap((id) => crossing.read.get(id) ?? []);
    rescreenedBecause.keyGroup += alreadyRead.length;
    for (const r of alreadyRead) taken.add(r.id);
    await screening.add(alreadyRead);
    const toRead = crossingOnly.filter((id) => !crossing.read.has(id));
    for (let i = 0; i < toRead.length; i += REACHED_CHUNK) {
      const records = await loadActiveRecords(deps.pool, toRead.slice(i, i + REACHED_CHUNK));
      rescreenedBecause.keyGroup += records.length;
      for (const r of records) taken.add(r.id);
      await screening.add(records);
    }
    const { statusChanges, waitedMs } = await screening.drain();
    timings.screenMs = waitedMs;
    await startPendingStatusChanges(deps, versionId);
    await markFannedOut(deps.pool, versionId);
    return {
      versionId,
      sourceKey: change.sourceKey,
      changedEntries: change.added + change.removed + change.changed,
      recordsRekeyed: rekeyed,
      recordsReached: new Set([...reached, ...crossing.records]).size,
      recordsRescreened: taken.size,
      statusChanges,
      keyGroups: { crossed: crossing.groups, exact: (await onVersion).exact },
      rescreenedBecause,
      timings,
    };
  }
}

/**
 * The list_update event of a published version, for every organization with an endpoint for it;
 * null once the version's fan-out is done (a fan-out started again sends nothing, not even to an
 * endpoint created since).
 */
export async function listUpdateEvent(pool: Pool, versionId: string): Promise<WebhookEventToEmit | null> {
  const change = await versionChange(pool, versionId, false);
  if (change.fannedOut) return null;
  return {
    orgId: null,
    type: 'list_update',
    eventKey: `list:${versionId}`,
    data: {
      source: change.sourceKey,
      sourceName: change.sourceName,
      listVersionId: versionId,
      previousListVersionId: change.previousVersionId,
      retrievedAt: change.retrievedAt,
      added: change.added,
      removed: change.removed,
      changed: change.changed,
    },
  };
}

/**
 * A record screened on versions older than the current ones (a version published while it was
 * being enrolled, before its row was visible to that version's re-screen), or on other lists than
 * the enabled ones (enrolled while a switch was being applied), is screened again. The record's
 * workflow runs this when it starts.
 */
export async function catchUpRecord(deps: RescreenDeps, recordId: string): Promise<{ rescreened: boolean; statusChanged: boolean }> {
  const { rows } = await deps.pool.query<{ result: ScreeningResult }>(
    'SELECT result FROM monitored_records WHERE id = $1 AND removed_at IS NULL',
    [recordId],
  );
  if (!rows[0]) return { rescreened: false, statusChanged: false };
  const { rows: sources } = await deps.pool.query<{ key: string; kind: string; version_id: string | null; screened: boolean }>(
    'SELECT key, kind, current_version_id AS version_id, enabled AND current_version_id IS NOT NULL AS screened FROM list_sources ORDER BY key',
  );
  const current = sources.filter((s) => s.screened && s.kind !== 'registry');
  const lists = new Set(sources.filter((s) => s.kind !== 'registry').map((s) => s.key));
  // On the current version of every enabled list, and on no list switched off (a registry is cited only when consulted).
  const isStale = (result: ScreeningResult): boolean => {
    const cited = result.sources.filter((s) => lists.has(s.source));
    const got = new Map(cited.map((s) => [s.source, s.listVersionId]));
    return cited.length !== current.length || current.some((c) => got.get(c.key) !== c.version_id);
  };
  if (!isStale(rows[0].result)) return { rescreened: false, statusChanged: false };
  const versions = current.map((c) => c.version_id);
  const cause = `catch-up-${createHash('sha256').update(versions.join(',')).digest('hex').slice(0, 16)}`;
  const records = await loadActiveRecords(deps.pool, [recordId]);
  const changes = await rescreenRecords(deps, records, cause, { isStale });
  return { rescreened: records.length > 0, statusChanged: changes > 0 };
}
