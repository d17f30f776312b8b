import { ApplicationFailure } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import type { Pool, PoolClient } from 'pg';
import { entityBytes, MATCH_MANY_CHUNK_BYTES, type MatcherClient, type MatcherRequestError } from '../../matcher/client';
import { isolateRefusals } from '../matcherRefusals';
import type { ScreeningResult } from '../../matcher/types';
import type { Logger } from '../../infra/base/log';
import { inTransaction } from '../../infra/base/db/transaction';
import { recordEventsDeliveries, startDeliveryWorkflows, type DeliveryRef, type WebhookEventToEmit } from '../webhooks';
import { listScreeningStates } from '../lists';
import { holdOrganizationStates, loadActiveRecords, markAnnounced, saveRescreenings, type StoredRecord } from './records';
import { isStaleResult, listsAsScreened } from './staleResults';
import { matchChangeKind, type MatchChangeListener } from './matchChanges';

/** Records per matcher call and per commit, at most; fewer when their subjects' bytes reach MATCH_MANY_CHUNK_BYTES. */
export const RESCREEN_CHUNK = 250;
/**
 * Batches being screened or stored at once: one per matcher replica (each screens one) and one
 * more, that the worker stores while they screen.
 */
export function screeningsInFlight(matcher: Pick<MatcherClient, 'replicas'>): number {
  return (matcher.replicas ?? 1) + 1;
}

export interface RescreenDeps {
  pool: Pool;
  matcher: Pick<MatcherClient, 'matchManyWithHeadroom' | 'keyGroupSizes' | 'agreedRulesVersion' | 'versionsOfEachReplica' | 'replicas'>;
  temporal: Client;
  taskQueue: string;
  env?: NodeJS.ProcessEnv;
  /** Called between chunks (the activity heartbeats). */
  progress?: (done: number, total: number) => void;
  /** Where a record the matcher refuses is reported (by id) as it is skipped. */
  log?: Pick<Logger, 'warn'>;
  /** Told of every match that appeared, changed or is gone, in the transaction that stores it (the reviews of potential matches). */
  matchChanges?: MatchChangeListener;
}

export interface RescreenOptions {
  /** Refuses results from a matcher that has not loaded the version yet. */
  isStale?: (result: ScreeningResult) => boolean;
  /** Refuses results from a matcher screening with other matching rules (replicas during a rolling release). */
  rulesVersion?: number;
  /** Told of each record the matcher refuses, as it is skipped. */
  onSkipped?: (recordId: string) => void;
}

/**
 * The event a status change sends. It is recorded in the transaction that stores the status, so a
 * retried re-screen, finding the status stored, records none; its key names the screening it
 * replaces too, so that two changes of one record under one cause (a record changed back by
 * another re-screen meanwhile) are two events, not one.
 */
function statusChangeEvent(
  orgId: string,
  previousStatus: string,
  previousCheckedAt: string,
  recordId: string,
  result: ScreeningResult,
  cause: string,
): WebhookEventToEmit {
  return {
    orgId,
    type: 'match_status_change',
    eventKey: `record:${recordId}:${cause}:${previousCheckedAt}`,
    monitoredRecordId: recordId,
    data: {
      recordId,
      previousStatus,
      status: result.status,
      matches: result.matches,
      sources: result.sources,
      checkedAt: result.checkedAt,
    },
  };
}

/**
 * Screens records with the matcher and stores the outcomes; a status change records a
 * match_status_change delivery for the record's organization in the same transaction (so a
 * retry, seeing the status already stored, cannot lose it), and its workflow starts after commit.
 * `isStale` refuses results from a matcher that has not loaded the version yet. A record the
 * matcher refuses is skipped, the rest screened (`isolateRefusals`).
 */
export async function rescreenRecords(
  deps: RescreenDeps,
  records: readonly StoredRecord[],
  cause: string,
  options: RescreenOptions = {},
): Promise<number> {
  if (records.length === 0) return 0;
  const { answered } = await isolateRefusals(
    records,
    (part) => screenAndStore(deps, part, cause, options),
    (record, err) => skipRefusedRecord(deps, record, cause, options, err),
  );
  return answered.reduce((changes, part) => changes + part.outcome, 0);
}

