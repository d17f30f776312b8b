import { createRng } from '../../../infra/dev/synthetic/parties';
import { organizationCore } from '../../bench/eval/expectedFlag';
import * as org from '../../bench/eval/orgVariants';
import { foldName, osaDistance } from '../../bench/eval/text';

const samples: org.OrganizationVariantInput[] = [
  { name: 'SAINT MARY HEALTH CENTER, INC', dbaNames: ['ST MARY CLINIC'] },
  { name: 'SMITH & JONES DENTAL L.L.C.', dbaNames: [] },
  { name: 'SUNRISE HOME HEALTH', dbaNames: [] },
];

function outputs(generator: org.OrganizationVariant): [org.OrganizationVariantInput, string][] {
  const produced: [org.OrganizationVariantInput, string][] = [];
  for (const input of samples) {
    for (let seed = 1; seed <= 30; seed++) {
      const variant = generator(input, createRng(seed));
      if (variant !== null) produced.push([input, variant]);
    }
  }
  expect(produced.length).toBeGreaterThan(0);
  return produced;
}

describe('organization variant generators', () => {
  it('split the trailing legal form', () => {
    expect(org.splitLegalForm('SAINT MARY HEALTH CENTER, INC')).toEqual({ core: 'SAINT MARY HEALTH CENTER', form: 'INC' });
    expect(org.splitLegalForm('SMITH & JONES DENTAL L.L.C.')).toEqual({ core: 'SMITH & JONES DENTAL', form: 'L.L.C.' });
    expect(org.splitLegalForm('SUNRISE HOME HEALTH')).toEqual({ core: 'SUNRISE HOME HEALTH', form: null });
  });

  it('legal_form keeps the core and changes the form', () => {
    for (const [input, variant] of outputs(org.legalForm)) {
      expect(org.splitLegalForm(variant).core).toBe(org.splitLegalForm(input.name).core);
      expect(foldName(variant)).not.toBe(foldName(input.name));
    }
  });

  it('dba uses the trade name', () => {
    for (const [input, variant] of outputs(org.doingBusinessAs)) expect(variant).toContain(input.dbaNames[0]);
    expect(org.doingBusinessAs(samples[1], createRng(1))).toBeNull();
  });

  it('abbreviation changes spelling, not the canonical words', () => {
    for (const [input, variant] of outputs(org.abbreviation)) {
      expect(organizationCore(variant)).toEqual(organizationCore(input.name));
      expect(variant).not.toBe(input.name);
    }
    expect(org.abbreviation({ name: 'SUNRISE DENTAL', dbaNames: [] }, createRng(1))).toBeNull();
  });

  it('word_order permutes the same words', () => {
    for (const [input, variant] of outputs(org.wordOrder)) {
      const sorted = (text: string): string => organizationCore(text).sort().join(' ');
      expect(sorted(variant)).toBe(sorted(input.name));
      expect(organizationCore(variant)).not.toEqual(organizationCore(input.name));
    }
    expect(org.wordOrder({ name: 'SMITH & JONES DENTAL L.L.C.', dbaNames: [] }, createRng(1))).toBe('JONES & SMITH DENTAL L.L.C.');
  });

  it('typo is one edit in the core', () => {
    for (const [input, variant] of outputs(org.organizationTypo)) {
      expect(osaDistance(foldName(variant), foldName(input.name))).toBe(1);
    }
  });
});
