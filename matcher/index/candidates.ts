import type { NormalizedName } from '../normalize/name';
import { FACTOR, type TokenIndex } from './tokenIndex';

/**
 * Candidate generation: every name sharing a (possibly misspelt, nicknamed, merged or split)
 * token with the query accumulates the IDF weight of the query tokens it answers. A name is
 * viable when it could pass the scorer: for persons it must answer two distinct query tokens
 * (one when either side has a single usable token); for organizations it must answer at least
 * half of the query's weight. Viable names are ranked by accumulated weight and the first
 * `limit` are scored; `capped` says more viable names were left unscored. Names whose exact key
 * equals the query's, or whose tokens are the query's in another order, are always scored,
 * whatever the limit.
 */
export const DEFAULT_CANDIDATE_LIMIT = 500;
const MAX_QUERY_TOKENS = 16;
const ORG_VIABLE_SHARE = 0.5;
const INITIAL_BONUS = 0.3;

export interface Candidates {
  ids: number[];
  capped: boolean;
}

export class CandidateFinder {
  private readonly acc: Float32Array;
  private readonly mask: Uint16Array;
  private readonly hits: Uint8Array;
  private readonly nonInitial: Uint8Array;
  private touched: Int32Array;
  /** Names by their tokens in sorted order: the same words in another order are always scored. */
  private readonly orderFreeKeys = new Map<string, number[]>();

  constructor(
    private readonly index: TokenIndex,
    private readonly names: readonly NormalizedName[],
    private readonly keys: ReadonlyMap<string, number[]>,
    private readonly kind: 'person' | 'organization',
  ) {
    const n = names.length;
    this.acc = new Float32Array(n);
    this.mask = new Uint16Array(n);
    this.hits = new Uint8Array(n);
    this.nonInitial = new Uint8Array(n);
    for (let i = 0; i < n; i++) this.nonInitial[i] = Math.min(255, names[i].tokens.filter((t) => t.length > 1).length);
    this.touched = new Int32Array(1024);
    names.forEach((name, id) => {
      const key = orderFreeKey(name.tokens);
      const list = this.orderFreeKeys.get(key);
      if (list) list.push(id);
      else this.orderFreeKeys.set(key, [id]);
    });
  }

  find(query: NormalizedName, limit: number): Candidates {
    const q = query.tokens.slice(0, MAX_QUERY_TOKENS);
    let touchedCount = 0;
    const visit = (token: number, bits: number, weight: number): void => {
      const { offsets, postings } = this.index;
      for (let p = offsets[token], end = offsets[token + 1]; p < end; p++) {
        const id = postings[p];
        const m = this.mask[id];
        if ((m & bits) === bits) continue;
        if (m === 0) {
          if (touchedCount === this.touched.length) {
            const bigger = new Int32Array(this.touched.length * 2);
            bigger.set(this.touched);
            this.touched = bigger;
          }
          this.touched[touchedCount++] = id;
        }
        const fresh = bits & ~m;
        this.mask[id] = m | bits;
        this.hits[id] += popcount(fresh);
        this.acc[id] += weight;
      }
    };
    // A hit earns the weight of the query token it answers, scaled by how close the variant is:
    // a rare misspelling of a common query word must not outrank the word's nickname or the word.
    const qWeight = q.map((t) => this.index.queryWeightOf(t));
    // Each vocabulary token answers one query token, the one it is closest to: LISA must not
    // count as both MELISSA's nickname and ALIA's misspelling in one name.
    const claims = new Map<number, { qi: number; factor: number }>();
    let totalWeight = 0;
    let usable = 0;
    for (let i = 0; i < q.length; i++) {
      totalWeight += qWeight[i];
      // A person's initials are matched in scoring; an organization's single letters (A & B) are words.
      if (q[i].length <= 1 && this.kind === 'person') continue;
      usable++;
      for (const e of this.index.expand(q[i])) {
        const prior = claims.get(e.token);
        if (!prior || e.factor > prior.factor) claims.set(e.token, { qi: i, factor: e.factor });
      }
    }
    // Best variants first, so a name's first hit for a query token is its closest one.
    const ordered = [...claims].sort((a, b) => b[1].factor - a[1].factor || a[1].qi - b[1].qi || a[0] - b[0]);
    for (const [token, { qi, factor }] of ordered) visit(token, 1 << qi, qWeight[qi] * factor);
    for (let i = 0; i + 1 < q.length; i++) {
      const joined = this.index.vocab.get(q[i] + q[i + 1]);
      if (joined !== undefined) visit(joined, (1 << i) | (1 << (i + 1)), (qWeight[i] + qWeight[i + 1]) * FACTOR.merged);
    }

    const viable: number[] = [];
    const initials = q.filter((t) => t.length === 1);
    for (let k = 0; k < touchedCount; k++) {
      const id = this.touched[k];
      let ok: boolean;
      if (this.kind === 'person') {
        const need = Math.max(1, Math.min(2, usable, this.nonInitial[id]));
        ok = this.hits[id] >= need;
      } else {
        ok = this.acc[id] >= ORG_VIABLE_SHARE * totalWeight;
      }
      if (ok) {
        if (initials.length > 0) {
          for (const initial of initials) if (this.names[id].tokens.some((t) => t[0] === initial)) this.acc[id] += INITIAL_BONUS;
        }
        viable.push(id);
      }
    }
    const capped = viable.length > limit;
    let chosen = viable;
    if (capped) {
      const acc = this.acc;
      chosen = viable.sort((a, b) => acc[b] - acc[a] || a - b).slice(0, limit);
    }
    for (let k = 0; k < touchedCount; k++) {
      const id = this.touched[k];
      this.acc[id] = 0;
      this.mask[id] = 0;
      this.hits[id] = 0;
    }
    const exact = this.keys.get(query.key);
    const reordered = this.orderFreeKeys.get(orderFreeKey(query.tokens));
    if (exact || reordered) {
      const have = new Set(chosen);
      for (const id of [...(exact ?? []), ...(reordered ?? [])]) if (!have.has(id)) { have.add(id); chosen.push(id); }
    }
    return { ids: chosen, capped };
  }
}

function orderFreeKey(tokens: readonly string[]): string {
  return tokens.slice().sort().join(' ');
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
