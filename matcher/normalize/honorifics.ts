/** Titles written before a name: never part of the identity comparison. */
const HONORIFICS: ReadonlySet<string> = new Set(['DR', 'MR', 'MRS', 'MS', 'MISS', 'MX', 'PROF', 'REV', 'SIR', 'DOCTOR', 'MSTR', 'MADAM']);

export function removeHonorifics(tokens: string[]): string[] {
  let i = 0;
  while (i < tokens.length - 1 && HONORIFICS.has(tokens[i])) i++;
  return i === 0 ? tokens : tokens.slice(i);
}
