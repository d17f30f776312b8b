import type { StoredRecord } from '../records';
import type { KeyGroupsOnVersion } from './crossingGroups';
import type { MatcherGate } from './matcherGate';
import type { PreCheckedChunk } from './preCheck';
import { noReasons, type FanOutProgress, type RescreenReason } from './summary';

/** Affected records held while the matcher loads the version, at most: past that the pre-check waits for it too. */
export const WAITING_RECORDS = 20_000;

/** Where records to screen again go (screeningPipeline.ts). */
export interface RecordSink {
  add(records: readonly StoredRecord[]): Promise<void>;
}

export interface ScreenedAffected {
  /** The records handed to the matcher again. */
  taken: Set<string>;
  because: Record<RescreenReason, number>;
  /** The key groups measured where the matcher serves the version. */
  measured: KeyGroupsOnVersion;
  checkMs: number;
  readMs: number;
  narrowMs: number;
  matcherWaitMs: number;
}

/**
 * Stage 5, screen: hands the pre-checked records to the screening, holding them while the
 * matcher does not serve the version yet (at most WAITING_RECORDS; the pre-check then waits for
 * it too). Records screened before the matcher serves the version would be refused as stale.
 */
export async function screenAffected(
  screening: RecordSink,
  chunks: AsyncIterable<PreCheckedChunk>,
  gate: Pick<MatcherGate, 'ended' | 'served'>,
  progress: Pick<FanOutProgress, 'checkedUpTo'>,
): Promise<ScreenedAffected> {
  const taken = new Set<string>();
  const because = noReasons();
  let checkMs = 0;
  let readMs = 0;
  let narrowMs = 0;
  let matcherWaitMs = 0;
  let waiting: StoredRecord[] = [];
  const release = async () => {
    const { measured, waitedMs } = await gate.served();
    matcherWaitMs += waitedMs;
    await screening.add(waiting);
    waiting = [];
    return measured;
  };
  for await (const chunk of chunks) {
    for (const { record, reason } of chunk.taken) {
      because[reason]++;
      taken.add(record.id);
      waiting.push(record);
    }
    checkMs += chunk.checkMs;
    readMs += chunk.readMs;
    narrowMs += chunk.narrowMs;
    if (gate.ended() || waiting.length >= WAITING_RECORDS) await release();
    progress.checkedUpTo(chunk.checked);
  }
  const measured = await release();
  return { taken, because, measured, checkMs, readMs, narrowMs, matcherWaitMs };
}
