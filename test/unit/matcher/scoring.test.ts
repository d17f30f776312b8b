import {
  buildMatcherIndex,
  lookupName,
  nameSimilarity,
  personDecision,
  screenEntity,
  type IndexedEntry,
  type IndexedRegistryOrganization,
} from '../../../matcher/engine';
import { normalizePersonName } from '../../../matcher/normalize/personName';
import { comparePersonNames, textPairs } from '../../../matcher/score/nameScore';
import { personTokenSimilarity } from '../../../matcher/score/tokenSimilarity';
import { createPersonFactory, createRng } from '../../../infra/dev/synthetic/parties';
import { CandidateFinder, topByWeight } from '../../../matcher/index/candidates';
import { memoized } from './support/memoizedSimilarity';
import { boundedEditDistance } from '../../../matcher/strings/editDistance';
import { finalScore } from '../../../matcher/score/evidence';
import { POTENTIAL_MATCH_LABEL } from '../../../matcher/types';

const base = {
  sourceName: 'HHS-OIG LEIE',
  listVersionId: '11111111-1111-4111-8111-111111111111',
  retrievedAt: '2026-11-01T00:00:00.000Z',
  aliases: [],
  npis: [],
  dateOfBirth: null,
  state: null,
  providerType: null,
  suffix: null,
  middleName: null,
} as const;

function person(entryKey: string, last: string, first: string, extra: Partial<IndexedEntry> = {}): IndexedEntry {
  return {
    ...base,
    sourceKey: 'leie',
    entryKey,
    kind: 'person',
    name: `${last}, ${first}`,
    lastName: last,
    firstName: first,
    ...extra,
  } as IndexedEntry;
}
function org(entryKey: string, name: string, extra: Partial<IndexedEntry> = {}): IndexedEntry {
  return { ...base, sourceKey: 'leie', entryKey, kind: 'organization', name, lastName: null, firstName: null, ...extra } as IndexedEntry;
}

const entries: IndexedEntry[] = [
  person('p1', 'SMITH', 'JOHN', {
    name: 'SMITH, JOHN ALLEN',
    middleName: 'ALLEN',
    npis: ['1234567893'],
    dateOfBirth: '1970-01-02',
    state: 'TX',
    providerType: 'NURSE',
  }),
  person('p2', 'SMITH-JONES', 'MARY'),
  person('p3', 'MULLER', 'WILLIAM'),
  person('p4', 'NGUYEN', 'ANH'),
  { ...person('p5', 'SMITH', 'JOHN'), sourceKey: 'sam', sourceName: 'SAM.gov', listVersionId: '22222222-2222-4222-8222-222222222222' },
  org('o1', 'ACME HEALTH SERVICES, INC. DBA ACME CARE', { npis: ['1999999992'], state: 'CA' }),
  org('o2', 'SUNRISE VALLEY PHARMACY LLC'),
];
const index = buildMatcherIndex(entries);

describe('exact names score 1, every variant less', () => {
  it('scores 1 for the same normalized name written differently', () => {
    expect(nameSimilarity('Dr. John A. Smith, MD', 'SMITH, JOHN A', 'person')).toBe(1);
    expect(nameSimilarity('ACME HEALTH SERVICES, INC.', 'Acme Health Services Inc', 'organization')).toBe(1);
  });
  it.each([
    ['Jon Smith', 'SMITH, JOHN'],
    ['Smith John', 'SMITH, JOHN'],
    ['John Smyth', 'SMITH, JOHN'],
    ['Bill Muller', 'MULLER, WILLIAM'],
    ['John Smith', 'SMITH, JOHN ALLEN'],
  ])('%s vs %s is below 1 and above the threshold', (a, b) => {
    const s = nameSimilarity(a, b, 'person');
    expect(s).toBeLessThan(1);
    expect(s).toBeGreaterThanOrEqual(0.8);
  });
  it('keeps organization variants below 1', () => {
    expect(nameSimilarity('ACME HEALTH SERVICES LLC', 'ACME HEALTH SERVICES INC', 'organization')).toBeLessThan(1);
  });
  it('rounds final scores and never lets a variant reach 1', () => {
    expect(finalScore(0.99999, 0.05)).toBeLessThan(1);
    expect(finalScore(1, 0)).toBe(1);
    expect(finalScore(1, -0.1)).toBeCloseTo(0.9);
  });
});

