import { createHash } from 'node:crypto';
import type { Entity } from '../../../matcher/types';

/**
 * sha256 over the screenings of `qs`, in order. Same data, same code: the same digest, so a
 * change meant only to be faster must leave it as it was. Benches take it in a pass of its own,
 * after the timed one, so serializing results adds no garbage to what is timed.
 */
/** The screening as the contract has it: the engine's ScreeningStats (what it cost) are not part of it. */
const STATS = new Set(['candidatesScored', 'maxViableCandidates']);
function withoutStats(this: unknown, key: string, value: unknown): unknown {
  return STATS.has(key) ? undefined : value;
}

export function screeningsDigest(qs: readonly Entity[], screen: (q: Entity) => unknown): string {
  const digest = createHash('sha256');
  for (const q of qs) digest.update(JSON.stringify(screen(q), withoutStats));
  return digest.digest('hex');
}
