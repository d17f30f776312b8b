import type { ErrorObject, KeywordDefinition } from 'ajv';

/**
 * A subject's names together, in UTF-8 bytes: name (or legalName) plus every alias. The character
 * bounds alone let 51 names of 255 four-byte characters through, about 52 KB a subject, and a
 * re-screen packs hundreds of subjects into one matcher call.
 */
export const MAX_SUBJECT_NAME_BYTES = 16_384;

/** The schema keyword holding the rule: `{ limit, fields }`, the fields whose strings are summed. */
export const MAX_NAME_BYTES_KEYWORD = 'x-max-name-bytes';

export interface NameBytesRule {
  limit: number;
  fields: string[];
}

/** The UTF-8 bytes of the strings under `fields` (a string, or an array's strings). */
export function nameBytes(subject: Record<string, unknown>, fields: readonly string[]): number {
  let bytes = 0;
  for (const field of fields) {
    const value = subject[field];
    const strings = Array.isArray(value) ? value : [value];
    for (const s of strings) if (typeof s === 'string') bytes += Buffer.byteLength(s, 'utf8');
  }
  return bytes;
}

/** The ajv keyword: an error naming each field of the rule the subject carries. */
export const maxNameBytesKeyword: KeywordDefinition = {
  keyword: MAX_NAME_BYTES_KEYWORD,
  type: 'object',
  schemaType: 'object',
  errors: true,
  validate: function validateNameBytes(rule: NameBytesRule, subject: Record<string, unknown>): boolean {
    const bytes = nameBytes(subject, rule.fields);
    if (bytes <= rule.limit) return true;
    const error: Partial<ErrorObject> = {
      keyword: MAX_NAME_BYTES_KEYWORD,
      params: { limit: rule.limit, bytes, fields: rule.fields.filter((f) => subject[f] !== undefined) },
      message: `names together must be at most ${rule.limit} bytes`,
    };
    (validateNameBytes as unknown as { errors: Array<Partial<ErrorObject>> }).errors = [error];
    return false;
  },
};
