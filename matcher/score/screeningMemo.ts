/**
 * Numbers by integer key (below 2^53), kept for one screening: an open-addressing table in typed
 * arrays, emptied by moving to the next screening's stamp. A Map cleared every screening regrew
 * its table and boxed every key past 2^31 and every value, megabytes a pass for the merged-word
 * similarities alone.
 */
export class ScreeningMemo {
  private keys = new Float64Array(1024);
  private values = new Float64Array(1024);
  /** The screening that wrote each slot; a slot of another is empty. */
  private stamps = new Uint32Array(1024);
  private stamp = 1;
  private count = 0;
  /** 32 less the log2 of the capacity: a key's slot is the top bits of its hash. */
  private shift = 22;

  /** Forgets every value. */
  clear(): void {
    this.count = 0;
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
  }

  /** The value kept for `key`, or NaN when none is (no kept value is NaN: callers keep similarities). */
  get(key: number): number {
    const mask = this.keys.length - 1;
    for (let slot = slotOf(key, this.shift); this.stamps[slot] === this.stamp; slot = (slot + 1) & mask)
      if (this.keys[slot] === key) return this.values[slot];
    return NaN;
  }

  set(key: number, value: number): void {
    if (2 * (this.count + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = slotOf(key, this.shift);
    while (this.stamps[slot] === this.stamp) {
      if (this.keys[slot] === key) {
        this.values[slot] = value;
        return;
      }
      slot = (slot + 1) & mask;
    }
    this.stamps[slot] = this.stamp;
    this.keys[slot] = key;
    this.values[slot] = value;
    this.count++;
  }

  private grow(): void {
    const { keys, values, stamps, stamp } = this;
    this.keys = new Float64Array(2 * keys.length);
    this.values = new Float64Array(2 * keys.length);
    this.stamps = new Uint32Array(2 * keys.length);
    this.shift--;
    this.count = 0;
    for (let slot = 0; slot < keys.length; slot++) if (stamps[slot] === stamp) this.set(keys[slot], values[slot]);
  }
}

function slotOf(key: number, shift: number): number {
  const low = key >>> 0;
  const high = (key / 4294967296) >>> 0;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) >>> shift;
}
