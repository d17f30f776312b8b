import type { TokenRole } from './name';
import { nicknames } from './nicknames';
import { tokenize } from './punctuation';

/**
 * Compound surnames as Spanish, Portuguese and Filipino names write them: two surnames joined
 * by a hyphen (FARIAS-NIEVES), by a connective (GARCIA Y LOPEZ), or introduced by particles
 * (DE LA CRUZ, DOS SANTOS, DELA CRUZ). Which written words belong to the surname is known when
 * the source says so ("LAST, FIRST" order, a last-name column); in a free-text name only the
 * last word is, together with what a hyphen, connective or particle ties to it.
 */

/** Words that introduce a surname part; never a name of their own when another word follows. */
const PARTICLES: ReadonlySet<string> = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'DA', 'DAS', 'DO', 'DOS', 'DELA', 'DELOS', 'DELAS']);

export function isParticle(token: string): boolean {
  return PARTICLES.has(token);
}

/**
 * The word after particles glued to it (DELASCASAS → CASAS, DEJESUS → JESUS), for each particle
 * that starts `token` and leaves three letters or more.
 */
export function afterGluedParticle(token: string): string[] {
  const out: string[] = [];
  for (const particle of PARTICLES)
    if (token.length - particle.length >= 3 && token.startsWith(particle)) out.push(token.slice(particle.length));
  return out.sort();
}

/** Particles before another word anywhere but the first (DE LA TORRE in a middle-name box): cheap to leave unpaired. */
function particlesBeforeWords(tokens: readonly string[], particle: boolean[]): boolean[] {
  return tokens.map((t, i) => particle[i] || (i >= 1 && i + 1 < tokens.length && PARTICLES.has(t) && tokens[i + 1].length > 1));
}
/** "GARCIA Y LOPEZ" (Spanish), "SOUZA E SILVA" (Portuguese): formatting, like the hyphen. */
const CONNECTIVES: ReadonlySet<string> = new Set(['Y', 'E']);
/** In free text only Y: a lone E after a middle name is as likely a middle initial. */
const FREE_TEXT_CONNECTIVES: ReadonlySet<string> = new Set(['Y']);

export interface MarkedName {
  tokens: string[];
  roles: TokenRole[];
  /** Surname particles: cheap to leave unpaired (DE LA CRUZ ~ CRUZ). */
  particle: boolean[];
}

/**
 * Per token of `tokens` (a cleaned subsequence of the tokens of `text`), whether it was written
 * joined to the previous one by a hyphen or other mark inside one word (SMITH-JONES).
 */
export function gluedToPrevious(text: string, tokens: readonly string[]): boolean[] {
  const written: { token: string; glued: boolean }[] = [];
  for (const word of text.split(/\s+/)) tokenize(word).forEach((token, k) => written.push({ token, glued: k > 0 }));
  const glued: boolean[] = [];
  let at = 0;
  let previous = -2;
  for (const token of tokens) {
    while (at < written.length && written[at].token !== token) at++;
    glued.push(at < written.length && written[at].glued && previous === at - 1);
    previous = at;
    at++;
  }
  return glued;
}

function firstSurname(roles: readonly TokenRole[]): number {
  const at = roles.indexOf('surname');
  return at < 0 ? roles.length : at;
}

/**
 * A free-text name ("SANCHO FARIAS-NIEVES", "JOSE GARCIA Y LOPEZ", "ANA DE LA CRUZ"): the surname
 * is the last word with what a hyphen, connective or particles tie to it. The word before a
 * particle stays a middle name (MARIA DE LOURDES GARCIA keeps DE LOURDES out of the surname),
 * the first word is always the given name.
 */
export function markFreeTextSurname(tokens: string[], roles: TokenRole[], glued: readonly boolean[]): MarkedName {
  const out = { tokens: tokens.slice(), roles: roles.slice(), glued: glued.slice() };
  const particle = out.tokens.map(() => false);
  let s = firstSurname(out.roles);
  // Repeated, since each tie can bring in another: DE LA CRUZ Y DE LOS SANTOS.
  for (let grown = true; grown;) {
    grown = false;
    while (s > 1 && (out.glued[s] || PARTICLES.has(out.tokens[s - 1]))) {
      if (!out.glued[s]) particle[s - 1] = true;
      out.roles[--s] = 'surname';
    }
    if (s >= 3 && FREE_TEXT_CONNECTIVES.has(out.tokens[s - 1]) && out.tokens[s - 2].length > 1) {
      for (const list of [out.tokens, out.roles, out.glued, particle] as unknown[][]) list.splice(s - 1, 1);
      s -= 2;
      out.roles[s] = 'surname';
      grown = true;
    }
  }
  return { tokens: out.tokens, roles: out.roles, particle: particlesBeforeWords(out.tokens, particle) };
}

/**
 * A name whose surname words the source marked (`roles`): connectives between two surname words
 * are dropped, particles followed by another surname word are marked.
 */
export function markKnownSurname(tokens: readonly string[], roles: readonly TokenRole[]): MarkedName {
  const keep = tokens.map(
    (t, i) => !(roles[i] === 'surname' && CONNECTIVES.has(t) && roles[i - 1] === 'surname' && roles[i + 1] === 'surname'),
  );
  const kept = tokens.filter((_, i) => keep[i]);
  const keptRoles = roles.filter((_, i) => keep[i]);
  const particle = kept.map((t, i) => keptRoles[i] === 'surname' && keptRoles[i + 1] === 'surname' && PARTICLES.has(t));
  return { tokens: kept, roles: keptRoles, particle: particlesBeforeWords(kept, particle) };
}

/**
 * The word a compound surname's first part may hide in, when the source did not say: the last
 * word before the surname that is a middle name (not an initial, particle or marker, the soft
 * words) and no given name the nickname tables know, unless a particle comes before it. Spanish and Portuguese first surnames
 * (GARCIA, SOUZA) are not given names; ARTHUR in JOHN ARTHUR MICHAELS is. -1 when there is none.
 */
export function compoundLead(tokens: readonly string[], roles: readonly TokenRole[], soft: readonly boolean[]): number {
  for (let j = firstSurname(roles) - 1; j >= 1; j--) {
    if (soft[j]) continue;
    if (roles[j] !== 'middle' || tokens[j].length === 1) return -1;
    // After a particle it is a surname whatever else it may be (DE LEON).
    return nicknames().groupsOf(tokens[j]) === undefined || PARTICLES.has(tokens[j - 1]) ? j : -1;
  }
  return -1;
}