describe('screening a person', () => {
  it('reports a variant as a potential match with evidence for every field and provenance', () => {
    const r = screenEntity(index, {
      type: 'person',
      name: 'Johnny Smith',
      dateOfBirth: '1970-01-02',
      npi: '1234567893',
      state: 'TX',
      providerType: 'Registered Nurse',
    });
    expect(r.status).toBe('potential_match');
    const top = r.matches[0];
    expect(top.label).toBe(POTENTIAL_MATCH_LABEL);
    expect(top.provenance).toEqual({ sourceList: 'leie', listVersionId: base.listVersionId, retrievedAt: base.retrievedAt });
    expect(top.fields.map((f) => f.field)).toEqual(['name', 'npi', 'state', 'providerType', 'dateOfBirth']);
    expect(Object.fromEntries(top.fields.map((f) => [f.field, f.state]))).toEqual({
      name: 'matched',
      npi: 'matched',
      state: 'matched',
      providerType: 'matched',
      dateOfBirth: 'matched',
    });
    expect(top.fields.find((f) => f.field === 'dateOfBirth')).toMatchObject({
      rosterValue: '1970-01-02',
      listValue: '1970-01-02',
      strong: true,
    });
  });
  it('orders matches strongest first with a stable tie-break and lists sources sorted', () => {
    const r = screenEntity(index, { type: 'person', name: 'John Smith' });
    expect(r.matches.map((m) => [m.provenance.sourceList, m.score])).toEqual([
      ['sam', 1],
      ['leie', expect.any(Number)],
    ]);
    expect(r.matches[1].score).toBeLessThan(1);
    expect(r.sources.map((s) => s.source)).toEqual(['leie', 'sam']);
  });
  it('lowers the score on a conflicting date of birth but keeps the match', () => {
    const same = screenEntity(index, { type: 'person', name: 'John Allen Smith' });
    const conflicting = screenEntity(index, { type: 'person', name: 'John Allen Smith', dateOfBirth: '1980-05-05' });
    const leie = (r: typeof same) => r.matches.find((m) => m.provenance.sourceList === 'leie');
    expect(leie(same)?.score).toBe(1);
    expect(leie(conflicting)?.score).toBeLessThan(1);
    expect(leie(conflicting)?.fields.find((f) => f.field === 'dateOfBirth')?.state).toBe('not_matched');
  });
  it('reports an exact NPI match even when the name differs', () => {
    const r = screenEntity(index, { type: 'person', name: 'Joan Wexler', npi: '1234567893' });
    expect(r.status).toBe('potential_match');
    expect(r.matches[0].fields[0]).toMatchObject({ field: 'name', state: 'not_matched' });
    expect(r.matches[0].fields[1]).toMatchObject({ field: 'npi', state: 'matched', strong: true });
  });
  it('finds hyphenated, merged and partial compound surnames', () => {
    for (const name of ['Mary Smith Jones', 'Mary Smithjones', 'Mary Jones', 'MARY SMITH-JONES']) {
      expect(screenEntity(index, { type: 'person', name }).matches[0]?.provenance).toBeDefined();
    }
  });
  it('returns clear for a different person', () => {
    expect(screenEntity(index, { type: 'person', name: 'Patricia Okonkwo' }).status).toBe('clear');
    expect(screenEntity(index, { type: 'person', name: 'John Wexler' }).status).toBe('clear');
  });
  it('is deterministic: the same input gives byte-identical output', () => {
    const a = JSON.stringify(screenEntity(index, { type: 'person', name: 'J Smith' }));
    const b = JSON.stringify(screenEntity(buildMatcherIndex(entries.slice().reverse()), { type: 'person', name: 'J Smith' }));
    expect(a).toBe(b);
  });
});

