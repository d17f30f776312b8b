import type { Rng } from '../../../infra/dev/synthetic/parties';
import { foldToAscii, titleCase } from '../../../infra/dev/synthetic/text';
import type { NameRoots } from './cultureNames';
import type { NicknameTable } from './nicknames';

/**
 * Roster names for the naming-customs classes: each takes the parts a listed person's name was
 * written from (cultureNames.ts) and how the list wrote it, and returns how a roster might write
 * the same person, or null when the class does not apply. One variant at a time, as in the other
 * classes: a surname form shares a surname word with the list entry (a roster naming only the
 * maternal surname cannot find a list entry that keeps the paternal one only). Rosters write
 * accents or not, in upper or title case.
 */
export interface ListedAs {
  name: string;
  middleName: string | null;
  lastName: string | null;
}

export type CultureVariant = (roots: NameRoots, rng: Rng, listed: ListedAs) => string | null;

const words = (text: string): string[] =>
  foldToAscii(text)
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);

/** The surname forms that share a word (particles aside) with the listed name. */
function sharingASurnameWord(forms: string[][], listed: ListedAs): string[][] {
  const listedWords = new Set(words(listed.name));
  return forms.filter((form) => form.some((part) => words(withoutParticles(part)).some((word) => listedWords.has(word))));
}

function pickForm(rng: Rng, forms: string[][], listed: ListedAs): string[] | null {
  const usable = sharingASurnameWord(forms, listed);
  return usable.length === 0 ? null : rng.pick(usable);
}

function roster(rng: Rng, words: readonly string[]): string {
  const text = words.filter((word) => word !== '').join(' ');
  const accents = rng.chance(0.5) ? text : foldToAscii(text);
  return rng.chance(0.6) ? accents.toUpperCase() : titleCase(accents);
}

/** "de la Cruz" → "Cruz": a surname without its particles. */
function withoutParticles(surname: string): string {
  return surname
    .split(' ')
    .filter((word) => !/^(de|del|la|las|los|da|das|do|dos|dela)$/i.test(word))
    .join(' ');
}

const hasParticle = (surname: string): boolean => withoutParticles(surname) !== surname;

/** Spanish double surname: either part alone, both with another joiner (space, hyphen, y), or in the other order. */
export const spanishCompound: CultureVariant = ({ culture, given, surnames }, rng, listed) => {
  if (culture !== 'spanish') return null;
  const [paternal, maternal] = surnames;
  const form = pickForm(
    rng,
    [[paternal], [maternal], [paternal, maternal], [`${paternal}-${maternal}`], [paternal, 'y', maternal], [maternal, paternal]],
    listed,
  );
  return form && roster(rng, [given[0], ...form]);
};

/**
 * A surname part with particles: the particles dropped, glued to the word (DELACRUZ) or spaced
 * otherwise (DE LA / DELA), the rest of the name as listed; or that part alone, particles kept.
 */
export const particleSurname: CultureVariant = ({ culture, given, surnames }, rng, listed) => {
  const candidates =
    culture === 'spanish' || culture === 'filipino'
      ? sharingASurnameWord(
          surnames.filter(hasParticle).map((part) => [part]),
          listed,
        ).map(([part]) => part)
      : [];
  if (candidates.length === 0) return null;
  const withParticles = rng.pick(candidates);
  const first = culture === 'filipino' ? given.join(' ') : given[0];
  if (rng.chance(0.2)) return roster(rng, [first, withParticles]);
  const bare = withoutParticles(withParticles);
  const particles = withParticles.slice(0, withParticles.length - bare.length).trim();
  const respaced = /^de la$/i.test(particles) ? 'Dela' : /^dela$/i.test(particles) ? 'De La' : particles;
  const form = rng.pick([bare, `${particles.replace(/ /g, '')}${bare}`, `${respaced} ${bare}`]);
  const upper = (text: string): string => foldToAscii(text).toUpperCase();
  const fields = [listed.middleName ?? '', listed.lastName ?? ''].map((field) => upper(field).replace(upper(withParticles), upper(form)));
  return roster(rng, [first, ...fields]);
};

