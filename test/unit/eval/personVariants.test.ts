import { createRng } from '../../../infra/dev/synthetic/parties';
import { parseNicknameCsv } from '../../bench/eval/nicknames';
import * as variants from '../../bench/eval/personVariants';
import type { PersonParts, PersonVariant, PersonVariantContext } from '../../bench/eval/personVariants';
import { foldName, osaDistance, squashName } from '../../bench/eval/text';

// A three-row parser input, not a nickname table: the harness reads the real one from nicknames==1.0.1.
const nicknames = parseNicknameCsv(
  'name1,relationship,name2\nrobert,has_nickname,bob\nrobert,has_nickname,rob\nelizabeth,has_nickname,beth\n',
);
const firstNames = ['ALLEN', 'BRIAN', 'CAROL', 'DIANA', 'EDGAR', 'MARY', 'ANN', 'MARYANN'];

function context(seed: number): PersonVariantContext {
  return { rng: createRng(seed), nicknames, firstNames, firstNameSet: new Set(firstNames), surnameSet: new Set(['DONALD', 'LEON']) };
}

const robert: PersonParts = { first: 'ROBERT', middle: 'ALLEN', last: 'MCDONALD', suffix: 'JR', credential: null };
const elizabeth: PersonParts = { first: 'ELIZABETH', middle: null, last: 'SMITH-JONES', suffix: null, credential: 'RN' };
const samples = [robert, elizabeth];

/** Runs a generator over both samples and many seeds, returning [source, variant] pairs that applied. */
function outputs(generator: PersonVariant, parts: PersonParts[] = samples): [PersonParts, string][] {
  const produced: [PersonParts, string][] = [];
  for (const source of parts) {
    for (let seed = 1; seed <= 40; seed++) {
      const variant = generator(source, context(seed));
      if (variant !== null) produced.push([source, variant]);
    }
  }
  expect(produced.length).toBeGreaterThan(0);
  return produced;
}

const plain = (parts: PersonParts): string => foldName(variants.renderPerson({ ...parts, credential: null }));
const tokens = (text: string): string[] => foldName(text).split(' ');

describe('person variant generators', () => {
  it('are deterministic for a seed', () => {
    for (const generator of [
      variants.typoOneEdit,
      variants.typoTwoEdits,
      variants.ocrConfusion,
      variants.suffixOrCredential,
      variants.diacritics,
    ]) {
      expect(generator(robert, context(7))).toBe(generator(robert, context(7)));
    }
  });

  it('typo_1edit is exactly one edit away', () => {
    for (const [source, variant] of outputs(variants.typoOneEdit)) {
      expect(osaDistance(foldName(variant), plain(source))).toBe(1);
    }
  });

  it('typo_2edits is exactly two edits away', () => {
    for (const [source, variant] of outputs(variants.typoTwoEdits)) {
      expect(osaDistance(foldName(variant), plain(source))).toBe(2);
    }
  });

  it('ocr swaps in confusable glyphs', () => {
    for (const [source, variant] of outputs(variants.ocrConfusion)) {
      expect(foldName(variant)).not.toBe(plain(source));
      // Every confusion either introduces a digit or changes the length (M→RN, CL→D…).
      expect(/[0-9]/.test(variant) || variant.length !== plain(source).length).toBe(true);
      const undone = foldName(variant).replace(/0/g, 'O').replace(/5/g, 'S');
      expect(osaDistance(undone, plain(source))).toBeLessThanOrEqual(4);
    }
  });

  it('nickname uses a CSV nickname of the first name', () => {
    for (const [source, variant] of outputs(variants.nickname)) {
      expect(nicknames.nicknamesOf(source.first)).toContain(tokens(variant)[0]);
      expect(tokens(variant).at(-1)).toBe(tokens(source.suffix ? `${source.last} ${source.suffix}` : source.last).at(-1));
    }
  });

  it('order_swap puts the surname first', () => {
    for (const [source, variant] of outputs(variants.orderSwap)) {
      expect(foldName(variant).startsWith(foldName(source.last))).toBe(true);
    }
  });

  it('middle_missing drops a middle name or adds one', () => {
    for (const [source, variant] of outputs(variants.middleMissing)) {
      const expectedTokens = tokens(plain(source)).length + (source.middle ? -1 : 1);
      expect(tokens(variant)).toHaveLength(expectedTokens);
    }
  });

  it('initials shorten the middle or the first name to its initial', () => {
    for (const [source, variant] of outputs(variants.initials, [robert])) {
      const initial = tokens(variant).find((token) => token.length === 1);
      expect([source.first[0], source.middle![0]]).toContain(initial);
      expect(tokens(variant)).toContain(initial === source.first[0] ? source.middle : source.first);
    }
    expect(variants.initials(elizabeth, context(1))).toBeNull();
  });

  it('suffix_credential keeps the name and changes only suffix or credential', () => {
    for (const [source, variant] of outputs(variants.suffixOrCredential)) {
      expect(squashName(variant)).toContain(squashName(`${source.first}`));
      expect(squashName(variant)).toContain(squashName(source.last));
      expect(foldName(variant)).not.toBe(foldName(variants.renderPerson(source)));
    }
  });

  it('compound_format changes only hyphens and spaces; compound_half keeps one half', () => {
    for (const [source, variant] of outputs(variants.compoundFormat, [elizabeth])) {
      expect(squashName(variant)).toBe(squashName(plain(source)));
      expect(variant.toUpperCase()).not.toBe(variants.renderPerson({ ...source, credential: null }));
    }
    for (const [, variant] of outputs(variants.compoundHalf, [elizabeth])) {
      expect(['SMITH', 'JONES']).toContain(tokens(variant).at(-1));
      expect(tokens(variant)).toHaveLength(2);
    }
    expect(variants.compoundFormat(robert, context(1))).toBeNull();
  });

  it('diacritics fold back to the same letters', () => {
    for (const [source, variant] of outputs(variants.diacritics)) {
      expect(foldName(variant)).toBe(plain(source));
      expect(variant.toUpperCase()).not.toBe(variants.renderPerson({ ...source, credential: null }));
    }
    const accented: PersonParts = { first: 'JOSÉ', middle: null, last: 'NÚÑEZ', suffix: null, credential: null };
    expect(foldName(variants.diacritics(accented, context(3))!)).toBe('JOSE NUNEZ');
    expect(variants.diacritics(accented, context(3))!.toUpperCase()).toBe('JOSE NUNEZ');
  });

  it('merge_split keeps the letters and moves a space', () => {
    const mary: PersonParts = { first: 'MARY', middle: 'ANN', last: 'OBRIEN', suffix: null, credential: null };
    for (const [source, variant] of outputs(variants.mergeSplit, [robert, mary])) {
      expect(squashName(variant)).toBe(squashName(plain(source)));
      expect(variant.toUpperCase()).not.toBe(variants.renderPerson(source));
    }
  });

  it('different_middle keeps first and last and changes the middle', () => {
    for (const [source, variant] of outputs(variants.differentMiddle, [robert])) {
      const parts = tokens(variant);
      expect(parts[0]).toBe(source.first);
      expect(parts[2]).toBe(source.last);
      expect(parts[1][0]).not.toBe(source.middle![0]);
    }
  });
});
