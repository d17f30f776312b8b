import { isDeepStrictEqual } from 'node:util';
import type { PoolClient } from 'pg';
import type { Entity, Match } from '../../matcher/types';
import type { WebhookEventToEmit } from '../webhooks';

/**
 * What a screening of a monitored record did to its matches: a match `appeared` (none before),
 * `changed` (some before, some now, not the same: other evidence, another score or order, another
 * list), `relisted` (the same matches, with the same evidence, screened on another list version)
 * or is `gone` (none now). Monitoring emits these; it does not know who reacts (the reviews of
 * potential matches, activities/reviews, do). A `relisted` match may still stand on a listed
 * entry whose content changed where the evidence does not show it (an end date, an alias, an
 * action): only the entry's content hash tells, which the reviews compare.
 */
export type MatchChangeKind = 'appeared' | 'changed' | 'relisted' | 'gone';

export interface MatchChange {
  kind: MatchChangeKind;
  orgId: string;
  recordId: string;
  entity: Entity;
  /** The record's matches now, strongest first. */
  matches: Match[];
  /** The listed entry's key behind each of `matches`; null when the matcher did not say (a matcher older than the worker). */
  entryKeys: string[] | null;
}

/**
 * Reacts to match changes inside the transaction that stores the screenings, so that a retried
 * screening, finding them stored, reacts once; returns the webhook events to record there too.
 */
export type MatchChangeListener = (client: PoolClient, changes: readonly MatchChange[]) => Promise<WebhookEventToEmit[]>;

/** The change from `previous` to `current` matches, or null when they are the same. */
export function matchChangeKind(previous: readonly Match[], current: readonly Match[]): MatchChangeKind | null {
  if (previous.length === 0 && current.length === 0) return null;
  if (previous.length === 0) return 'appeared';
  if (current.length === 0) return 'gone';
  // By content, not by JSON text: a match read back from jsonb has its keys in jsonb's order, not the matcher's.
  if (isDeepStrictEqual(previous, current)) return null;
  return isDeepStrictEqual(previous.map(withoutVersion), current.map(withoutVersion)) ? 'relisted' : 'changed';
}

/** A match as its evidence has it, without the list version (and its retrieval time) it was screened on. */
function withoutVersion(match: Match): unknown {
  return { ...match, provenance: { sourceList: match.provenance.sourceList } };
}
