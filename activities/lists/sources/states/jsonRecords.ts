import { DEFAULT_PARSE_LIMITS, readWholeArtifact, type ParseLimits } from '../limits';
import { ArtifactFormatError } from '../types';
import type { JsonRecordsOptions } from './mapping';

/** A JSON artifact's records as one sheet: the header row (the keys), then one row per record. */
export interface JsonRecordSheet {
  rows: { cells: string[]; line: number }[];
  bytes: number;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}

/** The records array: the document itself, or the array under `recordsAt` (TennCare's `{ "data": [...] }`). */
function recordsOf(document: unknown, options: JsonRecordsOptions): unknown[] {
  if (options.recordsAt === undefined) {
    if (!Array.isArray(document)) throw new ArtifactFormatError(`the JSON document is ${describe(document)}, not an array of records`);
    return document;
  }
  const holder = document !== null && typeof document === 'object' && !Array.isArray(document) ? document : null;
  const records = holder ? (holder as Record<string, unknown>)[options.recordsAt] : undefined;
  if (!Array.isArray(records)) {
    throw new ArtifactFormatError(`the JSON document has no array of records under "${options.recordsAt}"`);
  }
  return records;
}

/** A flat record's value as cell text; a nested value means the feed is no longer a table. */
function cellOf(value: unknown, record: number, key: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ArtifactFormatError(`JSON record ${record}: "${key}" holds ${describe(value)}, not a flat value`);
}

/**
 * Reads a JSON artifact holding an array of flat records. The header is every key in the order
 * first seen (a record may leave a key out: its cell is empty); each record's line is its
 * 1-based position in the array, so a bad row names the record. Malformed JSON, a missing
 * records array or a record that is not a flat object refuses the artifact.
 */
export async function readJsonRecords(
  path: string,
  options: JsonRecordsOptions,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<JsonRecordSheet> {
  const bytes = await readWholeArtifact(path, limits, 'JSON');
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ArtifactFormatError(`not JSON: ${(err as Error).message}`);
  }
  const records = recordsOf(document, options);
  const keys: string[] = [];
  const seen = new Set<string>();
  records.forEach((record, i) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new ArtifactFormatError(`JSON record ${i + 1} is ${describe(record)}, not an object`);
    }
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  });
  const rows = records.map((record, i) => ({
    cells: keys.map((key) => cellOf((record as Record<string, unknown>)[key], i + 1, key)),
    line: i + 1,
  }));
  return { rows: keys.length > 0 ? [{ cells: keys, line: 0 }, ...rows] : [], bytes: bytes.length };
}
