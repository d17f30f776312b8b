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
 * A JSON value jsonb can store: every string, object keys included, with U+0000 and unpaired
 * surrogates written out as the six characters of their escape (`\u0000`, `\udb12`), so the
 * stored form still shows what was sent. Everything else is unchanged. For what a client sent
 * and we refused (an invalid batch item, its error): a valid subject never holds them.
 */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return escapeUnstorable(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeUnstorable(k), storableJson(v)]));
  }
  return value;
}
