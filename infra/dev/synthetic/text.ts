/** Small text helpers shared by the party generator and the list writers. */

/** Strips diacritics (José → Jose); the federal lists are plain uppercase ASCII. */
export function foldToAscii(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** "O'BRIEN-SMITH JR" → "O'Brien-Smith Jr"; state lists are often mixed case. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-'./(])(\p{L})/gu, (_match, lead: string, letter: string) => lead + letter.toUpperCase());
}

export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
