import type { Rng } from '../../../infra/dev/synthetic/parties';
import { foldToAscii } from '../../../infra/dev/synthetic/text';
import type { NicknameTable } from './nicknames';
import { applyEditsAt, applyOcrConfusions, applyEdit, EDIT_OPERATIONS } from './edits';
import { titleCase } from '../../../infra/dev/synthetic/text';
import { foldName, osaDistance } from './text';

/**
 * Person-name variant generators. Each takes the name parts of one list entry and returns the
 * name a customer's roster might carry for the same person, or null when the class does not
 * apply to that name (no middle name, no nickname in the CSV…).
 */
export interface PersonParts {
  first: string;
  middle: string | null;
  last: string;
  suffix: string | null;
  /** Credential printed inside the name cell (state lists), else null. */
  credential: string | null;
}

export interface PersonVariantContext {
  rng: Rng;
  nicknames: NicknameTable;
  /** Uppercase ASCII first names seen on the list or in the census, for middle names and splits. */
  firstNames: readonly string[];
  firstNameSet: ReadonlySet<string>;
  surnameSet: ReadonlySet<string>;
}

export type PersonVariant = (parts: PersonParts, context: PersonVariantContext) => string | null;

type CaseStyle = 'upper' | 'title';

function pickCase(rng: Rng): CaseStyle {
  return rng.chance(0.6) ? 'upper' : 'title';
}

function inCase(text: string, style: CaseStyle): string {
  return style === 'upper' ? text.toUpperCase() : titleCase(text);
}

/** FIRST MIDDLE LAST SUFFIX, the roster's usual order. */
export function renderPerson(parts: PersonParts, style: CaseStyle = 'upper'): string {
  const base = [parts.first, parts.middle, parts.last, parts.suffix].filter(Boolean).join(' ');
  return inCase(parts.credential ? `${base}, ${parts.credential}` : base, style);
}

/** Plain ASCII uppercase parts without the credential: what roster typists produce. */
export function asciiParts(parts: PersonParts): PersonParts {
  const fold = (text: string | null): string | null => (text === null ? null : foldToAscii(text).toUpperCase());
  return { first: fold(parts.first)!, middle: fold(parts.middle), last: fold(parts.last)!, suffix: fold(parts.suffix), credential: null };
}

const isFullName = (text: string | null): text is string => text !== null && foldName(text).length >= 2;

// ------------------------------------------------------------------ typos and OCR

/** Letters-only tokens of first/last that can take an edit. */
function editableTokens(parts: PersonParts, minLength: number): ('first' | 'last')[] {
  return (['first', 'last'] as const).filter((field) => /^[A-Z]+$/.test(parts[field]) && parts[field].length >= minLength);
}

export const typoOneEdit: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  const fields = editableTokens(parts, 3);
  if (fields.length === 0) return null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const field = rng.pick(fields);
    const token = parts[field];
    const edited = applyEdit(rng, token, rng.int(token.length + 1), rng.pick(EDIT_OPERATIONS));
    if (edited && osaDistance(token, edited) === 1) return renderPerson({ ...parts, [field]: edited }, pickCase(rng));
  }
  return null;
};

/** Two edits: one in each of first and last, or two at least two apart in one token of 7+ letters. */
export const typoTwoEdits: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  for (let attempt = 0; attempt < 12; attempt++) {
    const both = editableTokens(parts, 4);
    const long = editableTokens(parts, 7);
    let edited: PersonParts | null = null;
    if (both.length === 2 && (long.length === 0 || rng.chance(0.6))) {
      const first = applyEditsAt(rng, parts.first, [rng.int(parts.first.length)]);
      const last = applyEditsAt(rng, parts.last, [rng.int(parts.last.length)]);
      if (first && last && osaDistance(parts.first, first) === 1 && osaDistance(parts.last, last) === 1) edited = { ...parts, first, last };
    } else if (long.length > 0) {
      const field = rng.pick(long);
      const token = parts[field];
      const a = rng.int(token.length - 3);
      const b = a + 2 + rng.int(token.length - a - 2);
      const result = applyEditsAt(rng, token, [a, b]);
      if (result && osaDistance(token, result) === 2) edited = { ...parts, [field]: result };
    }
    if (edited) return renderPerson(edited, pickCase(rng));
  }
  return null;
};

export const ocrConfusion: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  const name = renderPerson(parts, 'upper');
  return applyOcrConfusions(rng, name, rng.chance(0.3) ? 2 : 1);
};

// ------------------------------------------------------------------ given names

export const nickname: PersonVariant = (original, { rng, nicknames }) => {
  const parts = asciiParts(original);
  const shorter = nicknames.nicknamesOf(parts.first);
  const formal = nicknames.formalsOf(parts.first);
  const options = shorter.length > 0 ? shorter : formal;
  if (options.length === 0) return null;
  const first = rng.pick(options);
  // Rosters that use a nickname usually drop the middle name as well.
  const middle = rng.chance(0.5) ? null : parts.middle;
  return renderPerson({ ...parts, first, middle }, pickCase(rng));
};