/** One matcher call for the records and their outcomes stored; returns the status changes. */
async function screenAndStore(
  deps: RescreenDeps,
  records: readonly StoredRecord[],
  cause: string,
  options: RescreenOptions,
): Promise<number> {
  const screened = await deps.matcher.matchManyWithHeadroom(
    records.map((r) => r.entity),
    { requestId: `monitor:${cause}`, timeoutMs: 60_000 },
  );
  const { results, headroom, rulesVersion, entryKeys } = screened;
  if (options.isStale && results.some(options.isStale)) {
    throw ApplicationFailure.retryable(`the matcher has not loaded the list version of ${cause} yet`, 'MatcherBehindListVersion');
  }
  if (options.rulesVersion !== undefined && rulesVersion !== options.rulesVersion) {
    throw ApplicationFailure.retryable(`a matcher with rules version ${rulesVersion} answered ${cause}`, 'MatcherOtherRulesVersion');
  }
  const rescreened = records.map((record, i) => ({ id: record.id, result: results[i], headroom: headroom[i], rulesVersion }));
  let refs: DeliveryRef[] = [];
  let changes = 0;
  await inTransaction(deps.pool, async (client) => {
    await refuseResultsOnOtherLists(client, results, cause);
    const saved = await saveRescreenings(client, rescreened);
    if (deps.matchChanges) {
      const entities = new Map(records.map((r, i) => [r.id, { entity: r.entity, entryKeys: entryKeys?.[i] ?? null }]));
      const matchChanges = saved.flatMap((row) => {
        const kind = matchChangeKind(row.previousMatches, row.result.matches);
        return kind ? [{ kind, orgId: row.orgId, recordId: row.id, matches: row.result.matches, ...entities.get(row.id)! }] : [];
      });
      if (matchChanges.length > 0) refs = refs.concat(await recordEventsDeliveries(client, await deps.matchChanges(client, matchChanges)));
    }
    // A change is against the status last announced: one stored while its organization was read-only (its event not recorded) is announced now.
    const changed = saved.filter((row) => row.announcedStatus !== row.result.status);
    await holdOrganizationStates(
      client,
      changed.map((row) => row.orgId),
    );
    changes = changed.length;
    refs = refs.concat(
      await recordEventsDeliveries(
        client,
        changed.map((row) => statusChangeEvent(row.orgId, row.announcedStatus, row.previousCheckedAt, row.id, row.result, cause)),
      ),
    );
    await markAnnounced(
      client,
      changed.map((row) => row.id),
    );
  });
  await startDeliveryWorkflows(deps.temporal, deps.taskQueue, refs, { env: deps.env, db: deps.pool });
  return changes;
}

/**
 * A record the matcher refuses on its own is skipped, reported by id, never by name: the subject
 * is personal data. The rest of its chunk is screened (`isolateRefusals`).
 */
function skipRefusedRecord(
  deps: RescreenDeps,
  record: StoredRecord,
  cause: string,
  options: RescreenOptions,
  err: MatcherRequestError,
): void {
  deps.log?.warn(
    { recordId: record.id, cause, matcherStatus: err.statusCode },
    'monitored record refused by the matcher; skipped by this re-screen',
  );
  options.onSkipped?.(record.id);
}

/**
 * A result screened on other lists than the enabled ones (a list switched on or off while it was
 * screened, or a matcher not reloaded since) must not be stored: the re-screen that applies the
 * switch may have stored its result already, and this one would undo it. The catalog rows are
 * held (FOR SHARE) until the results are committed, so a switch lands after them, and the switch's
 * own re-screen, which screens every record, comes later still.
 */
async function refuseResultsOnOtherLists(client: PoolClient, results: readonly ScreeningResult[], cause: string): Promise<void> {
  const expected = listsAsScreened(await listScreeningStates(client, { forShare: true }), { onCurrentVersion: false });
  if (results.some((result) => isStaleResult(result, expected))) {
    throw ApplicationFailure.retryable(
      `a re-screen of ${cause} was screened on other lists than the enabled ones`,
      'ListsSwitchedMeanwhile',
    );
  }
}

/**
 * A re-screen that skipped more records than this (the larger of a count and a share of what it
 * screened) is not taken as done: so many refusals say more about the matcher than the records.
 */
export const SKIPPED_RECORDS_TOLERATED = { count: 10, share: 0.01 };

function tooManySkipped(skipped: number, screened: number): boolean {
  return skipped > Math.max(SKIPPED_RECORDS_TOLERATED.count, SKIPPED_RECORDS_TOLERATED.share * screened);
}

/**
 * Screens and stores batches of records, with at most `screeningsInFlight` under way: the matcher
 * replicas screen a batch each while the worker stores another or pre-checks the next records. Its drain
 * fails as retryable when too many of the records were refused by the matcher and skipped, so that
 * what the re-screen completes (a version fanned out, a list switch or matching rules applied, an
 * organization caught up) is not marked done on their account; what it stored stays stored.
 */
