import { buildMatcherIndex, keyGroupSizes, type IndexedEntry } from '../../../matcher/engine';
import {
  changedKeyGroups,
  groupsThatCross,
  keyGroupKey,
  splitReadingChanged,
  wordsSplitReadingNeeds,
  type WordPresence,
} from '../../../matcher/blockingKeys';
import type { Entity } from '../../../matcher/types';
import type { ListedParty } from '../../../matcher/types';
import { createRng } from '../../../infra/dev/synthetic/parties';

/**
 * A list change can switch a key group on or off for subjects through entries it did not touch:
 * a sound or OCR key fetches variants only while at most 40 spellings share it, a word is a split
 * half only while some name holds it. Monitoring screens again the holders of the groups the
 * change carried across, working out each group's size before the change from its size after it
 * (what the matcher holds) and the change alone. Checked against both lists' real sizes.
 */
function party(key: string, last: string, first: string, extra: Partial<ListedParty> = {}): IndexedEntry {
  const p: ListedParty = {
    entryKey: key,
    kind: 'person',
    name: `${last}, ${first}`,
    lastName: last,
    firstName: first,
    middleName: null,
    suffix: null,
    aliases: [],
    npis: [],
    state: null,
    dateOfBirth: null,
    providerType: null,
    ...extra,
  };
  return { ...p, sourceKey: 'oig_leie', sourceName: 'LEIE', listVersionId: 'v', retrievedAt: '2026-01-01T00:00:00.000Z' };
}

/** The groups' keys the exact rule takes, and the keys of the groups whose size really crossed between the two lists. */
function crossings(before: IndexedEntry[], after: IndexedEntry[]): { taken: number[]; truth: number[]; touched: number } {
  // As the version diff gives them: entries added or changed (new form), removed or changed (old form).
  const form = (e: IndexedEntry) => JSON.stringify(e);
  const beforeForms = new Set(before.map(form));
  const afterForms = new Set(after.map(form));
  const newParties = after.filter((e) => !beforeForms.has(form(e)));
  const oldParties = before.filter((e) => !afterForms.has(form(e)));
  const groups = changedKeyGroups({ newParties, oldParties });
  const sizesAfter = keyGroupSizes(
    buildMatcherIndex(after),
    groups.map((g) => g.group),
  );
  const sizesBefore = keyGroupSizes(
    buildMatcherIndex(before),
    groups.map((g) => g.group),
  );
  const threshold = (type: string) => (type === 'word' ? 0 : 40);
  const truth = groups.flatMap((g, i) =>
    sizesBefore[i] > threshold(g.group.type) !== sizesAfter[i] > threshold(g.group.type) ? [keyGroupKey(g.group)] : [],
  );
  const taken = groupsThatCross(groups, sizesAfter, { exact: true }).map((g) => keyGroupKey(g.group));
  return { taken: taken.sort(), truth: [...new Set(truth)].sort(), touched: groups.length };
}

const vowels = 'AEIOU';
const SOUND_ALIKES: string[] = [];
for (const a of vowels) for (const b of vowels) for (const c of vowels) SOUND_ALIKES.push(`M${a}SK${b}R${c}FT`);