export const orderSwap: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  const given = [parts.first, parts.middle].filter(Boolean).join(' ');
  const style = pickCase(rng);
  const roll = rng.int(3);
  if (roll === 0) return inCase(`${parts.last}, ${given}${parts.suffix ? ` ${parts.suffix}` : ''}`, style); // AR: "LAST, FIRST"
  if (roll === 1) return inCase(`${parts.last} ${parts.first}${parts.middle ? ` ${parts.middle[0]}` : ''}`, style); // IL: "LAST FIRST MI"
  return inCase(`${parts.last}${parts.suffix ? ` ${parts.suffix}` : ''}, ${given}`, style); // suffix glued to the surname
};

/** The middle name is missing on one side: dropped from the query, or added when the list has none. */
export const middleMissing: PersonVariant = (original, { rng, firstNames }) => {
  const parts = asciiParts(original);
  if (parts.middle) return renderPerson({ ...parts, middle: null }, pickCase(rng));
  let middle = rng.pick(firstNames);
  if (middle === parts.first) middle = rng.pick(firstNames);
  return renderPerson({ ...parts, middle: rng.chance(0.6) ? middle : middle[0] }, pickCase(rng));
};

export const initials: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  if (!isFullName(parts.middle)) return null;
  const period = rng.chance(0.4) ? '.' : '';
  if (rng.chance(0.5)) return renderPerson({ ...parts, middle: parts.middle[0] + period }, pickCase(rng));
  return renderPerson({ ...parts, first: parts.first[0] + period }, pickCase(rng)); // "J. ALLEN SMITH"
};

const GENERIC_CREDENTIALS = ['MD', 'M.D.', 'RN', 'LPN', 'DO', 'CNA', 'NP', 'DDS'];
const SUFFIXES = ['JR', 'SR', 'II', 'III'];

export const suffixOrCredential: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  const credential = original.credential ? foldToAscii(original.credential).toUpperCase() : null;
  const options: (() => string)[] = [];
  if (parts.suffix) options.push(() => renderPerson({ ...parts, suffix: null }, pickCase(rng)));
  if (credential) options.push(() => renderPerson(parts, pickCase(rng))); // the list prints ", RN"; the roster does not
  if (!parts.suffix) options.push(() => renderPerson({ ...parts, suffix: rng.pick(SUFFIXES) }, pickCase(rng)));
  options.push(() => {
    const added = rng.pick(GENERIC_CREDENTIALS);
    const base = renderPerson(parts, 'upper');
    const form = rng.int(3);
    return form === 0 ? `${base}, ${added}` : form === 1 ? `${base} ${added}` : `${base} (${added})`;
  });
  return rng.pick(options)();
};

// ------------------------------------------------------------------ surnames and tokens

function surnameParts(last: string): string[] {
  return last.split(/[-\s]+/).filter(Boolean);
}

/** SMITH-JONES ↔ SMITH JONES ↔ SMITHJONES: formatting only, always expected found. */
export const compoundFormat: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  const pieces = surnameParts(parts.last);
  if (pieces.length < 2) return null;
  const forms = [pieces.join('-'), pieces.join(' '), pieces.join('')].filter((form) => form !== parts.last);
  return renderPerson({ ...parts, last: rng.pick(forms) }, pickCase(rng));
};

/**
 * Only one half of a compound surname (maiden or married name alone). Expected found: OIG advises
 * checking former names, and the roster often carries just one half.
 */
export const compoundHalf: PersonVariant = (original, { rng }) => {
  const parts = asciiParts(original);
  const pieces = surnameParts(parts.last).filter((piece) => piece.length >= 2);
  if (pieces.length < 2) return null;
  return renderPerson({ ...parts, last: rng.pick(pieces) }, pickCase(rng));
};

/**
 * The reverse of a compound half: the list carries one surname (a maiden name), the roster a
 * hyphenated married name or a Spanish double surname holding it, in either place.
 */
export function compoundReverse(surnames: readonly string[]): PersonVariant {
  return (original, { rng }) => {
    const parts = asciiParts(original);
    if (!/^[A-Z]{2,}$/.test(parts.last)) return null;
    const other = rng.pick(surnames);
    if (other === parts.last) return null;
    const forms = [`${parts.last}-${other}`, `${other}-${parts.last}`, `${parts.last} Y ${other}`];
    return renderPerson({ ...parts, last: rng.pick(forms) }, pickCase(rng));
  };
}