/** Portuguese order (maternal, then paternal): the paternal surname alone (with or without its particle), the maternal alone, or both in the other order. */
export const portugueseCompound: CultureVariant = ({ culture, given, surnames }, rng, listed) => {
  if (culture !== 'portuguese') return null;
  const [maternal, paternal] = surnames;
  const form = pickForm(rng, [[paternal], [maternal], [paternal, maternal], [maternal, paternal]], listed);
  return form && roster(rng, [given[0], ...form]);
};

/** A Spanish given name written as its hypocorism (PACO for FRANCISCO), from the curated table; the rest as listed. */
export function spanishHypocorism(hypocorisms: NicknameTable): CultureVariant {
  return ({ culture, given }, rng, listed) => {
    if (culture !== 'spanish' || listed.lastName === null) return null;
    const forms = hypocorisms.nicknamesOf(foldToAscii(given[0]).toUpperCase());
    if (forms.length === 0) return null;
    return roster(rng, [rng.pick(forms), listed.middleName ?? '', listed.lastName]);
  };
}

/** Vietnamese: with or without diacritics, the called name first or the surname first, the marker (THI, VAN) kept or dropped. */
export const vietnameseOrder: CultureVariant = ({ culture, given, surnames }, rng) => {
  if (culture !== 'vietnamese') return null;
  const [marker, name] = given;
  const [surname] = surnames;
  const forms = [
    [name, surname],
    [marker, name, surname],
    [name, marker, surname],
    [surname, marker, name],
    [surname, name],
    [`${surname},`, name],
  ];
  return roster(rng, rng.pick(forms));
};

/** Korean and Chinese given names: one word, two words or hyphenated, given name or surname first. */
export const eastAsianGiven: CultureVariant = ({ culture, given, surnames }, rng) => {
  if (culture !== 'korean' && culture !== 'chinese') return null;
  const written = rng.pick([
    given.join(''),
    given.join('-'),
    given.join(' '),
    titleCase(given.join('')),
    `${given[0]}-${given[1].toLowerCase()}`,
  ]);
  return roster(rng, rng.chance(0.6) ? [written, surnames[0]] : [surnames[0], written]);
};

/** Filipino orders: the middle (mother's maiden) name as an initial, kept, or dropped; the surname first with or without a comma. */
export const filipinoOrder: CultureVariant = ({ culture, given, surnames, motherSurname }, rng) => {
  if (culture !== 'filipino' || motherSurname === null) return null;
  const [surname] = surnames;
  const forms = [
    [...given, motherSurname[0], surname],
    [...given, surname],
    [`${surname},`, ...given, motherSurname],
    [surname, ...given],
    [`${surname},`, ...given, motherSurname[0]],
    [given[0], motherSurname[0], surname],
  ];
  return roster(rng, rng.pick(forms));
};

/** Indian orders: the surname first (with or without a comma) or as an initial before or after the given names, compound given names written as one word. */
export const indianOrder: CultureVariant = ({ culture, given, surnames }, rng) => {
  if (culture !== 'indian') return null;
  const [surname] = surnames;
  const forms = [
    [surname, ...given],
    [`${surname},`, ...given],
    [surname[0], ...given],
    [...given, surname[0]],
    ...(given.length > 1 ? [[given.join(''), surname]] : []),
  ];
  return roster(rng, rng.pick(forms));
};

/**
 * A compound surname listed with a given middle name (or its initial): the roster names the
 * given name and one part, both parts in either order or hyphenated, and now and then the middle
 * initial, never the middle name in full (that case the other classes cover).
 */
export const compoundListedMiddle: CultureVariant = ({ culture, given, surnames }, rng, listed) => {
  if (culture !== 'compound_middle') return null;
  const [a, b] = surnames;
  const form = pickForm(rng, [[a], [b], [withoutParticles(a)], [a, b], [b, a], [`${withoutParticles(a)}-${b}`]], listed);
  const middleInitial = rng.chance(0.2) && listed.middleName ? listed.middleName[0] : '';
  return form && roster(rng, [given[0], middleInitial, ...form]);
};
