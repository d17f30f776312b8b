import { takeOutSources } from '../../../activities/batch/sharedSources';

/** A matchMany answer as the matcher writes it (JSON.stringify), results[i] with the given sources. */
const answerWith = (...sources: unknown[]): string =>
  JSON.stringify({
    results: sources.map((s, i) => ({ status: 'clear', matches: [], sources: s, checkedAt: `t${i}`, recallCapped: false })),
    headroom: sources.map(() => 3),
    rulesVersion: 7,
  });

/** The answer with each result's sources put back from the variants. */
function putBack(out: { answer: string; variants: string[] }): unknown {
  const parsed = JSON.parse(out.answer) as { results: Array<{ sources: unknown }> };
  for (const r of parsed.results) if (typeof r.sources === 'number') r.sources = JSON.parse(out.variants[r.sources]);
  return parsed;
}

const leie = [{ source: 'leie', listVersionId: 'v-1', retrievedAt: '2026-01-02T03:04:05.000Z' }];
const withRegistry = [...leie, { source: 'nppes', listVersionId: 'v-2', retrievedAt: '2026-01-03T03:04:05.000Z' }];

describe('takeOutSources', () => {
  it('keeps each different sources array once, in the order first met, and names it by index in each result', () => {
    const out = takeOutSources(answerWith(leie, withRegistry, leie, leie));
    expect(out.variants.map((v) => JSON.parse(v))).toEqual([leie, withRegistry]);
    expect((JSON.parse(out.answer) as { results: Array<{ sources: unknown }> }).results.map((r) => r.sources)).toEqual([0, 1, 0, 0]);
  });

  it('loses nothing: the sources put back give the answer as it came', () => {
    const answer = answerWith(leie, withRegistry, [], leie);
    expect(putBack(takeOutSources(answer))).toEqual(JSON.parse(answer));
  });

  it('is not misled by the key or brackets inside strings', () => {
    const tricky = [{ source: 'a "sources":[1]', listVersionId: '] } [ {', retrievedAt: '\\' }];
    const answer = answerWith(tricky, leie, tricky);
    const out = takeOutSources(answer);
    expect(out.variants.map((v) => JSON.parse(v))).toEqual([tricky, leie]);
    expect(putBack(out)).toEqual(JSON.parse(answer));
  });

  it('leaves sources that are not an array, and an answer without any, as they are', () => {
    const odd = answerWith('all lists', null);
    expect(takeOutSources(odd)).toEqual({ answer: odd, variants: [] });
    expect(takeOutSources('{"results":[]}')).toEqual({ answer: '{"results":[]}', variants: [] });
  });
});