/** A plain English short form (BARB for BARBARA) from the project's curated table, which the nicknames data set lacks. */
export function englishShortForm(shortForms: NicknameTable): PersonVariant {
  return (original, { rng }) => {
    const parts = asciiParts(original);
    const forms = shortForms.nicknamesOf(parts.first);
    if (forms.length === 0) return null;
    return renderPerson({ ...parts, first: rng.pick(forms), middle: rng.chance(0.5) ? null : parts.middle }, pickCase(rng));
  };
}

const ACCENT_FOR: Readonly<Record<string, readonly string[]>> = {
  A: ['Á', 'À', 'Ä'],
  E: ['É', 'È', 'Ë'],
  I: ['Í', 'Ï'],
  O: ['Ó', 'Ö'],
  U: ['Ú', 'Ü'],
  N: ['Ñ'],
  C: ['Ç'],
};

/** JOSÉ NÚÑEZ ↔ JOSE NUNEZ: drop the accents the list carries, or add accents the list lacks. */
export const diacritics: PersonVariant = (original, { rng }) => {
  const plain = renderPerson({ ...original, credential: null }, 'upper');
  const folded = foldToAscii(plain);
  if (folded !== plain) return inCase(folded, pickCase(rng));
  const sites: number[] = [];
  for (let i = 0; i < plain.length; i++) if (ACCENT_FOR[plain[i]]) sites.push(i);
  if (sites.length === 0) return null;
  const chars = [...plain];
  const count = sites.length > 1 && rng.chance(0.4) ? 2 : 1;
  for (let k = 0; k < count; k++) {
    const at = rng.pick(sites);
    chars[at] = rng.pick(ACCENT_FOR[plain[at]]);
  }
  return inCase(chars.join(''), pickCase(rng));
};

const SURNAME_PARTICLES = ['MAC', 'MC', "O'", 'DELA', 'DEL', 'DE', 'DI', 'DA', 'LA', 'LE', 'VAN', 'VON', 'ST'];

/** MARY ANN ↔ MARYANN, MC DONALD ↔ MCDONALD, O'BRIEN ↔ OBRIEN ↔ O BRIEN. */
export const mergeSplit: PersonVariant = (original, context) => {
  const { rng, firstNameSet, surnameSet } = context;
  const parts = asciiParts(original);
  const options: (() => PersonParts)[] = [];
  // Only merges that make a real given name (MARY ANN → MARYANN); SHIRLEYBRENDA is no roster spelling.
  if (isFullName(parts.middle) && firstNameSet.has(parts.first + parts.middle))
    options.push(() => ({ ...parts, first: parts.first + parts.middle, middle: null }));
  const firstSplits: number[] = [];
  for (let at = 3; at <= parts.first.length - 3; at++) {
    if (firstNameSet.has(parts.first.slice(0, at)) && firstNameSet.has(parts.first.slice(at))) firstSplits.push(at);
  }
  if (firstSplits.length > 0) {
    const at = rng.pick(firstSplits);
    options.push(() => ({ ...parts, first: `${parts.first.slice(0, at)} ${parts.first.slice(at)}` }));
  }
  const firstSpace = parts.first.indexOf(' ');
  if (firstSpace > 0) options.push(() => ({ ...parts, first: parts.first.replace(/ /g, '') }));
  for (const particle of SURNAME_PARTICLES) {
    if (!parts.last.startsWith(particle)) continue;
    const rest = parts.last.slice(particle.length).replace(/^[\s']+/, '');
    const alwaysParticle = particle === 'MC' || particle === 'MAC' || particle === "O'";
    if (rest.length < 3 || !/^[A-Z]+$/.test(rest) || (!alwaysParticle && !surnameSet.has(rest) && !firstNameSet.has(rest))) continue;
    const bare = particle.replace("'", '');
    const forms = [`${bare} ${rest}`, `${bare}${rest}`, ...(particle === "O'" ? [`O'${rest}`] : [])].filter((form) => form !== parts.last);
    options.push(() => ({ ...parts, last: rng.pick(forms) }));
    break;
  }
  if (options.length === 0) return null;
  return renderPerson(rng.pick(options)(), pickCase(rng));
};

// ------------------------------------------------------------------ should-flag namesake

/** Same first and last name, different middle name: still a potential match (lists and rosters disagree on middles). */
export const differentMiddle: PersonVariant = (original, { rng, firstNames }) => {
  const parts = asciiParts(original);
  if (!parts.middle) return null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const other = rng.pick(firstNames);
    if (other[0] === parts.middle[0] || other === parts.first) continue;
    return renderPerson({ ...parts, middle: parts.middle.length === 1 ? other[0] : other }, pickCase(rng));
  }
  return null;
};

/** A variant must read differently from the list's name once case is ignored, or it is not a variant. */
export function differsFrom(variant: string, parts: PersonParts): boolean {
  return variant.toUpperCase() !== renderPerson(parts, 'upper');
}
