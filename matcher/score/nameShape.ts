import { isParticle as isParticleWord } from '../normalize/compoundSurname';
import type { NormalizedName, TokenRole } from '../normalize/name';

/**
 * What a person comparison's refusals read of a name (see personRefusal.ts): per word a code (its
 * role, whether it is soft, a particle word, a particle before another word) and its length, and
 * the word that may hold a compound surname's first part. The index keeps these for every listed
 * name in typed arrays (listedShapes.ts): most candidates are refused from them alone, without
 * loading their name objects.
 */
export const ROLE_CODE: Readonly<Record<TokenRole, number>> = { given: 0, middle: 1, surname: 2, any: 3 };
export const ROLE_BITS = 3;
export const SOFT = 4;
/** A word of the particle list (DE, LA, VAN), wherever it stands. */
export const PARTICLE_WORD = 8;
/** A soft particle word before another word: what the scorer costs as a particle. */
export const PARTICLE = 16;

export function wordCode(role: TokenRole, soft: boolean, word: string, last: boolean): number {
  const particleWord = isParticleWord(word);
  return ROLE_CODE[role] | (soft ? SOFT : 0) | (particleWord ? PARTICLE_WORD : 0) | (soft && particleWord && !last ? PARTICLE : 0);
}

/** One name's shape, refilled for each name it is asked to hold. */
export class NameShape {
  count = 0;
  codes = new Uint8Array(16);
  lengths = new Int32Array(16);
  compoundLead = -1;

  /** Room for `count` words, the contents lost when it grows. */
  resize(count: number): void {
    if (this.codes.length < count) {
      this.codes = new Uint8Array(2 * count);
      this.lengths = new Int32Array(2 * count);
    }
    this.count = count;
  }

  /** Holds the shape of `n`. */
  of(n: NormalizedName): this {
    const count = n.tokens.length;
    this.resize(count);
    for (let i = 0; i < count; i++) {
      this.codes[i] = wordCode(n.roles[i], n.soft[i], n.tokens[i], i + 1 === count);
      this.lengths[i] = n.tokens[i].length;
    }
    this.compoundLead = n.compoundLead;
    return this;
  }

  /** Holds the word lengths of `tokens` alone (no roles: for the pairing of written words). */
  ofWords(tokens: readonly string[]): this {
    this.resize(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      this.codes[i] = 0;
      this.lengths[i] = tokens[i].length;
    }
    this.compoundLead = -1;
    return this;
  }
}
