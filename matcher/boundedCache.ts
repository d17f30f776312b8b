/**
 * Fixed-size caches for values computed from a key alone: each key has one slot, chosen by its
 * hash, and a new key evicts whatever held the slot. Nothing ever grows, rehashes or is cleared.
 * A Map dropped whole when full spiked the screening that filled it: growing a Map of 65k
 * strings rehashes every key, about 10 ms on one screening (a p99 of 5 ms cannot afford it).
 * A collision only recomputes a value, so what a screening returns never depends on the cache.
 */

function slotsFor(capacity: number): number {
  let slots = 1;
  while (slots < capacity) slots *= 2;
  return slots;
}

/** FNV-1a over the UTF-16 code units. */
function stringHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class StringKeyedCache<V> {
  private readonly keys: (string | undefined)[];
  private readonly values: (V | undefined)[];
  private readonly mask: number;

  /** `capacity`: rounded up to a power of two slots. */
  constructor(capacity: number) {
    const slots = slotsFor(capacity);
    this.mask = slots - 1;
    this.keys = new Array<string | undefined>(slots).fill(undefined);
    this.values = new Array<V | undefined>(slots).fill(undefined);
  }

  get(key: string): V | undefined {
    const slot = stringHash(key) & this.mask;
    return this.keys[slot] === key ? this.values[slot] : undefined;
  }

  set(key: string, value: V): void {
    const slot = stringHash(key) & this.mask;
    this.keys[slot] = key;
    this.values[slot] = value;
  }
}

/** Keyed by two non-negative 31-bit integers (two vocabulary ids). */
export class PairKeyedCache<V> {
  private readonly firsts: Int32Array;
  private readonly seconds: Int32Array;
  private readonly values: (V | undefined)[];
  private readonly mask: number;

  constructor(capacity: number) {
    const slots = slotsFor(capacity);
    this.mask = slots - 1;
    this.firsts = new Int32Array(slots).fill(-1);
    this.seconds = new Int32Array(slots);
    this.values = new Array<V | undefined>(slots).fill(undefined);
  }

  private slotOf(first: number, second: number): number {
    const h = Math.imul(first, 0x9e3779b1) ^ Math.imul(second + 0x7f4a7c15, 0x85ebca6b);
    return (h ^ (h >>> 15)) & this.mask;
  }

  get(first: number, second: number): V | undefined {
    const slot = this.slotOf(first, second);
    return this.firsts[slot] === first && this.seconds[slot] === second ? this.values[slot] : undefined;
  }

  set(first: number, second: number, value: V): void {
    const slot = this.slotOf(first, second);
    this.firsts[slot] = first;
    this.seconds[slot] = second;
    this.values[slot] = value;
  }
}
