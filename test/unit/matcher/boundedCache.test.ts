import { PairKeyedCache, StringKeyedCache } from '../../../matcher/boundedCache';

describe('StringKeyedCache: a fixed number of slots, one per key by its hash', () => {
  it('returns what was stored under the same key, and nothing for a key never stored', () => {
    const cache = new StringKeyedCache<number>(1024);
    cache.set('SMITH', 1);
    cache.set('SMYTHE', 2);
    expect(cache.get('SMITH')).toBe(1);
    expect(cache.get('SMYTHE')).toBe(2);
    expect(cache.get('SMITHE')).toBeUndefined();
    expect(cache.get('')).toBeUndefined();
  });

  it("holds at most its slots: a new key evicts the holder of its slot, and no key ever reads another key's value", () => {
    const cache = new StringKeyedCache<string>(64);
    const keys = Array.from({ length: 5000 }, (_, i) => `WORD${i}`);
    for (const k of keys) cache.set(k, `value of ${k}`);
    let held = 0;
    for (const k of keys) {
      const v = cache.get(k);
      if (v === undefined) continue;
      held++;
      expect(v).toBe(`value of ${k}`);
    }
    expect(held).toBeLessThanOrEqual(64);
    // The last keys stored spread over most slots (a hash that sent every key to one slot would hold one).
    expect(held).toBeGreaterThan(30);
  });
});

describe('PairKeyedCache: keyed by two vocabulary ids', () => {
  it('tells (a, b) from (b, a) and from pairs never stored', () => {
    const cache = new PairKeyedCache<string>(1024);
    cache.set(3, 7, 'three-seven');
    expect(cache.get(3, 7)).toBe('three-seven');
    expect(cache.get(7, 3)).toBeUndefined();
    expect(cache.get(0, 0)).toBeUndefined();
  });

  it('holds at most its slots, each value under its own pair', () => {
    const cache = new PairKeyedCache<number>(128);
    for (let a = 0; a < 200; a++) for (let b = 0; b < 50; b++) cache.set(a, b, a * 1000 + b);
    let held = 0;
    for (let a = 0; a < 200; a++) {
      for (let b = 0; b < 50; b++) {
        const v = cache.get(a, b);
        if (v === undefined) continue;
        held++;
        expect(v).toBe(a * 1000 + b);
      }
    }
    expect(held).toBeLessThanOrEqual(128);
    expect(held).toBeGreaterThan(60);
  });
});
