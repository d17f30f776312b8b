import type { Pool } from 'pg';
import type { ListedParty } from '../../matcher/types';
import { changedParties, versionForMonitoring, type VersionForMonitoring } from '../lists';

/** What one published version changed: the source, the counts, and every party added, removed or changed (old and new forms). */
export interface VersionChange extends VersionForMonitoring {
  versionId: string;
  /** The new form of added and changed entries. */
  newParties: ListedParty[];
  /** The old form of removed and changed entries. */
  oldParties: ListedParty[];
}

/** The version's change as the lists feature records it (activities/lists `versionForMonitoring`, `changedParties`). */
export async function versionChange(pool: Pool, versionId: string, withParties = true): Promise<VersionChange> {
  const v = await versionForMonitoring(pool, versionId);
  if (!v) throw new Error(`no list version ${versionId}`);
  const change: VersionChange = { ...v, versionId, newParties: [], oldParties: [] };
  if (change.registry || !withParties) return change;
  const { newParties, oldParties } = await changedParties(pool, versionId, v.previousVersionId);
  // A first version has no diff counts: every entry is new.
  if (!v.previousVersionId) change.added = newParties.length;
  change.newParties = newParties;
  change.oldParties = oldParties;
  return change;
}