export function screeningPipeline(deps: RescreenDeps, cause: string, options: RescreenOptions) {
  const inFlight: Array<Promise<number>> = [];
  const inFlightMost = screeningsInFlight(deps.matcher);
  const buffer: StoredRecord[] = [];
  let bufferedBytes = 0;
  let statusChanges = 0;
  let waitedMs = 0;
  let screened = 0;
  let skipped = 0;
  const counted: RescreenOptions = {
    ...options,
    onSkipped: (id) => {
      skipped++;
      options.onSkipped?.(id);
    },
  };
  const timed = async <T>(work: Promise<T>): Promise<T> => {
    const from = Date.now();
    try {
      return await work;
    } finally {
      waitedMs += Date.now() - from;
    }
  };
  /** The next batch's status changes; on a failure, the other batches are let finish first (their writes are whole). */
  const next = async (): Promise<number> => {
    try {
      return await timed(inFlight.shift()!);
    } catch (err) {
      await Promise.allSettled(inFlight.splice(0));
      throw err;
    }
  };
  const dispatch = async (batch: StoredRecord[]): Promise<void> => {
    if (inFlight.length >= inFlightMost) statusChanges += await next();
    screened += batch.length;
    const screening = rescreenRecords(deps, batch, cause, counted);
    screening.catch(() => undefined); // awaited in turn by `next`; a failure before then is not unhandled
    inFlight.push(screening);
  };
  const dispatchBuffer = (): Promise<void> => {
    bufferedBytes = 0;
    return dispatch(buffer.splice(0));
  };
  return {
    async add(records: readonly StoredRecord[]): Promise<void> {
      for (const r of records) {
        const bytes = entityBytes(r.entity);
        if (buffer.length > 0 && bufferedBytes + bytes > MATCH_MANY_CHUNK_BYTES) await dispatchBuffer();
        buffer.push(r);
        bufferedBytes += bytes;
        if (buffer.length >= RESCREEN_CHUNK) await dispatchBuffer();
      }
    },
    /** Screens what is left and waits for every batch; the status changes recorded, and the time spent waiting on screenings. */
    async drain(): Promise<{ statusChanges: number; waitedMs: number }> {
      if (buffer.length > 0) await dispatchBuffer();
      while (inFlight.length > 0) statusChanges += await next();
      if (tooManySkipped(skipped, screened)) {
        throw ApplicationFailure.retryable(
          `the matcher refused ${skipped} of the ${screened} records ${cause} screened again; not taken as done`,
          'TooManyRecordsRefused',
        );
      }
      return { statusChanges, waitedMs };
    },
  };
}

/** Records read at a time by `loadAndRescreenAll`. */
const READ_CHUNK = 2000;

/**
 * Screens these records again, read a chunk at a time, and delivers their status changes: a
 * change no list diff describes (a list switched on or off, new matching rules). Returns how many
 * were screened and how many changed status.
 */
export async function loadAndRescreenAll(
  deps: RescreenDeps,
  ids: readonly string[],
  cause: string,
  options: RescreenOptions,
): Promise<{ rescreened: number; statusChanges: number }> {
  const screening = screeningPipeline(deps, cause, options);
  let rescreened = 0;
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const records = await loadActiveRecords(deps.pool, ids.slice(i, i + READ_CHUNK));
    await screening.add(records);
    rescreened += records.length;
    deps.progress?.(Math.min(i + READ_CHUNK, ids.length), ids.length);
  }
  const { statusChanges } = await screening.drain();
  await startPendingStatusChanges(deps, cause);
  return { rescreened, statusChanges };
}

/** Starts the status-change deliveries an earlier, crashed attempt of `cause` recorded but did not start. */
export async function startPendingStatusChanges(deps: RescreenDeps, cause: string): Promise<void> {
  const pending = await deps.pool.query<{ id: string; org_id: string }>(
    `SELECT id, org_id FROM webhook_deliveries
      WHERE status = 'pending' AND event_type = 'match_status_change' AND event_key LIKE $1 AND replay_of IS NULL`,
    [`record:%:${cause}:%`],
  );
  await startDeliveryWorkflows(
    deps.temporal,
    deps.taskQueue,
    pending.rows.map((r) => ({ id: r.id, orgId: r.org_id, eventType: 'match_status_change' })),
    { env: deps.env, db: deps.pool },
  );
}
