import { baselineAt, binForRecall, binOf, BIN_COUNT, type BaselineOutcome } from '../../bench/eval/baseline';
import { jaroWinkler } from '../../bench/eval/jaroWinkler';
import { placeTarget, pooledRecall, summarizeClass, type QueryOutcome } from '../../bench/eval/metrics';
import { osaDistance } from '../../bench/eval/text';

describe('target placement', () => {
  const matches = [
    { entryKeys: ['a'], score: 1 },
    { entryKeys: ['b', 'b2'], score: 1 },
    { entryKeys: ['c'], score: 0.9 },
  ];

  it('ranks the first acceptable match and flags exact-at-top', () => {
    expect(placeTarget(matches, new Set(['b2']))).toEqual({ rank: 2, score: 1, exactTop: true });
    expect(placeTarget(matches, new Set(['c']))).toEqual({ rank: 3, score: 0.9, exactTop: false });
    expect(placeTarget(matches, new Set(['z']))).toEqual({ rank: null, score: null, exactTop: false });
    expect(
      placeTarget(
        [
          { entryKeys: ['x'], score: 0.95 },
          { entryKeys: ['y'], score: 1 },
        ],
        new Set(['y']),
      ).exactTop,
    ).toBe(false);
  });
});

describe('class summaries', () => {
  const found = (rank: number | null, matchCount: number): QueryOutcome => ({
    className: 'typo',
    flagged: matchCount > 0,
    matchCount,
    placement: { rank, score: rank ? 0.9 : null, exactTop: false },
  });

  it('computes recall and MRR on a hand-made case', () => {
    const outcomes = [found(1, 1), found(2, 3), found(null, 0), found(4, 5)];
    const summary = summarizeClass('typo', outcomes);
    expect(summary.recall).toBeCloseTo(0.75);
    expect(summary.mrr).toBeCloseTo((1 + 0.5 + 0 + 0.25) / 4);
    expect(summary.clearShare).toBeCloseTo(0.25);
    expect(summary.meanMatches).toBeCloseTo(9 / 4);
    expect(pooledRecall(outcomes)).toBeCloseTo(0.75);
  });

  it('reports clear share and false matches for classes without a target', () => {
    const clean: QueryOutcome[] = [
      { className: 'clean', flagged: false, matchCount: 0, placement: null },
      { className: 'clean', flagged: true, matchCount: 2, placement: null },
    ];
    const summary = summarizeClass('clean', clean);
    expect(summary.recall).toBeNull();
    expect(summary.clearShare).toBe(0.5);
    expect(summary.meanMatches).toBe(1);
  });
});

describe('baseline reading', () => {
  const histogram = (scores: number[]): Uint32Array => {
    const bins = new Uint32Array(BIN_COUNT);
    for (const score of scores) bins[binOf(score)]++;
    return bins;
  };
  const outcomes: BaselineOutcome[] = [
    { className: 'typo', targetScore: 0.95, targetRank: 1, histogram: histogram([0.8]) },
    { className: 'typo', targetScore: 0.85, targetRank: 2, histogram: histogram([0.9]) },
    { className: 'clean', targetScore: null, targetRank: null, histogram: histogram([0.87, 0.6]) },
  ];

  it('counts recall, MRR and matches at a threshold', () => {
    const at = baselineAt(outcomes, binOf(0.9));
    expect(at.recallByClass.get('typo')).toBe(0.5);
    expect(at.mrrByClass.get('typo')).toBe(0.5);
    expect(at.clearShareByClass.get('clean')).toBe(1);
    const low = baselineAt(outcomes, binOf(0.85));
    expect(low.recallByClass.get('typo')).toBe(1);
    expect(low.mrrByClass.get('typo')).toBe(0.75);
    expect(low.clearShareByClass.get('clean')).toBe(0);
    expect(low.meanMatchesByClass.get('clean')).toBe(1);
  });

  it('finds the highest threshold reaching a recall', () => {
    expect(binForRecall(outcomes, 1)).toBe(binOf(0.85));
    expect(binForRecall(outcomes, 0.5)).toBe(binOf(0.95));
  });
});

describe('string measures', () => {
  it('Jaro-Winkler matches the published examples', () => {
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('DWAYNE', 'DUANE')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('DIXON', 'DICKSONX')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('ABC', 'XYZ')).toBe(0);
  });

  it('OSA distance counts a transposition as one edit and honours the cap', () => {
    expect(osaDistance('SMITH', 'SMIHT')).toBe(1);
    expect(osaDistance('SMITH', 'SMYTHE')).toBe(2);
    expect(osaDistance('SMITH', 'JONES', 2)).toBe(3);
  });
});