describe('one-word listed names (bare surnames and aliases)', () => {
  const bare = buildMatcherIndex([
    person('b1', 'RIORDAN', 'MARGARET', { name: 'MARGARET RIORDAN', aliases: ['RIORDAN'] }),
    { ...person('b2', 'SMITH', ''), name: 'SMITH', firstName: null, dateOfBirth: '1961-04-05', npis: ['1234567893'] },
  ]);
  it('match a one-word roster name, misspelt or not', () => {
    for (const name of ['SMITH', 'Smyth', 'RIORDAN']) expect(screenEntity(bare, { type: 'person', name }).status).toBe('potential_match');
  });
  it('are no potential match of a longer roster name on their own', () => {
    for (const name of ['John Smith', 'Smith John', 'John Smyth', 'Jon Q Smithe', 'Riordan Jordan']) {
      expect(screenEntity(bare, { type: 'person', name }).status).toBe('clear');
    }
  });
  it('are one when the date of birth or the NPI agrees, misspelt surname included', () => {
    for (const name of ['John Smith', 'Smith John', 'John Smyth', 'Jon Q Smithe']) {
      expect(screenEntity(bare, { type: 'person', name, dateOfBirth: '1961-04-05' }).status).toBe('potential_match');
    }
    expect(screenEntity(bare, { type: 'person', name: 'John Smith', dateOfBirth: '1961-04-06' }).status).toBe('clear');
    const byNpi = screenEntity(bare, { type: 'person', name: 'John Smith', npi: '1234567893' });
    expect(byNpi.matches[0].fields[0]).toMatchObject({ field: 'name', state: 'matched', listValue: 'SMITH' });
  });
  it('never match a misspelt given name', () => {
    expect(screenEntity(bare, { type: 'person', name: 'Jordan Q Exampleson' }).status).toBe('clear');
  });
});

describe('candidate limit and recallCapped', () => {
  it('sets recallCapped when a bare surname has more viable candidates than the limit', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      person(`s${i}`, 'SMITH', ['ANN', 'BEN', 'CARL', 'DORA', 'EVAN', 'FAY'][i % 6] + String.fromCharCode(65 + i)),
    );
    const small = buildMatcherIndex(many, { candidateLimit: 10 });
    const bare = screenEntity(small, { type: 'person', name: 'SMITH' });
    expect(bare.recallCapped).toBe(true);
    expect(bare.matches.length).toBeLessThanOrEqual(10);
    const full = screenEntity(small, { type: 'person', name: 'ANNA SMITH' });
    expect(full.recallCapped).toBe(false);
  });
});

