/**
 * Where a word may be cut into two words written as one (SMITHJONES ~ SMITH JONES), as candidate
 * generation and blocking keys both read it. A person's half may be a two-letter syllable, since
 * Chinese and Korean given names are written as one word or two (JIWOO ~ JI WOO, LINA ~ LI NA);
 * an organization's half is a word of three letters or more. A person's word may also be a
 * surname with its particles glued on (DELASCASAS ~ DE LAS CASAS): `afterGluedParticle`.
 */
function splitPartMin(kind: 'person' | 'organization'): number {
  return kind === 'person' ? 2 : 3;
}

export { afterGluedParticle } from '../normalize/compoundSurname';

/** The positions at which `token` may be cut, each half at least `splitPartMin` long. */
export function splitCuts(token: string, kind: 'person' | 'organization'): number[] {
  const min = splitPartMin(kind);
  const cuts: number[] = [];
  for (let cut = min; cut <= token.length - min; cut++) cuts.push(cut);
  return cuts;
}
