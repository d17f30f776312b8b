export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** splitmix32 spreads a small integer seed over the 128-bit sfc32 state. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** sfc32: fast, passes PractRand, and needs nothing but 32-bit integer arithmetic. A class, not closures, so cheap per-party streams stay cheap. */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number) {
    const init = splitmix32(seed);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }
  private nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }
  next(): number {
    return this.nextUint32() / 4294967296;
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export function createRng(seed: number): Rng {
  return new Sfc32(seed);
}

/** Stable 32-bit FNV-1a hash, used to seed per-party details (address) so a party looks the same in every list. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Draws an index from cumulative weights (binary search). */
function pickWeightedIndex(rng: Rng, cumulative: Float64Array): number {
  const target = rng.next() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulativeOf(weights: readonly number[]): Float64Array {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    cumulative[index] = total;
  });
  return cumulative;
}

export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length !== weights.length || items.length === 0) throw new Error('weighted table needs one weight per item');
    this.cumulative = cumulativeOf(weights);
  }
  static of<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
    return new WeightedTable(
      entries.map((entry) => entry[0]),
      entries.map((entry) => entry[1]),
    );
  }
  pick(rng: Rng): T {
    return this.items[pickWeightedIndex(rng, this.cumulative)];
  }
}
