import { createHash } from 'node:crypto';
import type { ScreeningResult } from '../../matcher/types';
import { listScreeningStates } from '../lists';
import { loadActiveRecords } from './records';
import { rescreenRecords, type RescreenDeps } from './screeningPipeline';
import { isStaleResult, listsAsScreened } from './staleResults';

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
  const sources = await listScreeningStates(deps.pool);
  // On the current version of every enabled list, and on no list switched off (a registry is cited only when consulted).
  const expected = listsAsScreened(sources, { onCurrentVersion: true });
  const isStale = (result: ScreeningResult): boolean => isStaleResult(result, expected);
  if (!isStale(rows[0].result)) return { rescreened: false, statusChanged: false };
  const versions = sources.filter((s) => s.screened && !s.registry).map((s) => s.currentVersionId);
  const cause = `catch-up-${createHash('sha256').update(versions.join(',')).digest('hex').slice(0, 16)}`;
  const records = await loadActiveRecords(deps.pool, [recordId]);
  const changes = await rescreenRecords(deps, records, cause, { isStale });
  return { rescreened: records.length > 0, statusChanged: changes > 0 };
}
