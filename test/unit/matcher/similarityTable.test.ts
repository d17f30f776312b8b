import { ORG_THRESHOLD, personDecision, personMatchScore } from '../../../matcher/engine';
import { nicknames } from '../../../matcher/normalize/nicknames';
import { normalizeOrgName } from '../../../matcher/normalize/orgName';
import { normalizePersonName } from '../../../matcher/normalize/personName';
import { surnameCanPair } from '../../../matcher/score/alignment';
import { compareOrgNames, comparePersonNames, textPairs, type NameComparison } from '../../../matcher/score/nameScore';
import { ocrKey } from '../../../matcher/normalize/ocr';
import { MIN_PHONETIC_KEY_LENGTH, phoneticKey } from '../../../matcher/normalize/phonetic';
import { allowedEdits, boundedEditDistance } from '../../../matcher/strings/editDistance';
import { IndexedTokenPairs, TokenSimilarityTable } from '../../../matcher/score/similarityTable';
import {
  ORGANIZATION_TOKENS,
  PERSON_TOKENS,
  SIM,
  orgTokenSimilarity,
  personTokenSimilarity,
  type TokenComparison,
} from '../../../matcher/score/tokenSimilarity';
import { createOrganizationFactory, createPersonFactory, createRng } from '../../../infra/dev/synthetic/parties';
import type { Rng } from '../../../infra/dev/synthetic/rng';
import { memoized } from './support/memoizedSimilarity';

/** 1-2 edits, written out from the definition: 1 - 0.5*edits/length, floor 0.75, 0 past the allowed edits. */
function editReference(q: string, e: string): number {
  const allowed = allowedEdits(Math.min(q.length, e.length));
  if (allowed === 0) return 0;
  const d = boundedEditDistance(q, e, allowed);
  return d <= allowed ? Math.max(SIM.editFloor, 1 - (0.5 * d) / Math.max(q.length, e.length)) : 0;
}

/** The token similarity written out from its definition, with no precomputed features and no shortcut. */
function personReference(q: string, e: string): number {
  if (q === e) return 1;
  if (q.length === 1 || e.length === 1) return q[0] === e[0] || ocrKey(q) === ocrKey(e) ? SIM.initial : 0;
  let best = editReference(q, e);
  if (best < SIM.ocr && ocrKey(q) === ocrKey(e)) best = SIM.ocr;
  if (best < SIM.nickname && nicknames().equivalent(q, e)) best = SIM.nickname;
  if (best < SIM.truncation && Math.min(q.length, e.length) >= 6 && (q.startsWith(e) || e.startsWith(q))) best = SIM.truncation;
  const key = phoneticKey(q);
  if (
    best < SIM.phonetic &&
    q.length >= 3 &&
    e.length >= 3 &&
    key.length >= MIN_PHONETIC_KEY_LENGTH &&
    key === phoneticKey(e) &&
    boundedEditDistance(q, e, 3) <= 3
  ) {
    best = SIM.phonetic;
  }
  return best;
}

/** The organization token similarity written out from its definition. */
function organizationReference(q: string, e: string): number {
  if (q === e) return 1;
  if (q.length < 3 || e.length < 3) return 0;
  let best = editReference(q, e);
  if (best < SIM.ocr && ocrKey(q) === ocrKey(e)) best = SIM.ocr;
  if (best < SIM.truncation && Math.min(q.length, e.length) >= 5 && (q.startsWith(e) || e.startsWith(q))) best = SIM.truncation;
  return best;
}

/** A similarity table over `vocabulary`, its features made as the index makes them. */
function tableOf(vocabulary: readonly string[], comparison: TokenComparison): TokenSimilarityTable {
  return new TokenSimilarityTable(
    vocabulary.map((w) => comparison.features(w)),
    comparison,
  );
}

function generatedTokens(): string[] {
  const persons = createPersonFactory(createRng(5));
  const words = new Set<string>([
    'JON',
    'JOHN',
    'BILL',
    'WILLIAM',
    'M',
    'RN',
    'SMITH',
    'SMYTHE',
    'CHRISTOPHER',
    'CHRISTOPH',
    'MCDONALD',
    'MACDONALD',
    'L1SA',
    'LISA',
    'O5CAR',
  ]);
  for (let i = 0; i < 150; i++) {
    const p = persons.next();
    for (const t of [p.firstName, p.middleName, p.lastName]) if (t) words.add(t.toUpperCase().replace(/[^A-Z]/g, ''));
  }
  return [...words].filter((w) => w.length > 0);
}

