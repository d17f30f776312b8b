/**
 * What PostgreSQL jsonb cannot hold: U+0000, and a UTF-16 surrogate without its pair (JSON
 * text may carry both as \u escapes; jsonb refuses the whole value, and the statement with it).
 */
// eslint-disable-next-line no-control-regex -- U+0000 is what this finds
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeUnstorable(s: string): string {
  return s.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * How deep a refused item is kept. A subject is a few levels deep; a value nested thousands of
 * levels (10 KB of brackets is 5,000) would overflow the stack of every recursive walk of it,
 * JSON.stringify's included.
 */
export const STORED_DEPTH = 32;
export const CUT_MARKER = `[nested deeper than ${STORED_DEPTH} levels: not stored]`;

/**
 * A JSON value jsonb can store: every string, object keys included, with U+0000 and unpaired
 * surrogates written out as the six characters of their escape (`\u0000`, `\udb12`), so the
 * stored form still shows what was sent, and every value below STORED_DEPTH levels replaced by
 * CUT_MARKER. Everything else is unchanged. For what a client sent and we refused (an invalid
 * batch item, its error): a valid subject holds none of these.
 */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeUnstorable(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= STORED_DEPTH) return CUT_MARKER;
  if (Array.isArray(value)) return value.map((v) => storableJson(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeUnstorable(k), storableJson(v, depth + 1)]));
}
