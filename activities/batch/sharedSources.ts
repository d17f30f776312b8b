/**
 * A matchMany answer repeats every list's version (`sources`, about 4 KB at the real list count)
 * in each of its results, and a call's results carry one or two different ones (an organization
 * screened against the NPPES registry lists it too). The job stores each different one once
 * (batch_result_sources); this takes them out of the answer's text without parsing it.
 *
 * `"sources":` in JSON text is always a key: inside a string the closing quote of "sources"
 * would be escaped. Nothing but a result has a `sources` key.
 */
const KEY = '"sources":';

export interface SourcesTakenOut {
  /** The answer with each `"sources":[…]` replaced by `"sources":N`, N the index in `variants`. */
  answer: string;
  /** Each different sources array, as its JSON text, in the order first met. */
  variants: string[];
}

/** The end (exclusive) of the JSON array that starts at `from`, or -1 when the text there is not one whole array. */
function arrayEnd(text: string, from: number): number {
  if (text[from] !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * Each result's sources, out of the answer. Only a sources array not met before in this answer
 * is read character by character; the others are recognized by comparing text. A `sources` that
 * is not an array is left as it is (PostgreSQL stores such a result whole).
 */
export function takeOutSources(answer: string): SourcesTakenOut {
  const variants: string[] = [];
  const pieces: string[] = [];
  let copied = 0;
  for (let at = answer.indexOf(KEY); at >= 0; at = answer.indexOf(KEY, at)) {
    const value = at + KEY.length;
    // A slice compared whole: much faster than startsWith on text of several KB.
    let variant = variants.findIndex((v) => answer.slice(value, value + v.length) === v);
    if (variant < 0) {
      const end = arrayEnd(answer, value);
      if (end < 0) {
        at = value;
        continue;
      }
      variant = variants.push(answer.slice(value, end)) - 1;
    }
    pieces.push(answer.slice(copied, value), String(variant));
    copied = value + variants[variant].length;
    at = copied;
  }
  if (variants.length === 0) return { answer, variants };
  pieces.push(answer.slice(copied));
  return { answer: pieces.join(''), variants };
}