describe('token similarity from precomputed features', () => {
  const tokens = generatedTokens();

  it('equals the similarity written from its definition for every pair of generated words', () => {
    const differing: string[] = [];
    let nonZero = 0;
    for (const q of tokens) {
      for (const e of tokens) {
        const got = personTokenSimilarity(q, e);
        if (got > 0) nonZero++;
        if (got !== personReference(q, e)) differing.push(`${q}/${e}: ${got} vs ${personReference(q, e)}`);
      }
    }
    expect(differing).toEqual([]);
    // Not a vacuous comparison: many pairs are variants of one another.
    expect(nonZero).toBeGreaterThan(tokens.length * 2);
  });

  it('equals the organization similarity written from its definition, digits read by OCR included', () => {
    const words = [
      ...tokens,
      'CARE',
      'CAR3',
      'HEALTH',
      'HEA1TH',
      'HEALTHCARE',
      'HEALT',
      'MED1CAL',
      'MEDICAL',
      '1ST',
      'IST',
      'FIRST',
      '5UN',
      'SUN',
    ];
    const differing: string[] = [];
    let nonZero = 0;
    for (const q of words) {
      for (const e of words) {
        const got = orgTokenSimilarity(q, e);
        if (got > 0 && q !== e) nonZero++;
        if (got !== organizationReference(q, e)) differing.push(`${q}/${e}: ${got} vs ${organizationReference(q, e)}`);
      }
    }
    expect(differing).toEqual([]);
    expect(nonZero).toBeGreaterThan(words.length);
  });
});

describe("TokenSimilarityTable: one screening's similarities by vocabulary id", () => {
  const vocabulary = generatedTokens();

  it('answers what the similarity function answers, for persons and organizations', () => {
    const persons = tableOf(vocabulary, PERSON_TOKENS);
    const orgs = tableOf(vocabulary, ORGANIZATION_TOKENS);
    persons.begin();
    orgs.begin();
    for (const q of ['JOHN', 'SMYTH', 'M', 'CHRISTOPHERSON']) {
      const ps = persons.slotOf(q);
      const os = orgs.slotOf(q);
      vocabulary.forEach((e, id) => {
        // Twice: the second read comes from the table.
        for (let k = 0; k < 2; k++) {
          expect(persons.get(ps, q, id)).toBe(personTokenSimilarity(q, e));
          expect(orgs.get(os, q, id)).toBe(orgTokenSimilarity(q, e));
        }
      });
    }
  });

  it("keeps a word's row for the screenings after; a row given to another word holds that word's values", () => {
    const table = tableOf(vocabulary, PERSON_TOKENS);
    const jon = vocabulary.indexOf('JON');
    table.begin();
    const first = table.slotOf('JOHN');
    expect(table.get(first, 'JOHN', jon)).toBe(SIM.nickname);
    table.begin();
    expect(table.slotOf('JOHN')).toBe(first);
    expect(table.get(first, 'JOHN', jon)).toBe(SIM.nickname);
    // More words than the table keeps, one screening each: JOHN's row, the least recently used, goes to one of them.
    const rows = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const word = `SMITH${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
      table.begin();
      const row = table.slotOf(word);
      rows.add(row);
      expect(table.get(row, word, jon)).toBe(0);
    }
    expect(rows.has(first)).toBe(true);
    table.begin();
    const again = table.slotOf('JOHN');
    expect(table.get(again, 'JOHN', jon)).toBe(SIM.nickname);
  });

  /** A value in [0, 1) that differs with the text: 1,000 distinct values over a few hundred words. */
  const spread = (text: string): number => {
    let h = 7;
    for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) % 1000;
    return h / 1000;
  };

  it('answers every value of a comparison with more distinct values than the table has codes, read again and across screenings', () => {
    // A similarity of 1000 distinct values: past the table's codes, values are computed again, never confused.
    const many: TokenComparison = {
      features: PERSON_TOKENS.features,
      similarity: (q, e) => spread(q.text + e.text),
    };
    const words = Array.from({ length: 600 }, (_, i) => `W${i.toString(36).toUpperCase()}${'ABCDEFGHIJ'[i % 10]}`);
    const table = tableOf(words, many);
    for (let screening = 0; screening < 2; screening++) {
      table.begin();
      for (const q of ['JOHN', 'SMITHSON', 'CHRISTOPHERSON']) {
        const slot = table.slotOf(q);
        for (let k = 0; k < 2; k++)
          words.forEach((e, id) =>
            expect(table.get(slot, q, id)).toBe(many.similarity(PERSON_TOKENS.features(q), PERSON_TOKENS.features(e))),
          );
      }
    }
    const distinct = new Set(
      words.flatMap((e) =>
        ['JOHN', 'SMITHSON', 'CHRISTOPHERSON'].map((q) => many.similarity(PERSON_TOKENS.features(q), PERSON_TOKENS.features(e))),
      ),
    );
    expect(distinct.size).toBeGreaterThan(300);
  });

  it('computes without the table once a screening has more query words than rows', () => {
    const table = tableOf(vocabulary, PERSON_TOKENS);
    table.begin();
    const words = Array.from(
      { length: 40 },
      (_, i) => `JOHN${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    );
    const slots = words.map((w) => table.slotOf(w));
    expect(slots.filter((s) => s < 0).length).toBeGreaterThan(0);
    const id = vocabulary.indexOf('JOHN');
    words.forEach((w, i) => expect(table.get(slots[i], w, id)).toBe(personTokenSimilarity(w, 'JOHN')));
  });
});