describe('candidate generation under a crowded index', () => {
  // Many names share the common words, so the target is only found if candidate generation
  // reaches it through the variant itself, not by luck of the candidate limit.
  const words = ['FAMILY', 'PRACTICE', 'DENTAL', 'MEDICAL', 'CENTER', 'HOME', 'HEALTH', 'CLINIC'];
  const crowd: IndexedEntry[] = [];
  for (let i = 0; i < 400; i++)
    crowd.push(org(`c${i}`, `${words[i % 8]} ${words[(i * 3 + 1) % 8]} ${String.fromCharCode(65 + (i % 26))}${i} LLC`));
  for (let i = 0; i < 400; i++)
    crowd.push(
      person(
        `m${i}`,
        `MILLER${i % 3 === 0 ? '' : String.fromCharCode(65 + (i % 26))}`,
        ['ANN', 'JOHN', 'MARY', 'PAUL'][i % 4] + String.fromCharCode(65 + (i % 26)),
      ),
    );
  crowd.push(org('t1', 'A & B FAMILY PRACTICE, INC'), org('t2', 'A+ DENTAL, CORPORATION'), org('t3', 'CLEMENT K WEST DDS PLLC'));
  crowd.push(person('t4', 'MILLER', 'JENNIFER'), person('t5', 'JARAMILLO', 'KAREN'));
  const crowded = buildMatcherIndex(crowd, { candidateLimit: 20 });
  const found = (entity: Parameters<typeof screenEntity>[1], entryKey: string): boolean => {
    const r = screenEntity(crowded, entity);
    return r.matches.some((m) => (m.fields[0].listValue ?? '').includes(crowd.find((e) => e.entryKey === entryKey)!.name));
  };
  it('finds OCR misreads that are more than two edits away (RN for M, 1 for L)', () => {
    expect(found({ type: 'person', name: 'JENNIFER RNIL1ER' }, 't4')).toBe(true);
    expect(found({ type: 'person', name: 'KAREN JARARNIL1O' }, 't5')).toBe(true);
  });
  it('always scores an organization written with the same words in another order', () => {
    expect(found({ type: 'organization', legalName: 'DENTAL A+ CORPORATION' }, 't2')).toBe(true);
    expect(found({ type: 'organization', legalName: 'B & A FAMILY PRACTICE INC' }, 't1')).toBe(true);
  });
  it('finds a misspelt organization whose other words are single letters or common', () => {
    expect(found({ type: 'organization', legalName: 'A & B FAMILY PRACTIEC INC' }, 't1')).toBe(true);
    expect(found({ type: 'organization', legalName: 'CLMENT K WEST DDS PLLC' }, 't3')).toBe(true);
  });
});

describe('screening an organization', () => {
  it('matches DBA names, legal-form and abbreviation variants', () => {
    for (const legalName of ['Acme Care', 'ACME HLTH SVCS LLC', 'Services Health Acme', 'Sunrise Valley Pharmacy']) {
      expect(screenEntity(index, { type: 'organization', legalName }).status).toBe('potential_match');
    }
    expect(screenEntity(index, { type: 'organization', legalName: 'Acme Hospice' }).status).toBe('clear');
  });
  it('screens the NPPES names of an organization found by NPI and says so in the evidence', () => {
    const registry = (npi: string): IndexedRegistryOrganization | undefined =>
      npi === '1555666779' ? { npi, legalName: 'SUNRISE VALLEY PHARMACY, L.L.C.', otherNames: [], state: 'CA' } : undefined;
    const withRegistry = buildMatcherIndex(entries, {
      registrySource: { source: 'nppes', listVersionId: '33333333-3333-4333-8333-333333333333', retrievedAt: base.retrievedAt },
    });
    const r = screenEntity(withRegistry, { type: 'organization', legalName: 'Blue Door Holdings', npi: '1555666779' }, registry);
    expect(r.status).toBe('potential_match');
    expect(r.matches[0].fields[0].rosterValue).toContain('NPPES registry name for NPI 1555666779');
    expect(r.sources.map((s) => s.source)).toEqual(['leie', 'nppes', 'sam']);
  });
});

describe('public lookup', () => {
  it('returns name-level results without date of birth or address', () => {
    const results = lookupName(index, { name: 'john smith' });
    expect(results.length).toBeGreaterThan(0);
    expect(Object.keys(results[0]).sort()).toEqual([
      'label',
      'listVersionId',
      'name',
      'retrievedAt',
      'score',
      'source',
      'sourceName',
      'type',
    ]);
    expect(lookupName(index, { name: 'john smith', type: 'organization' })).toEqual([]);
  });
});

describe('edit distance', () => {
  it('counts transpositions as one edit and stops past the bound', () => {
    expect(boundedEditDistance('JOHN', 'JHON', 2)).toBe(1);
    expect(boundedEditDistance('SMITH', 'SMYTHE', 2)).toBe(2);
    expect(boundedEditDistance('SMITH', 'JONES', 2)).toBe(3);
  });
});

