import type { ScreeningResult } from '../../../matcher/types';
import { isStaleResult, listsAsScreened } from '../../../activities/monitoring/staleResults';
import { onThisVersion } from '../../../activities/monitoring/versionRescreen/reach';

/** The one stale-result rule, as the fan-out, the record catch-up and every stored re-screen use it. */
const result = (...sources: Array<[string, string]>): ScreeningResult => ({
  status: 'clear',
  matches: [],
  sources: sources.map(([source, listVersionId]) => ({ source, listVersionId, retrievedAt: '2026-01-01T00:00:00.000Z' })),
  checkedAt: '2026-01-02T00:00:00.000Z',
  recallCapped: false,
});

const LISTS = [
  { key: 'nppes', registry: true, screened: true, currentVersionId: 'r2' },
  { key: 'oig_leie', registry: false, screened: true, currentVersionId: 'l2' },
  { key: 'sam', registry: false, screened: true, currentVersionId: 's2' },
  { key: 'tx_oig', registry: false, screened: false, currentVersionId: 't1' },
];

describe('a result on the lists as screened, any version (every stored re-screen)', () => {
  const expected = listsAsScreened(LISTS, { onCurrentVersion: false });
  it('is current citing exactly the screened lists, on any version, with or without the registry', () => {
    expect(isStaleResult(result(['oig_leie', 'l1'], ['sam', 's2']), expected)).toBe(false);
    expect(isStaleResult(result(['nppes', 'r1'], ['oig_leie', 'l2'], ['sam', 's2']), expected)).toBe(false);
  });
  it('is stale leaving out a screened list or citing one switched off', () => {
    expect(isStaleResult(result(['oig_leie', 'l2']), expected)).toBe(true);
    expect(isStaleResult(result(['oig_leie', 'l2'], ['sam', 's2'], ['tx_oig', 't1']), expected)).toBe(true);
  });
});

describe('a result on the current version of every screened list (the record catch-up)', () => {
  const expected = listsAsScreened(LISTS, { onCurrentVersion: true });
  it('is current on the current versions', () => {
    expect(isStaleResult(result(['oig_leie', 'l2'], ['sam', 's2']), expected)).toBe(false);
  });
  it('is stale on an older version, or on other lists', () => {
    expect(isStaleResult(result(['oig_leie', 'l1'], ['sam', 's2']), expected)).toBe(true);
    expect(isStaleResult(result(['sam', 's2']), expected)).toBe(true);
    expect(isStaleResult(result(['oig_leie', 'l2'], ['sam', 's2'], ['tx_oig', 't1']), expected)).toBe(true);
  });
});

describe("a result on the fan-out's version (the list-version re-screen)", () => {
  it('is stale citing a superseded version of the source, whatever the other lists show', () => {
    const expected = [onThisVersion({ sourceKey: 'oig_leie', registry: false }, new Set(['l1']))];
    expect(isStaleResult(result(['oig_leie', 'l1'], ['sam', 's2']), expected)).toBe(true);
    expect(isStaleResult(result(['oig_leie', 'l2']), expected)).toBe(false);
    expect(isStaleResult(result(['oig_leie', 'l3'], ['tx_oig', 't0']), expected)).toBe(false);
    expect(isStaleResult(result(['sam', 's2']), expected)).toBe(true);
  });
  it('takes a registry left out as not consulted, and a superseded one as stale', () => {
    const expected = [onThisVersion({ sourceKey: 'nppes', registry: true }, new Set(['r1']))];
    expect(isStaleResult(result(['oig_leie', 'l2']), expected)).toBe(false);
    expect(isStaleResult(result(['nppes', 'r1']), expected)).toBe(true);
    expect(isStaleResult(result(['nppes', 'r2']), expected)).toBe(false);
  });
});
