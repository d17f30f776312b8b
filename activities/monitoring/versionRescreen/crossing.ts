import type { Pool } from 'pg';
import type { MatcherClient } from '../../../matcher/client';
import { recordsOfCrossingGroups, type KeyGroupsOnVersion } from './crossingGroups';
import { loadActiveRecords } from '../records';
import { REACHED_CHUNK } from './preCheck';
import type { RecordSink } from './screenAffected';

export interface CrossingScreened {
  /** Every record holding a crossed key group, taken before or not. */
  reached: Set<string>;
  /** Those screened again for their key groups alone (not taken by the pre-check), in the order handed over. */
  rescreened: string[];
  /** Key groups the change carried across their thresholds. */
  groups: number;
}

/**
 * Stage 6, crossing groups: subjects whose variants the change switched on or off through
 * entries it did not touch (a sound or OCR key shared by more than 40 spellings fetches none; a
 * word no name holds is no split half) are screened again whatever the changed entries score,
 * by the groups' sizes measured where the matcher serves the version. Holders of a crossed word
 * the crossing check read already are handed over as read; the rest are read here.
 */
export async function screenCrossingGroups(
  pool: Pool,
  matcher: Pick<MatcherClient, 'keyGroupSizes'>,
  screening: RecordSink,
  measured: KeyGroupsOnVersion,
  alreadyTaken: ReadonlySet<string>,
): Promise<CrossingScreened> {
  const crossing = await recordsOfCrossingGroups(pool, matcher, measured);
  const crossingOnly = [...crossing.records].filter((id) => !alreadyTaken.has(id)).sort();
  const alreadyRead = crossingOnly.flatMap((id) => crossing.read.get(id) ?? []);
  const rescreened = alreadyRead.map((r) => r.id);
  await screening.add(alreadyRead);
  const toRead = crossingOnly.filter((id) => !crossing.read.has(id));
  for (let i = 0; i < toRead.length; i += REACHED_CHUNK) {
    const records = await loadActiveRecords(pool, toRead.slice(i, i + REACHED_CHUNK));
    rescreened.push(...records.map((r) => r.id));
    await screening.add(records);
  }
  return { reached: crossing.records, rescreened, groups: crossing.groups };
}