describe('candidate generation never loses a person the scorer would match', () => {
  // The candidate contract: a person name is scored when it answers two words of the query (one
  // when either side has a single usable word). Initials are weighed in ranking, not counted.
  it('finds every listed name that compares as a potential match, for variants and fresh names alike', () => {
    const rng = createRng(11);
    const persons = createPersonFactory(rng);
    const list: IndexedEntry[] = Array.from({ length: 2000 }, (_, i) => {
      const p = persons.next();
      return person(`r${i}`, p.lastName, p.firstName, {
        middleName: p.middleName,
        aliases: p.aliases,
        name: `${p.lastName}, ${p.firstName}${p.middleName ? ` ${p.middleName}` : ''}`,
      });
    });
    const unlimited = buildMatcherIndex(list, { candidateLimit: 1e9 });
    const typo = (s: string): string => (s.length < 4 ? s : s.slice(0, 1) + s[2] + s[1] + s.slice(3));
    const queries: string[] = [];
    for (let i = 0; i < 200; i++) {
      const e = list[(i * 7) % list.length];
      queries.push(
        [
          `${e.firstName} ${e.lastName}`,
          `${e.lastName} ${e.firstName}`,
          `${typo(e.firstName ?? '')} ${e.middleName ?? ''} ${e.lastName}`,
          `${typo(e.lastName ?? '')}`,
          `${persons.next().firstName} ${e.lastName}`,
        ][i % 5],
      );
    }
    const { names } = unlimited.person;
    const missed: string[] = [];
    let expected = 0;
    for (const query of queries) {
      for (const q of normalizePersonName(query)) {
        const found = new Set(unlimited.person.finder.find(q, 1e9).ids);
        const similarity = memoized(personTokenSimilarity);
        names.forEach((listed, id) => {
          if (!personDecision(comparePersonNames(q, listed, textPairs(q, listed, similarity)), q, listed)) return;
          expected++;
          if (!found.has(id)) missed.push(`${query} -> ${listed.display}`);
        });
      }
    }
    expect(expected).toBeGreaterThan(120);
    expect(missed).toEqual([]);
  });

  it('gives byte-identical results through the capped path, whatever order the entries came in', () => {
    const rng = createRng(12);
    const persons = createPersonFactory(rng);
    const list: IndexedEntry[] = Array.from({ length: 2000 }, (_, i) => {
      const p = persons.next();
      return person(`d${i}`, i % 3 === 0 ? 'SMITH' : p.lastName, p.firstName, { sourceKey: i % 2 ? 'leie' : 'sam' });
    });
    const shuffled = list
      .slice()
      .sort((a, b) => (a.entryKey.split('').reverse().join('') < b.entryKey.split('').reverse().join('') ? -1 : 1));
    const a = buildMatcherIndex(list, { candidateLimit: 20 });
    const b = buildMatcherIndex(shuffled, { candidateLimit: 20 });
    for (const name of ['MARY SMITH', 'JOHN SMYTH', 'SMITH', 'J SMITH', 'SMYTH']) {
      const ra = screenEntity(a, { type: 'person', name });
      expect(ra.recallCapped).toBe(true);
      expect(JSON.stringify(screenEntity(b, { type: 'person', name }))).toBe(JSON.stringify(ra));
    }
  });
});

