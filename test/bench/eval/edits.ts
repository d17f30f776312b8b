import type { Rng } from '../../../infra/dev/synthetic/parties';

/** Keyboard-agnostic single-character edits: the typo model (insert, delete, substitute, transpose). */
export type EditOperation = 'insert' | 'delete' | 'substitute' | 'transpose';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function otherLetter(rng: Rng, not: string): string {
  let letter = LETTERS[rng.int(LETTERS.length)];
  while (letter === not) letter = LETTERS[rng.int(LETTERS.length)];
  return letter;
}

/**
 * One edit at `position`; returns null when the edit would not change the token (transposing equal
 * letters) or would shrink it below three letters.
 */
export function applyEdit(rng: Rng, token: string, position: number, operation: EditOperation): string | null {
  switch (operation) {
    case 'insert':
      return token.slice(0, position) + LETTERS[rng.int(LETTERS.length)] + token.slice(position);
    case 'delete':
      if (token.length <= 3 || position >= token.length) return null;
      return token.slice(0, position) + token.slice(position + 1);
    case 'substitute':
      if (position >= token.length) return null;
      return token.slice(0, position) + otherLetter(rng, token[position]) + token.slice(position + 1);
    case 'transpose':
      if (position + 1 >= token.length || token[position] === token[position + 1]) return null;
      return token.slice(0, position) + token[position + 1] + token[position] + token.slice(position + 2);
  }
}

export const EDIT_OPERATIONS: readonly EditOperation[] = ['insert', 'delete', 'substitute', 'transpose'];

/** Edits applied right-to-left at positions at least two apart, so no position is edited twice. */
export function applyEditsAt(rng: Rng, token: string, positions: number[]): string | null {
  let result = token;
  for (const position of [...positions].sort((a, b) => b - a)) {
    const edited = applyEdit(rng, result, position, rng.pick(EDIT_OPERATIONS));
    if (edited === null) return null;
    result = edited;
  }
  return result;
}

/** Confusions typical of OCR'd state PDFs (data-sources.md: several state lists are PDFs). */
export const OCR_CONFUSIONS: readonly (readonly [string, string])[] = [
  ['O', '0'],
  ['I', '1'],
  ['L', '1'],
  ['S', '5'],
  ['M', 'RN'],
  ['RN', 'M'],
  ['D', 'CL'],
  ['CL', 'D'],
  ['W', 'VV'],
  ['VV', 'W'],
];

/** Applies one or two non-overlapping OCR confusions to an uppercase string; null when none applies. */
export function applyOcrConfusions(rng: Rng, text: string, count: number): string | null {
  const sites: { at: number; from: string; to: string }[] = [];
  for (const [from, to] of OCR_CONFUSIONS) {
    for (let at = text.indexOf(from); at >= 0; at = text.indexOf(from, at + 1)) sites.push({ at, from, to });
  }
  if (sites.length === 0) return null;
  const chosen: typeof sites = [];
  for (let attempt = 0; attempt < 8 && chosen.length < count; attempt++) {
    const site = rng.pick(sites);
    const overlaps = chosen.some((other) => site.at < other.at + other.from.length + 1 && other.at < site.at + site.from.length + 1);
    if (!overlaps) chosen.push(site);
  }
  let result = text;
  for (const site of chosen.sort((a, b) => b.at - a.at)) {
    result = result.slice(0, site.at) + site.to + result.slice(site.at + site.from.length);
  }
  return result === text ? null : result;
}