describe('IndexedTokenPairs: a query name against listed names by vocabulary id', () => {
  it('gives what the text gives, for single words and for two words written as one on either side', () => {
    const vocabulary = ['MARY', 'ANN', 'SMITH', 'JONES', 'MARYANN', 'SMITHJONES', 'ANNE', 'SMYTH'];
    const table = tableOf(vocabulary, PERSON_TOKENS);
    const listed = [[0, 1, 2], [4, 3], [6, 7, 3], [5]];
    const nameTokenIds = Int32Array.from(listed.flat());
    const starts = listed.map((_, i) => listed.slice(0, i).flat().length);
    let mergedNonZero = 0;
    for (const query of [
      ['MARYANN', 'SMITH'],
      ['MARY', 'ANN', 'SMYTHE'],
      ['SMITH', 'JONES', 'ANNA'],
    ]) {
      table.begin();
      const pairs = new IndexedTokenPairs(table, query, nameTokenIds);
      listed.forEach((ids, n) => {
        pairs.listedAt(starts[n]);
        const words = ids.map((id) => vocabulary[id]);
        for (let i = 0; i < query.length; i++) {
          for (let j = 0; j < words.length; j++) {
            expect(pairs.tokens(i, j)).toBe(personTokenSimilarity(query[i], words[j]));
            if (j + 1 < words.length) {
              const v = pairs.mergedListed(i, j);
              expect(v).toBe(personTokenSimilarity(query[i], words[j] + words[j + 1]));
              if (v > 0) mergedNonZero++;
            }
            if (i + 1 < query.length) {
              const v = pairs.mergedQuery(i, j);
              expect(v).toBe(personTokenSimilarity(query[i] + query[i + 1], words[j]));
              if (v > 0) mergedNonZero++;
            }
          }
        }
      });
    }
    expect(mergedNonZero).toBeGreaterThan(3);
  });
});

/** One letter of the word replaced by a random one. */
function misspell(rng: Rng, word: string): string {
  const at = rng.int(word.length);
  return word.slice(0, at) + String.fromCharCode(65 + rng.int(26)) + word.slice(at + 1);
}

/**
 * Checks a comparison with `matchAt` (quick) against the same one without (full): the same
 * decision; on a match, the same result; a name refused for its score scores below `matchAt`.
 */
class QuickComparisonCheck {
  matches = 0;
  refusedByScore = 0;
  refusedNearThreshold = 0;

  check(
    full: NameComparison,
    quick: NameComparison,
    isMatch: (c: NameComparison) => boolean,
    matchAt: number,
    refusedByScore: boolean,
  ): void {
    expect(isMatch(quick)).toBe(isMatch(full));
    if (isMatch(full)) {
      this.matches++;
      expect(quick).toEqual(full);
    } else if (refusedByScore) {
      this.refusedByScore++;
      expect(full.score).toBeLessThan(matchAt);
      if (full.score >= matchAt - 0.15) this.refusedNearThreshold++;
    }
  }
}

