import { createHash } from 'node:crypto';
import type { Entity } from '../../../matcher/types';

/**
 * sha256 over the screenings of `qs`, in order. Same data, same code: the same digest, so a
 * change meant only to be faster must leave it as it was. Benches take it in a pass of its own,
 * after the timed one, so serializing results adds no garbage to what is timed.
 */
export function screeningsDigest(qs: readonly Entity[], screen: (q: Entity) => unknown): string {
  const digest = createHash('sha256');
  for (const q of qs) digest.update(JSON.stringify(screen(q)));
  return digest.digest('hex');
}
