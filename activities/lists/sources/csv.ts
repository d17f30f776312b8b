import type { Readable } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import { openTextArtifact } from './artifact';
import type { ParseContext } from './types';

interface CsvRow {
  cells: string[];
  /** 1-based line number of the row's first line in the file. */
  line: number;
}

/**
 * Pipes a list file's text into csv-parse set up as every list is read: BOM stripped, ragged
 * rows passed on for the adapter to judge, rows with broken quoting reported as bad rows and
 * skipped. `info` adds each record's line number, at a cost NPPES's millions of rows skip.
 */
export function pipeIntoCsvParser(text: Readable, ctx: ParseContext, options: { info: boolean }): Parser {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: options.info,
    on_skip: (err) => {
      ctx.report.bad(Number(err?.lines ?? 0), `unreadable CSV row: ${err?.message ?? 'parse error'}`);
      return undefined;
    },
  });
  text.on('error', (err) => parser.destroy(err));
  text.pipe(parser);
  return parser;
}

/** Streams the rows of a CSV artifact (bare or zipped) as string arrays with their line numbers. */
export async function* readCsvRows(ctx: ParseContext): AsyncGenerator<CsvRow> {
  const { text } = await openTextArtifact(ctx.path, ctx.onBytes, ctx.limits);
  const parser = pipeIntoCsvParser(text, ctx, { info: true });
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { cells: item.record, line: item.info.lines };
  }
}

/** Header cell → key: lowercase, non-alphanumeric runs → `_`, trimmed of `_`. */
export function normalizeHeader(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Zips a row with its header into a raw record (header text → trimmed cell). */
export function toRaw(header: string[], cells: string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  header.forEach((name, i) => {
    const value = cells[i];
    if (value !== undefined && value !== '') raw[name.trim() || `column_${i + 1}`] = value;
  });
  return raw;
}
