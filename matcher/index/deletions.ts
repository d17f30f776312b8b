import { allowedEdits } from '../strings/editDistance';

/**
 * Symmetric-deletion (SymSpell) neighbourhoods for typo-tolerant token lookup: two tokens
 * within k edits share a string obtained by deleting at most k characters from each. The
 * table holds 32-bit hashes of every token's deletions (over a prefix, as SymSpell does) next
 * to the token id, sorted, so it costs 8 bytes a row instead of a string map; hash collisions
 * only add candidates, which the caller verifies with a real edit distance.
 */
const DELETION_PREFIX = 10;

export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function deletions(token: string, maxEdits: number): string[] {
  const start = token.length > DELETION_PREFIX ? token.slice(0, DELETION_PREFIX) : token;
  const out = new Set<string>([start]);
  let frontier = [start];
  for (let d = 0; d < maxEdits; d++) {
    const next: string[] = [];
    for (const s of frontier) {
      if (s.length <= 1) continue;
      for (let i = 0; i < s.length; i++) {
        const del = s.slice(0, i) + s.slice(i + 1);
        if (!out.has(del)) {
          out.add(del);
          next.push(del);
        }
      }
    }
    frontier = next;
  }
  return [...out];
}

export interface DeletionTable {
  hashes: Uint32Array;
  tokens: Int32Array;
  /**
   * Where each run of hashes with the same top `bucketBits` bits starts (rows are sorted by
   * hash): a lookup reads its bucket's row or two instead of binary-searching a million.
   */
  buckets: Int32Array;
  bucketBits: number;
}

/**
 * `previous`: the table of an earlier vocabulary (`words`, its ids in `ids`): a word it held has
 * the same deletions, so their hashes are read back from its rows instead of computed again.
 */
export function buildDeletionTable(
  vocab: readonly string[],
  previous?: { table: DeletionTable; words: readonly string[]; ids: ReadonlyMap<string, number> },
): DeletionTable {
  let count = 0;
  const perToken: number[][] = new Array(vocab.length);
  const held = previous ? hashesByToken(previous.table, previous.words.length) : null;
  for (let t = 0; t < vocab.length; t++) {
    const was = previous?.ids.get(vocab[t]);
    const hs = was !== undefined ? held![was] : deletions(vocab[t], allowedEdits(vocab[t].length)).map(fnv1a);
    perToken[t] = hs;
    count += hs.length;
  }
  const pairs = new Float64Array(count);
  let k = 0;
  // Pack (hash, token id) into one double so one numeric sort orders both.
  for (let t = 0; t < vocab.length; t++) for (const h of perToken[t]) pairs[k++] = h * 2097152 + t;
  pairs.sort();
  const hashes = new Uint32Array(count);
  const tokens = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const v = pairs[i];
    const t = v % 2097152;
    tokens[i] = t;
    hashes[i] = (v - t) / 2097152;
  }
  // About one row per bucket.
  const bucketBits = Math.min(24, Math.max(4, Math.ceil(Math.log2(count + 1))));
  const buckets = new Int32Array((1 << bucketBits) + 1);
  for (let i = 0; i < count; i++) buckets[(hashes[i] >>> (32 - bucketBits)) + 1]++;
  for (let b = 0; b < 1 << bucketBits; b++) buckets[b + 1] += buckets[b];
  return { hashes, tokens, buckets, bucketBits };
}

/** Each token's hashes, as its rows in `table` hold them. */
function hashesByToken(table: DeletionTable, tokenCount: number): number[][] {
  const out: number[][] = Array.from({ length: tokenCount }, () => []);
  for (let i = 0; i < table.hashes.length; i++) out[table.tokens[i]].push(table.hashes[i]);
  return out;
}

/**
 * Token ids whose deletion neighbourhood meets the query's (unverified), each once: an id is
 * listed in `out` when its `seen` stamp is not yet `stamp`.
 */
export function lookupDeletions(
  table: DeletionTable,
  token: string,
  maxEdits: number,
  seen: Uint32Array,
  stamp: number,
  out: number[],
): void {
  const { hashes, tokens, buckets, bucketBits } = table;
  for (const del of deletions(token, maxEdits)) {
    const h = fnv1a(del);
    const bucket = h >>> (32 - bucketBits);
    for (let i = buckets[bucket], end = buckets[bucket + 1]; i < end; i++) {
      if (hashes[i] !== h) continue;
      const id = tokens[i];
      if (seen[id] === stamp) continue;
      seen[id] = stamp;
      out.push(id);
    }
  }
}
