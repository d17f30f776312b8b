import { MatcherRequestError, SUBJECT_REFUSED } from '../../../matcher/client';
import { isolateRefusals } from '../../../activities/matcherRefusals';

const refusal = () => new MatcherRequestError('refused', 400, JSON.stringify({ code: SUBJECT_REFUSED }));

/** A matcher stand-in that refuses any call carrying one of `refused`, and records each call's items. */
function screener(refused: ReadonlySet<number>) {
  const calls: number[][] = [];
  const attempt = async (part: number[]): Promise<string> => {
    calls.push(part);
    if (part.some((n) => refused.has(n))) throw refusal();
    return part.join(',');
  };
  return { calls, attempt };
}

describe('isolateRefusals', () => {
  it('answers all the items in one call when none is refused', async () => {
    const { calls, attempt } = screener(new Set());
    const outcome = await isolateRefusals([1, 2, 3], attempt);
    expect(outcome).toEqual({ answered: [{ items: [1, 2, 3], outcome: '1,2,3' }], refused: [] });
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('splits in halves, first half first, down to each refused item, and answers the rest in item order', async () => {
    const { calls, attempt } = screener(new Set([2, 5]));
    const told: number[] = [];
    const outcome = await isolateRefusals([1, 2, 3, 4, 5], attempt, (item, err) => {
      expect(err.code).toBe(SUBJECT_REFUSED);
      told.push(item);
    });
    expect(outcome.refused).toEqual([2, 5]);
    expect(told).toEqual([2, 5]);
    expect(outcome.answered.flatMap((a) => a.items)).toEqual([1, 3, 4]);
    expect(outcome.answered.map((a) => a.outcome)).toEqual(['1', '3', '4']);
    expect(calls).toEqual([[1, 2, 3, 4, 5], [1, 2, 3], [1, 2], [1], [2], [3], [4, 5], [4], [5]]);
  });

  it('throws any other failure at once, without splitting', async () => {
    const calls: number[][] = [];
    const failing = async (part: number[]): Promise<string> => {
      calls.push(part);
      throw new MatcherRequestError('timed out', 408, '');
    };
    await expect(isolateRefusals([1, 2, 3], failing)).rejects.toThrow('timed out');
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('splits on a 413, the matcher refusing the size of the items sent', async () => {
    const attempt = async (part: number[]): Promise<number> => {
      if (part.length > 1) throw new MatcherRequestError('too large', 413, '');
      return part[0] * 10;
    };
    const outcome = await isolateRefusals([1, 2, 3], attempt);
    expect(outcome).toEqual({
      answered: [
        { items: [1], outcome: 10 },
        { items: [2], outcome: 20 },
        { items: [3], outcome: 30 },
      ],
      refused: [],
    });
  });
});