describe('key groups a list change carries across their thresholds', () => {
  it('takes a sound group whose 41st spelling the change removes, and not one whose removed spelling another entry still holds', () => {
    const group = SOUND_ALIKES.slice(0, 41).map((last, i) => party(`s${i}`, last, 'ALDOUS'));
    const twice = party('twice', SOUND_ALIKES[0], 'BARNABY'); // a second holder of the first spelling
    const base = [...group, twice];
    const removedLast = crossings(
      base,
      base.filter((e) => e.entryKey !== 's40'),
    );
    expect(removedLast.truth.length).toBeGreaterThan(0);
    expect(removedLast.taken).toEqual(removedLast.truth);
    // s0's spelling stays in the list through `twice`: 41 spellings before and after.
    const stillHeld = crossings(
      base,
      base.filter((e) => e.entryKey !== 's0'),
    );
    expect(stillHeld.truth).toEqual([]);
    expect(stillHeld.taken).toEqual([]);
  });

  it('takes a word the change brings into the list or takes out of it, and not one another name still holds', () => {
    const base = [party('a', 'KOWALSKI', 'JOHN'), party('b', 'KOWALSKI', 'JON'), party('c', 'QUUX', 'ZEB')];
    const added = crossings(base.slice(0, 2), base);
    expect(added.truth.length).toBeGreaterThan(0);
    expect(added.taken).toEqual(added.truth);
    const removedOne = crossings(base, [base[0], base[2]]); // JON goes, KOWALSKI stays
    expect(removedOne.taken).toEqual(removedOne.truth);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'takes exactly the groups that crossed, on random changes to crowded lists: added, removed and renamed entries, aliases, repeated words, organizations (seed %d)',
    (seed) => {
      const rng = createRng(seed);
      const pick = (xs: readonly string[]) => xs[rng.int(xs.length)];
      const rare = (n: number) =>
        Array.from({ length: n }, () => `Z${pick(['A', 'E', 'O'])}${pick(['B', 'K', 'Q'])}${pick(['A', 'I', 'U'])}${pick(['X', 'V'])}`);
      const surnames = [...SOUND_ALIKES.slice(0, 44), 'SMITH', 'SMYTH', 'GARCIA', ...rare(12)];
      const given = ['JOHN', 'JON', 'MARIA', 'ZEB', 'ANH', 'LI', ...rare(6)];
      const entry = (key: string): IndexedEntry => {
        const roll = rng.int(20);
        if (roll === 0)
          return { ...party(key, '', ''), kind: 'organization', name: `${pick(surnames)} CARE`, lastName: null, firstName: null };
        const last = pick(surnames);
        if (roll === 1) return party(key, last, last); // a repeated word: GARCIA, GARCIA
        if (roll <= 3) return party(key, last, pick(given), { aliases: [`${pick(given)} ${pick(surnames)}`] });
        return party(key, last, pick(given));
      };
      const base = Array.from({ length: 120 }, (_, i) => entry(`p${i}`));
      const removed = new Set(Array.from({ length: 10 }, () => `p${rng.int(base.length)}`));
      const renamed = new Set(Array.from({ length: 6 }, () => `p${rng.int(base.length)}`));
      const kept = base.filter((e) => !removed.has(e.entryKey)).map((e) => (renamed.has(e.entryKey) ? entry(e.entryKey) : e));
      const added = Array.from({ length: 10 }, (_, i) => entry(`n${i}`));
      const result = crossings(base, [...kept, ...added]);
      expect(result.taken).toEqual(result.truth);
      expect(result.touched).toBeGreaterThan(result.taken.length);
    },
  );

  it('takes every group the change touches when other versions moved the sizes too', () => {
    const base = [party('a', 'KOWALSKI', 'JOHN'), party('b', 'SMITH', 'JON')];
    const groups = changedKeyGroups({ newParties: [party('c', 'QUUX', 'ZEB')], oldParties: [] });
    const sizes = keyGroupSizes(
      buildMatcherIndex([...base, party('c', 'QUUX', 'ZEB')]),
      groups.map((g) => g.group),
    );
    expect(groupsThatCross(groups, sizes, { exact: false })).toHaveLength(groups.length);
    expect(groupsThatCross(groups, sizes, { exact: true }).length).toBeLessThan(groups.length);
  });
});

describe('subjects a word the change brings into the list or takes out of it reads differently', () => {
  const subject = (name: string): Entity => ({ type: 'person', name });
  const presence =
    (table: Record<string, [boolean, boolean]>) =>
    (word: string): WordPresence => {
      const [before, after] = table[word] ?? [false, false];
      return { before, after };
    };

  it('reads JOHN ZEBKOWALSKI as ZEB KOWALSKI once ZEB is listed, if KOWALSKI is a listed word', () => {
    const crossed = new Set(['ZEB']);
    const entity = subject('John Zebkowalski');
    expect(wordsSplitReadingNeeds(entity, crossed)).toEqual(expect.arrayContaining(['ZEB', 'KOWALSKI']));
    expect(splitReadingChanged(entity, crossed, presence({ ZEB: [false, true], KOWALSKI: [true, true] }))).toBe(true);
    // KOWALSKI is no listed word: the cut is read neither before nor after.
    expect(splitReadingChanged(entity, crossed, presence({ ZEB: [false, true] }))).toBe(false);
    // Both halves change, one in and one out: the cut is read neither before nor after.
    expect(splitReadingChanged(entity, new Set(['ZEB', 'KOWALSKI']), presence({ ZEB: [false, true], KOWALSKI: [true, false] }))).toBe(
      false,
    );
    // Both come in together.
    expect(splitReadingChanged(entity, new Set(['ZEB', 'KOWALSKI']), presence({ ZEB: [false, true], KOWALSKI: [false, true] }))).toBe(true);
  });

  it('reads a surname with glued particles through the word after them, whatever else is listed', () => {
    expect(splitReadingChanged(subject('Maria Delascasas'), new Set(['CASAS']), presence({ CASAS: [true, false] }))).toBe(true);
  });

  it("finds no reading through a word that is no part of the subject's words", () => {
    expect(splitReadingChanged(subject('John Smith'), new Set(['ZEB']), presence({ ZEB: [false, true] }))).toBe(false);
    expect(wordsSplitReadingNeeds(subject('John Smith'), new Set(['ZEB']))).toEqual([]);
  });
});
