import type { TokenRole } from './name';

/**
 * Vietnamese middle names that mark sex rather than name the person: THỊ (women) and VĂN (men).
 * The name a person goes by is the given name after them (NGUYEN THI HUONG is called HUONG), so
 * US forms write "THI HUONG" as the first name while rosters write "Huong Nguyen". Followed by
 * another given name, such a word is cheap to leave unpaired, as a credential or particle is.
 */
const MARKERS: ReadonlySet<string> = new Set(['THI', 'VAN']);

/** Per token, whether it is a sex-marking middle name followed by another given name. */
export function middleMarkers(tokens: readonly string[], roles: readonly TokenRole[]): boolean[] {
  return tokens.map(
    (t, i) => MARKERS.has(t) && roles[i] !== 'surname' && i + 1 < tokens.length && roles[i + 1] !== 'surname' && tokens[i + 1].length > 1,
  );
}
