import type { Pool } from 'pg';
import { isSoloSubject, screenAgainstParties, type ScreenedAgainstParties } from '../../../matcher/blockingKeys';
import type { Entity } from '../../../matcher/types';
import type { VersionChange } from '../changes';
import { narrowHeadroom } from '../recordKeys';
import { loadActiveRecords, type StoredRecord } from '../records';
import type { ReachPlan } from './reach';
import type { RescreenReason } from './summary';

/** Records read and pre-checked at a time. */
export const REACHED_CHUNK = 2000;

/** Screens a subject against the changed entries alone: whether one matches, and how many are viable candidates for it. */
export type AgainstChange = (entity: Entity) => Pick<ScreenedAgainstParties, 'matches' | 'viable'>;

/**
 * The new and the old forms in one throwaway index: a match of either (the record may gain it, or
 * lose it) re-screens; the viable count of both bounds the new forms' from above. None for a
 * large change: every record reached is screened again.
 */
export function indexOfChange(
  change: Pick<VersionChange, 'newParties' | 'oldParties'>,
  plan: Pick<ReachPlan, 'large'>,
): AgainstChange | null {
  if (plan.large) return null;
  return screenAgainstParties([...change.newParties, ...change.oldParties.map((p) => ({ ...p, entryKey: `${p.entryKey}#old` }))]);
}

/**
 * Why a reached record is screened again, or (no reason) how many of the changed entries are
 * viable candidates for it: whether they fit its headroom is checked where that room is taken
 * (recordKeys.ts `narrowHeadroom`, in one statement), so the record's headroom is not read here.
 * A registry version changes the names organizations are searched under: every one reached is
 * screened again.
 */
export function affectedBecause(
  record: Pick<StoredRecord, 'entity' | 'recallCapped'>,
  againstChange: AgainstChange | null,
  registry: boolean,
): { reason: Exclude<RescreenReason, 'keyGroup' | 'headroom'> | null; viable: number } {
  const taken = (reason: Exclude<RescreenReason, 'keyGroup' | 'headroom'>) => ({ reason, viable: 0 });
  if (!againstChange || registry) return taken('wholeChange');
  if (record.entity.type === 'organization') return taken('organization');
  if (record.recallCapped) return taken('capped');
  if (isSoloSubject(record.entity)) return taken('soloName');
  const screened = againstChange(record.entity);
  if (screened.matches) return taken('match');
  return { reason: null, viable: screened.viable };
}

/** One chunk of reached records, pre-checked. */
export interface PreCheckedChunk {
  /** The records to screen again, each with its reason, in the order taken. */
  taken: Array<{ record: StoredRecord; reason: Exclude<RescreenReason, 'keyGroup'> }>;
  /** Reached records pre-checked so far, this chunk included. */
  checked: number;
  /** Time spent checking this chunk (its reading overlaps the previous chunk's). */
  checkMs: number;
  /** Time spent waiting for this chunk's reading past the previous chunk's check. */
  readMs: number;
  /** Time spent waiting for the previous chunk's room to be taken past this chunk's check. */
  narrowMs: number;
}

/** Takes the room of a chunk's records left out; resolves with those whose room another fan-out took meanwhile. */
function takeRoom(pool: Pool, chunk: readonly StoredRecord[], narrowed: ReadonlyArray<{ id: string; viable: number }>) {
  const taking = narrowHeadroom(pool, narrowed).then((ids) => {
    const roomGone = new Set(ids);
    return roomGone.size === 0 ? [] : chunk.filter((record) => roomGone.has(record.id));
  });
  taking.catch(() => undefined); // awaited by the next chunk; if its check throws first, this failure is not unhandled
  return taking;
}

/**
 * Stage 4, pre-check: reads the reached records a chunk at a time and yields, chunk by chunk,
 * those the change can screen differently. A record no changed entry matches but that it gave
 * viable candidates has that much room taken from its headroom (recordKeys.ts `narrowHeadroom`);
 * one they do not fit (more than its headroom, or another fan-out took the room meanwhile: a list
 * published together with this one) is taken for its headroom, with the next chunk: the limit
 * may now cap it, and which candidates a capped screening scores is the full index's choice.
 * The database reads the next chunk and takes the previous chunk's room while this one is checked.
 */
export async function* preCheck(
  pool: Pool,
  change: Pick<VersionChange, 'registry' | 'newParties' | 'oldParties'>,
  plan: Pick<ReachPlan, 'large'>,
  reached: readonly string[],
): AsyncGenerator<PreCheckedChunk> {
  const againstChange = indexOfChange(change, plan);
  const load = (from: number) => {
    if (from >= reached.length) return null;
    const reading = loadActiveRecords(pool, reached.slice(from, from + REACHED_CHUNK));
    reading.catch(() => undefined); // awaited below; if this chunk's screening throws first, its failure is not unhandled
    return reading;
  };
  const roomGoneOf = async (taking: Promise<StoredRecord[]> | null) => {
    const waited = Date.now();
    const records = taking ? await taking : [];
    return { taken: records.map((record) => ({ record, reason: 'headroom' as const })), narrowMs: Date.now() - waited };
  };
  let loading = load(0);
  let taking: Promise<StoredRecord[]> | null = null;
  for (let i = 0; i < reached.length; i += REACHED_CHUNK) {
    const reading = Date.now();
    const chunk = (await loading)!;
    loading = load(i + REACHED_CHUNK);
    const checking = Date.now();
    const taken: PreCheckedChunk['taken'] = [];
    const narrowed: Array<{ id: string; viable: number }> = [];
    for (const record of chunk) {
      const { reason, viable } = affectedBecause(record, againstChange, change.registry);
      if (reason) taken.push({ record, reason });
      else if (viable > 0) narrowed.push({ id: record.id, viable });
    }
    const checkMs = Date.now() - checking;
    const previous = await roomGoneOf(taking);
    taking = takeRoom(pool, chunk, narrowed);
    yield {
      taken: [...taken, ...previous.taken],
      checked: Math.min(i + REACHED_CHUNK, reached.length),
      checkMs,
      readMs: checking - reading,
      narrowMs: previous.narrowMs,
    };
  }
  const last = await roomGoneOf(taking);
  if (taking) yield { taken: last.taken, checked: reached.length, checkMs: 0, readMs: 0, narrowMs: last.narrowMs };
}
