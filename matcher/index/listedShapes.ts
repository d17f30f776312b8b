import type { NormalizedName } from '../normalize/name';
import { wordCode, type NameShape } from '../score/nameShape';
import type { TokenIndex } from './tokenIndex';

/**
 * The shapes (nameShape.ts) of an index's listed names, in typed arrays: a word code per
 * word (beside the index's `nameTokenIds`), each name's compound lead and a hash of its exact
 * key (an organization's: of its strict key too), each vocabulary word's length. A screening
 * refuses most candidates (no surname word can pair, or the score cannot reach the threshold)
 * from these alone: loading a name object picked at random among hundreds of thousands is a
 * cache miss, and it was most of a refusal's cost.
 */
export class ListedShapes {
  private readonly wordCodes: Uint8Array;
  /** Each name's key hash and compound lead, side by side: a refusal reads both, from one cache line. */
  private readonly nameFacts: Int32Array;
  private readonly wordLengths: Uint16Array;
  /** What touch read, kept so that its reads are not left out. */
  private readonly touched = new Int32Array(1);
  /** Organizations: each name's strict key hash (an equal strict key is an exact name, never refused). */
  private readonly strictKeyHashes: Int32Array;

  constructor(
    names: readonly (NormalizedName & { strictKey?: string })[],
    private readonly index: TokenIndex,
  ) {
    this.wordCodes = new Uint8Array(index.nameTokenIds.length);
    this.nameFacts = new Int32Array(2 * names.length);
    this.strictKeyHashes = new Int32Array(names.some((n) => n.strictKey !== undefined) ? names.length : 0);
    names.forEach((n, id) => {
      if (n.strictKey !== undefined) this.strictKeyHashes[id] = keyHash(n.strictKey);
      const start = index.nameTokenOffsets[id];
      const count = n.tokens.length;
      for (let i = 0; i < count; i++) this.wordCodes[start + i] = wordCode(n.roles[i], n.soft[i], n.tokens[i], i + 1 === count);
      this.nameFacts[2 * id] = keyHash(n.key);
      this.nameFacts[2 * id + 1] = n.compoundLead;
    });
    this.wordLengths = Uint16Array.from(index.words, (w) => w.length);
  }

  /** Whether name `id`'s key may be `key`, whose keyHash is `hash` (false: they differ). */
  mayHaveKey(id: number, hash: number): boolean {
    return this.nameFacts[2 * id] === hash;
  }

  /** Whether organization name `id`'s strict key may be the one whose keyHash is `hash` (false: they differ). */
  mayHaveStrictKey(id: number, hash: number): boolean {
    return this.strictKeyHashes[id] === hash;
  }

  /**
   * Reads what a refusal of names ids[from, to) reads first, no read waiting on another: their
   * token offsets and first token id (TokenIndex.touchNames), key hash and first word code.
   * Refusing candidates one by one waited for each one's cache lines in turn.
   */
  touch(ids: readonly number[], from: number, to: number): void {
    const { nameTokenOffsets, nameTokenIds } = this.index;
    let sum = this.index.touchNames(ids, from, to);
    for (let i = from; i < to; i++) {
      const at = nameTokenOffsets[ids[i]];
      sum = (sum + this.nameFacts[2 * ids[i]] + (at < nameTokenIds.length ? this.wordCodes[at] : 0)) | 0;
    }
    this.touched[0] = sum;
  }

  /** Puts the shape of name `id` in `shape`. */
  load(id: number, shape: NameShape): NameShape {
    const { nameTokenOffsets, nameTokenIds } = this.index;
    const start = nameTokenOffsets[id];
    const count = nameTokenOffsets[id + 1] - start;
    shape.resize(count);
    for (let i = 0; i < count; i++) {
      shape.codes[i] = this.wordCodes[start + i];
      shape.lengths[i] = this.wordLengths[nameTokenIds[start + i]];
    }
    shape.compoundLead = this.nameFacts[2 * id + 1];
    return shape;
  }
}

/** FNV-1a over the UTF-16 units of a name's key: equal keys hash equal, so a differing hash says the keys differ. */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}
