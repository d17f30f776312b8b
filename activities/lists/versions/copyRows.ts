import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ListEntry, RegistryOrganization } from '../sources/types';

/** One value in COPY text format: backslash escapes for the characters COPY treats specially. */
function text(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/\u0000/g, '')
      .replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))
  );
}

/**
 * The raw row as jsonb: PostgreSQL refuses `\u0000` in jsonb, and JSON.stringify writes a NUL
 * that way, so NULs are dropped from keys and values as they are from every text column.
 */
function rawJson(raw: Record<string, string>): string {
  // eslint-disable-next-line no-control-regex
  const withoutNul = (value: string): string => value.replace(/\u0000/g, '');
  return JSON.stringify(Object.fromEntries(Object.entries(raw).map(([key, value]) => [withoutNul(key), withoutNul(String(value))])));
}

function nullable(value: string | null): string {
  return value === null ? '\\N' : text(value);
}

function textArray(values: string[]): string {
  return text(`{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`);
}

export const LIST_ENTRY_COLUMNS = [
  'version_id',
  'entry_key',
  'content_hash',
  'kind',
  'name',
  'last_name',
  'first_name',
  'middle_name',
  'suffix',
  'aliases',
  'npis',
  'date_of_birth',
  'state',
  'provider_type',
  'action',
  'start_date',
  'end_date',
  'end_date_kind',
  'raw',
];

export function listEntryLine(versionId: string, e: ListEntry): string {
  return (
    [
      versionId,
      text(e.entryKey),
      e.contentHash,
      e.kind,
      text(e.name),
      nullable(e.lastName),
      nullable(e.firstName),
      nullable(e.middleName),
      nullable(e.suffix),
      textArray(e.aliases),
      textArray(e.npis),
      nullable(e.dateOfBirth),
      nullable(e.state),
      nullable(e.providerType),
      nullable(e.action),
      nullable(e.startDate),
      nullable(e.endDate),
      nullable(e.endDateKind),
      text(rawJson(e.raw)),
    ].join('\t') + '\n'
  );
}

/** A REIN supplement row, as the columns the reinstatement is matched on. */
export function reinstatementLine(e: ListEntry): string {
  return [text(e.entryKey), e.kind, text(e.name), nullable(e.dateOfBirth), nullable(e.startDate)].join('\t') + '\n';
}

export const REGISTRY_COLUMNS = ['version_id', 'npi', 'legal_name', 'other_names', 'state', 'content_hash'];

export function registryLine(versionId: string, o: RegistryOrganization): string {
  return [versionId, o.npi, text(o.legalName), textArray(o.otherNames), nullable(o.state), o.contentHash].join('\t') + '\n';
}

/** Groups lines into ~256 KB chunks so the COPY stream is not fed one tiny write per row. */
export async function* chunked(lines: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = '';
  for await (const line of lines) {
    buffer += line;
    if (buffer.length >= 1 << 18) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/** Bulk-loads lines (COPY text format) into a table through one COPY FROM STDIN. */
export async function copyLines(client: PoolClient, table: string, columns: string[], lines: AsyncIterable<string>): Promise<void> {
  await copyChunks(client, table, columns, chunked(lines));
}

/** Bulk-loads chunks of whole lines (COPY text format) into a table through one COPY FROM STDIN. */
export async function copyChunks(client: PoolClient, table: string, columns: string[], chunks: AsyncIterable<string>): Promise<void> {
  const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(chunks, { objectMode: false }), sink);
}
