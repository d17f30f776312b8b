import { FACTOR, FACTOR_RANKS, TokenIndex } from '../../../matcher/index/tokenIndex';
import type { NormalizedName } from '../../../matcher/normalize/name';
import { nicknames } from '../../../matcher/normalize/nicknames';
import { ocrKey } from '../../../matcher/normalize/ocr';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from '../../../matcher/normalize/phonetic';
import { normalizePersonName } from '../../../matcher/normalize/personName';
import { allowedEdits } from '../../../matcher/strings/editDistance';
import { createPersonFactory, createRng } from '../../../infra/dev/synthetic/parties';

/** Optimal-string-alignment distance, the full table, no early exit. */
function osaDistance(a: string, b: string): number {
  const w = b.length + 1;
  const d = new Int32Array((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = v;
    }
  }
  return d[a.length * w + b.length];
}

const idMaps = new WeakMap<readonly string[], Map<string, number>>();

function idsOf(words: readonly string[]): Map<string, number> {
  let ids = idMaps.get(words);
  if (!ids) idMaps.set(words, (ids = new Map(words.map((w, id) => [w, id]))));
  return ids;
}

const groupsByKey = new Map<(w: string) => string, Map<string, number[]>>();

/** Vocabulary ids (words of 3 letters or more) by key: made once per key function, for speed only. */
function keyGroups(words: readonly string[], key: (w: string) => string): Map<string, number[]> {
  let groups = groupsByKey.get(key);
  if (!groups) {
    groups = new Map();
    words.forEach((w, id) => {
      if (w.length < 3) return;
      const k = key(w);
      groups?.set(k, [...(groups.get(k) ?? []), id]);
    });
    groupsByKey.set(key, groups);
  }
  return groups;
}

/**
 * A query token's expansions written out from their definition by comparing it with every
 * vocabulary word: no deletion table, no key maps, no precomputation. Sorted best first, then by id.
 */
function referenceExpansions(words: readonly string[], token: string): [number, number][] {
  const factor = new Map<number, number>();
  const put = (id: number, f: number): void => {
    if ((factor.get(id) ?? 0) < f) factor.set(id, f);
  };
  const idOf = idsOf(words);
  const sharing = (key: (w: string) => string, k: string): number[] => keyGroups(words, key).get(k) ?? [];
  if (idOf.has(token)) put(idOf.get(token) as number, FACTOR.exact);
  if (token.length > 1) {
    for (const g of nicknames().groupsOf(token) ?? [])
      for (const m of nicknames().members(g)) if (m !== token && idOf.has(m)) put(idOf.get(m) as number, FACTOR.nickname);
    if (allowedEdits(token.length) > 0) {
      words.forEach((w, id) => {
        const allowed = allowedEdits(Math.min(w.length, token.length));
        // More letters apart than edits allowed: the distance cannot be within them.
        if (w === token || allowed === 0 || Math.abs(w.length - token.length) > allowed) return;
        const d = osaDistance(token, w);
        if (d <= allowed) put(id, d === 1 ? FACTOR.typo : FACTOR.typo2);
      });
    }
    if (token.length >= 3) {
      const byOcr = sharing(ocrKey, ocrKey(token));
      if (byOcr.length <= 40) for (const id of byOcr) put(id, FACTOR.ocr);
      const key = phoneticKey(token);
      const bySound = key.length >= MIN_PHONETIC_KEY_LENGTH ? sharing(phoneticKey, key) : [];
      if (bySound.length <= 40) for (const id of bySound) put(id, FACTOR.phonetic);
    }
    // A person's word may be a surname with its particles glued on (DELASCASAS ~ CASAS).
    for (const particle of ['DE', 'DEL', 'LA', 'LAS', 'LOS', 'DA', 'DAS', 'DO', 'DOS', 'DELA', 'DELOS', 'DELAS']) {
      const rest = token.slice(particle.length);
      if (token.startsWith(particle) && rest.length >= 3 && idOf.has(rest)) put(idOf.get(rest) as number, FACTOR.split);
    }
    // A person's word may be two words written as one, each half two letters or more (JIWOO ~ JI WOO).
    for (let cut = 2; cut <= token.length - 2; cut++) {
      const a = idOf.get(token.slice(0, cut));
      const b = idOf.get(token.slice(cut));
      if (a !== undefined && b !== undefined) {
        put(a, FACTOR.split);
        put(b, FACTOR.split);
      }
    }
  }
  return [...factor].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
}

function expansionsOf(index: TokenIndex, token: string): [number, number][] {
  const { tokens, ranks } = index.expand(token);
  return Array.from(tokens, (id, k) => [id, FACTOR_RANKS[ranks[k]]] as [number, number]);
}

/** The words whose expansions differ from their reference, each with both. */
function mismatches(
  index: TokenIndex,
  words: readonly string[],
): { word: string; got: [number, number][]; reference: [number, number][] }[] {
  const out = [];
  for (const word of words) {
    const got = expansionsOf(index, word);
    const reference = referenceExpansions(index.words, word);
    if (JSON.stringify(got) !== JSON.stringify(reference)) out.push({ word, got, reference });
  }
  return out;
}

/** Generated person names; the typo lookup reads a 10-letter prefix (as SymSpell does), so words stay within it. */
function generatedNames(): NormalizedName[] {
  const persons = createPersonFactory(createRng(11));
  const names: NormalizedName[] = [];
  for (const raw of [
    'JON SMITH',
    'JOHN SMYTHE',
    'BILL MCDONALD',
    'WILLIAM MACDONALD',
    'LISA RN',
    'MARY ANN',
    'MARYANN JONES',
    'ANNA MARIE',
  ])
    names.push(...normalizePersonName(raw));
  while (names.length < 300) {
    const p = persons.next();
    for (const n of normalizePersonName(`${p.firstName} ${p.middleName ?? ''} ${p.lastName}`))
      if (n.tokens.every((t) => t.length <= 10)) names.push(n);
  }
  return names;
}

function typo(word: string, at: number): string {
  if (word.length < 3) return `${word}X`;
  const i = 1 + (at % (word.length - 2));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

describe('token expansions worked out with the index', () => {
  const index = new TokenIndex(generatedNames(), true);

  it('gives every vocabulary word the expansions its definition gives', () => {
    expect(index.words.length).toBeGreaterThan(200);
    expect(mismatches(index, index.words)).toEqual([]);
  });

  it('gives words outside the vocabulary (typos, unknown names) the expansions their definition gives', () => {
    const outside = [...index.words.map(typo), 'JONH', 'MARYANNE', 'SMITHJONES', 'ZZZZQ', 'Q'].filter((w) => !index.vocab.has(w));
    expect(outside.length).toBeGreaterThan(150);
    const answered = outside.map((w) => JSON.stringify(expansionsOf(index, w)));
    expect(mismatches(index, outside)).toEqual([]);
    // Memoized: asked again, the same answers.
    expect(outside.map((w) => JSON.stringify(expansionsOf(index, w)))).toEqual(answered);
  });

  it('finds typos, nicknames and sound-alikes, not only the word itself', () => {
    const factors = new Set(index.words.flatMap((w) => expansionsOf(index, w).map(([, f]) => f)));
    for (const f of [FACTOR.exact, FACTOR.nickname, FACTOR.typo, FACTOR.typo2, FACTOR.phonetic]) expect(factors).toContain(f);
  });
});
