import { ListedShapes, keyHash } from '../../../matcher/index/listedShapes';
import { TokenIndex } from '../../../matcher/index/tokenIndex';
import { normalizeOrgName } from '../../../matcher/normalize/orgName';
import { normalizePersonName } from '../../../matcher/normalize/personName';
import { NameShape } from '../../../matcher/score/nameShape';
import { createOrganizationFactory, createRng } from '../../../infra/dev/synthetic/parties';
import { generatedPersonNames } from './support/generatedPersonNames';

const shapeOf = (shape: NameShape) => ({
  codes: Array.from(shape.codes.subarray(0, shape.count)),
  lengths: Array.from(shape.lengths.subarray(0, shape.count)),
  compoundLead: shape.compoundLead,
});

describe('ListedShapes: what the refusals read of every listed person name, kept in typed arrays', () => {
  const particles = ['MARIA DE LA CRUZ', 'JOSE GARCIA LOPEZ', 'DE JESUS, ANA', 'NGUYEN THI LAN', 'J R R TOLKIEN', 'VAN DER BERG, PIETER'];
  const names = [...generatedPersonNames(400, 13), ...particles.flatMap((n) => normalizePersonName(n))];
  const index = new TokenIndex(names, true);
  const shapes = new ListedShapes(names, index);

  it('holds for each name the shape its own object gives: word codes, lengths and compound lead', () => {
    const loaded = new NameShape();
    const expected = new NameShape();
    names.forEach((name, id) => expect(shapeOf(shapes.load(id, loaded))).toEqual(shapeOf(expected.of(name))));
    expect(names.some((n) => n.compoundLead >= 0)).toBe(true);
  });

  it('says a key may be the name’s own, and is not for another key of a different hash', () => {
    names.forEach((name, id) => {
      expect(shapes.mayHaveKey(id, keyHash(name.key))).toBe(true);
      const other = `${name.key} X`;
      if (keyHash(other) !== keyHash(name.key)) expect(shapes.mayHaveKey(id, keyHash(other))).toBe(false);
    });
  });
});

describe('ListedShapes of organization names: what their refusal reads (word count and lengths, key and strict key)', () => {
  const organizations = createOrganizationFactory(createRng(17));
  const written = [...Array.from({ length: 300 }, () => organizations.next().legalName), 'A & B CARE, INC', 'ST. MARY HOSPITAL'];
  const names = written.flatMap((n) => normalizeOrgName(n));
  const shapes = new ListedShapes(names, new TokenIndex(names, false));

  it('holds for each name the word lengths of its words', () => {
    const loaded = new NameShape();
    const expected = new NameShape();
    names.forEach((name, id) => {
      const shape = shapes.load(id, loaded);
      expect(shapeOf(shape).lengths).toEqual(shapeOf(expected.ofWords(name.tokens)).lengths);
    });
  });

  it('says a strict key may be the name’s own, and is not for another strict key of a different hash', () => {
    names.forEach((name, id) => {
      expect(shapes.mayHaveStrictKey(id, keyHash(name.strictKey))).toBe(true);
      const other = `${name.strictKey} X`;
      if (keyHash(other) !== keyHash(name.strictKey)) expect(shapes.mayHaveStrictKey(id, keyHash(other))).toBe(false);
    });
  });
});
