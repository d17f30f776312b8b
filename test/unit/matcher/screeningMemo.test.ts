import { ScreeningMemo } from '../../../matcher/score/screeningMemo';

describe('ScreeningMemo: numbers by integer key for one screening', () => {
  it('gives back every value kept, keys past 2^32 included, through growing; NaN for a key never kept', () => {
    const memo = new ScreeningMemo();
    const keys = Array.from({ length: 5000 }, (_, i) => i * 7_919_000_003 + (i % 13));
    keys.forEach((key, i) => memo.set(key, i / 7));
    keys.forEach((key, i) => expect(memo.get(key)).toBe(i / 7));
    expect(memo.get(3)).toBeNaN();
    memo.set(keys[10], 0.5);
    expect(memo.get(keys[10])).toBe(0.5);
  });

  it('forgets everything when cleared', () => {
    const memo = new ScreeningMemo();
    for (let key = 0; key < 3000; key++) memo.set(key * 1_000_003, key);
    memo.clear();
    for (let key = 0; key < 3000; key++) expect(memo.get(key * 1_000_003)).toBeNaN();
    memo.set(42, 1);
    expect(memo.get(42)).toBe(1);
  });
});
