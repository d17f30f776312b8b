import { isOnlyCredentials } from './credentials';
import { tokenize } from './punctuation';

/**
 * Person names written "LAST, FIRST MIDDLE" (AR, NPPES-style exports) are turned into
 * "FIRST MIDDLE LAST". Trailing comma segments that hold only credentials or suffixes
 * ("JONES, RUTH, DO", "SMITH JR, JOHN") are set aside first so they are not taken for a
 * given name. Returns the reordered text and whether the trailing segments were credentials.
 */
export function reorderPersonName(folded: string): { text: string; trailing: string[] } {
  const segments = folded
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const trailing: string[] = [];
  while (segments.length > 1 && isOnlyCredentials(tokenize(segments[segments.length - 1]))) {
    trailing.unshift(...tokenize(segments.pop() as string));
  }
  if (segments.length >= 2) {
    const [last, ...rest] = segments;
    return { text: `${rest.join(' ')} ${last}`, trailing };
  }
  return { text: segments.join(' '), trailing };
}