describe('candidate generation with the probed token checked rather than marked', () => {
  it('finds the same names, in the same order, with the same counts, as marking every token', () => {
    const rng = createRng(13);
    const persons = createPersonFactory(rng);
    // A few common given names against many surnames: the given name's postings dwarf the surname's.
    const given = ['JOHN', 'JON', 'JOHNNY', 'JACK', 'MARY', 'MARIE'];
    const list: IndexedEntry[] = Array.from({ length: 1500 }, (_, i) => {
      const p = persons.next();
      return person(`c${i}`, i % 50 === 0 ? 'SMITH' : p.lastName, given[i % given.length], {
        middleName: i % 3 === 0 ? p.middleName : null,
        aliases: i % 40 === 0 ? [given[(i + 1) % given.length]] : [],
      });
    });
    // Bare names (one word), and words written as one, beside the common ones.
    list.push(person('s1', 'SMITH', ''), person('s2', 'JOHN', ''), person('s3', 'JOHNSMITH', 'PAUL'), person('s4', 'SMYTH', 'JON'));
    const built = buildMatcherIndex(list);
    const { tokens, names } = built.person;
    const checking = new CandidateFinder(tokens, names, 'person', 0);
    const marking = new CandidateFinder(tokens, names, 'person', Infinity);
    const queries = [
      'JOHN SMITH',
      'JON SMYTHE',
      'MARY J SMITH',
      'JOHN SMITH DOE',
      'SMITH JOHN',
      ...list.slice(0, 60).map((e) => `${e.firstName} ${e.middleName ?? ''} ${e.lastName}`),
    ];
    let compared = 0;
    for (const query of queries)
      for (const q of normalizePersonName(query))
        for (const limit of [20, 1e9]) {
          const found = checking.find(q, limit);
          expect(found).toEqual(marking.find(q, limit));
          compared += found.ids.length;
        }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('candidate generation from the kept rows of common query tokens', () => {
  it('finds the same names, in the same order, with the same counts, as marking every variant', () => {
    const rng = createRng(14);
    const persons = createPersonFactory(rng);
    // Common given names whose variants overlap (MARY and MARIE, JOHN and JON): a query holding two
    // of them cannot take a kept row for a token another one claims a variant of.
    const given = ['JOHN', 'JON', 'JOHNNY', 'JACK', 'MARY', 'MARIE', 'MARIA'];
    const list: IndexedEntry[] = Array.from({ length: 1500 }, (_, i) => {
      const p = persons.next();
      return person(`u${i}`, i % 30 === 0 ? 'SMITH' : p.lastName, given[i % given.length], {
        middleName: i % 4 === 0 ? given[(i + 3) % given.length] : null,
      });
    });
    const built = buildMatcherIndex(list);
    const { tokens, names } = built.person;
    const marking = new CandidateFinder(tokens, names, 'person', undefined, 0);
    const keeping = new CandidateFinder(tokens, names, 'person');
    // Room for one row: the other common tokens are marked, beside the one copied.
    const keepingOne = new CandidateFinder(tokens, names, 'person', undefined, 4 * Math.ceil(names.length / 32));
    const queries = [
      'MARY SMITH',
      'MARY MARIE SMITH',
      'JOHN JON SMITH',
      'MARIA JOHN',
      'SMITH MARY',
      'JOHNN SMITH',
      ...list.slice(0, 60).map((e) => `${e.firstName} ${e.middleName ?? ''} ${e.lastName}`),
    ];
    let compared = 0;
    // Twice over: the second time every row is copied from what the first kept.
    for (const round of [1, 2])
      for (const query of queries)
        for (const q of normalizePersonName(query))
          for (const limit of [20, 1e9]) {
            const expected = marking.find(q, limit);
            expect(keeping.find(q, limit)).toEqual(expected);
            expect(keepingOne.find(q, limit)).toEqual(expected);
            compared += round * expected.ids.length;
          }
    expect(compared).toBeGreaterThan(1000);
    expect(marking.keptRows()).toBe(0);
    expect(keepingOne.keptRows()).toBe(1);
    expect(keeping.keptRows()).toBeGreaterThan(3);
  });
});

describe('topByWeight: the candidate cut', () => {
  it('keeps the same ids, in the same order, as sorting everything by weight then id', () => {
    let seed = 12345;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const [n, limit] of [
      [50, 10],
      [3000, 500],
      [1000, 999],
      [700, 1],
    ] as const) {
      const acc = new Float32Array(n);
      for (let i = 0; i < n; i++) acc[i] = Math.round(rand() * 40) / 4; // many ties
      const ids = Array.from({ length: n }, (_, i) => i).reverse();
      const expected = ids
        .slice()
        .sort((a, b) => acc[b] - acc[a] || a - b)
        .slice(0, limit);
      expect(
        topByWeight(
          ids,
          ids.map((id) => acc[id]),
          limit,
        ),
      ).toEqual(expected);
    }
  });
});
