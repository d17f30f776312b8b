import { refusesSubjects, type MatcherRequestError } from '../matcher/client';

/** What `isolateRefusals` returns: each part screened (in item order) and the items refused on their own. */
export interface IsolatedRefusals<T, R> {
  answered: Array<{ items: T[]; outcome: R }>;
  refused: T[];
}

/**
 * Runs `attempt` on all the items; when the matcher refuses the items sent (`refusesSubjects`),
 * splits them in halves down to the refused item, since the same call would fail the same way
 * for ever. `onRefused` is told of each item refused on its own as it is found. Any other failure
 * is thrown. The parts run one after the other, first half first.
 */
export async function isolateRefusals<T, R>(
  items: readonly T[],
  attempt: (part: T[]) => Promise<R>,
  onRefused: (item: T, err: MatcherRequestError) => void = () => undefined,
): Promise<IsolatedRefusals<T, R>> {
  const part = [...items];
  try {
    return { answered: [{ items: part, outcome: await attempt(part) }], refused: [] };
  } catch (err) {
    if (!refusesSubjects(err)) throw err;
    if (part.length === 1) {
      onRefused(part[0], err);
      return { answered: [], refused: part };
    }
    const half = Math.ceil(part.length / 2);
    const first = await isolateRefusals(part.slice(0, half), attempt, onRefused);
    const second = await isolateRefusals(part.slice(half), attempt, onRefused);
    return { answered: [...first.answered, ...second.answered], refused: [...first.refused, ...second.refused] };
  }
}