describe('comparePersonNames(matchAt): the decision without the score of a name that cannot match', () => {
  it('decides as the full comparison does, and refuses only names that score below the threshold', () => {
    const rng = createRng(21);
    const persons = createPersonFactory(rng);
    const listed = Array.from({ length: 300 }, () => {
      const p = persons.next();
      return normalizePersonName(`${p.lastName}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`)[0];
    });
    const typo = (t: string): string => misspell(rng, t);
    // Exact, reordered, merged, misspelt, initialled and shortened forms reach both sides of the thresholds.
    const queries = listed
      .slice(0, 30)
      .flatMap((n) => {
        const t = n.tokens;
        const last = t[t.length - 1];
        return [
          t.join(' '),
          t.slice().reverse().join(' '),
          `${t[0]} ${last}${last}`,
          `${typo(t[0])} ${typo(last)}`,
          `${t[0][0]} ${last}`,
          `${t[0]} ${typo(last)} ${typo(last)}`,
          t[0],
          last,
          `${t[0]} X ${last.slice(0, 3)}`,
        ];
      })
      .flatMap((text) => normalizePersonName(text));
    const similarity = memoized(personTokenSimilarity);
    const tally = new QuickComparisonCheck();
    for (const q of queries) {
      for (const e of listed) {
        const matchAt = personMatchScore(q, e);
        const sims = textPairs(q, e, similarity);
        const full = comparePersonNames(q, e, sims);
        const quick = comparePersonNames(q, e, sims, matchAt);
        // Refused for its score: the surname could pair, yet no score came back.
        const refused = quick.score === 0 && full.score > 0 && surnameCanPair(q.tokens, e, sims);
        tally.check(full, quick, (c) => personDecision(c, q, e), matchAt, refused);
      }
    }
    expect(tally.matches).toBeGreaterThan(150);
    expect(tally.refusedByScore).toBeGreaterThan(600);
    expect(tally.refusedNearThreshold).toBeGreaterThan(25);
  });
});

describe('compareOrgNames(matchAt): the decision without the score of a name that cannot match', () => {
  it('decides as the full comparison does, and refuses only names that score below the threshold', () => {
    const rng = createRng(22);
    const organizations = createOrganizationFactory(rng);
    const listed = Array.from({ length: 200 }, () => normalizeOrgName(organizations.next().legalName)[0]);
    // Rarity weights as the index gives them: log(1 + names / names holding the word).
    const holding = new Map<string, number>();
    for (const n of listed) for (const t of new Set(n.tokens)) holding.set(t, (holding.get(t) ?? 0) + 1);
    const weight = (t: string): number => Math.log(1 + listed.length / (holding.get(t) ?? 1));
    const typo = (t: string): string => misspell(rng, t);
    const queries = listed
      .slice(0, 30)
      .flatMap((n) => {
        const t = n.tokens;
        return [
          t.join(' '),
          t.slice().reverse().join(' '),
          t.map((w, i) => (i === 0 ? typo(w) : w)).join(' '),
          t.slice(1).join(' '),
          `${t.join(' ')} SERVICES`,
          t.map(typo).join(' '),
          `${t[0]} ${t[0]}`,
        ];
      })
      .flatMap((text) => normalizeOrgName(text));
    const similarity = memoized(orgTokenSimilarity);
    const isMatch = (c: NameComparison): boolean => c.plausible && c.score >= ORG_THRESHOLD;
    const tally = new QuickComparisonCheck();
    for (const q of queries) {
      for (const e of listed) {
        const sims = textPairs(q, e, similarity);
        const full = compareOrgNames(q, e, weight, sims);
        const quick = compareOrgNames(q, e, weight, sims, ORG_THRESHOLD);
        tally.check(full, quick, isMatch, ORG_THRESHOLD, !quick.plausible && full.plausible);
      }
    }
    expect(tally.matches).toBeGreaterThan(100);
    expect(tally.refusedByScore).toBeGreaterThan(3000);
    expect(tally.refusedNearThreshold).toBeGreaterThan(15);
  });
});
