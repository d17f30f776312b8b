import { compactNames } from '../../../matcher/index/compactNames';
import { TokenIndex } from '../../../matcher/index/tokenIndex';
import { normalizeOrgName } from '../../../matcher/normalize/orgName';
import { generatedPersonNames } from './support/generatedPersonNames';

describe('compactNames: the listed names as the index keeps them', () => {
  it('keeps every field of every name as normalization made it, organizations included', () => {
    const persons = generatedPersonNames(400, 11);
    const orgs = ['SUNRISE HOME HEALTH LLC', 'ST. MARY HOSPITAL', 'A & B CARE, INC'].flatMap((n) => normalizeOrgName(n));
    for (const names of [persons, orgs]) {
      const index = new TokenIndex(names, names === persons);
      const compact = compactNames(names, index.vocab, index.words);
      expect(compact).toEqual(names);
      compact.forEach((n, i) => expect(Object.keys(n)).toEqual(Object.keys(names[i])));
    }
  });

  it('shares one roles array and one soft-flags array among the names of the same pattern', () => {
    const names = generatedPersonNames(400, 11);
    const index = new TokenIndex(names, true);
    const compact = compactNames(names, index.vocab, index.words);
    const rolesArrays = new Set(compact.map((n) => n.roles));
    const softArrays = new Set(compact.map((n) => n.soft));
    const rolePatterns = new Set(compact.map((n) => n.roles.join(',')));
    const softPatterns = new Set(compact.map((n) => n.soft.join(',')));
    expect(rolesArrays.size).toBe(rolePatterns.size);
    expect(softArrays.size).toBe(softPatterns.size);
    // Not a vacuous check: hundreds of names fall into a handful of patterns.
    expect(rolePatterns.size).toBeLessThan(names.length / 10);
    // The names normalization made are left as they were (their own arrays).
    expect(new Set(names.map((n) => n.roles)).size).toBeGreaterThan(rolePatterns.size);
  });
});
