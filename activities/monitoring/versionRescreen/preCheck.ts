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
 * viable candidates for it. A registry version changes the names organizations are searched
 * under: every one reached is screened again.
 */
export function affectedBecause(
  record: Pick<StoredRecord, 'entity' | 'recallCapped' | 'headroom'>,
  againstChange: AgainstChange | null,
  registry: boolean,
): { reason: Exclude<RescreenReason, 'keyGroup'> | null; viable: number } {
  const taken = (reason: Exclude<RescreenReason, 'keyGroup'>) => ({ reason, viable: 0 });
  if (!againstChange || registry) return taken('wholeChange');
  if (record.entity.type === 'organization') return taken('organization');
  if (record.recallCapped) return taken('capped');
  if (isSoloSubject(record.entity)) return taken('soloName');
  const screened = againstChange(record.entity);
  if (screened.matches) return taken('match');
  // More viable candidates than the record's fullest query name had room for: the limit may now
  // cap it, and which candidates a capped screening scores is the full index's choice.
  if (screened.viable > (record.headroom ?? 0)) return taken('headroom');
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
  /** Time spent waiting for this chunk's reading past the previous chunk's check, and taking the room of those left out. */
  readMs: number;
  narrowMs: number;
}

/**
 * Stage 4, pre-check: reads the reached records a chunk at a time (the next chunk is read while
 * this one is checked) and yields, chunk by chunk, those the change can screen differently. A
 * record left out is one the change gave viable candidates within its headroom: that much room
 * is taken from it (recordKeys.ts `narrowHeadroom`), and one whose room another fan-out took
 * meanwhile (a list published together with this one) is taken after all.
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
  let loading = load(0);
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
    const narrowing = Date.now();
    const roomGone = new Set(await narrowHeadroom(pool, narrowed));
    for (const record of roomGone.size > 0 ? chunk : []) if (roomGone.has(record.id)) taken.push({ record, reason: 'headroom' });
    const timed = { checkMs: narrowing - checking, readMs: checking - reading, narrowMs: Date.now() - narrowing };
    yield { taken, checked: Math.min(i + REACHED_CHUNK, reached.length), ...timed };
  }
}
