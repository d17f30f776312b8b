import PDFParser, { type Output } from 'pdf2json';
import { normalizeHeader } from '../csv';
import { DEFAULT_PARSE_LIMITS, readWholeArtifact, type ParseLimits } from '../limits';
import { ArtifactFormatError } from '../types';
import type { ColumnRef, PdfTableOptions } from './mapping';

/** One run of text where the PDF put it, in pdf2json's page units (1 unit = 16 pt), y growing downwards. */
interface TextItem {
  x: number;
  y: number;
  text: string;
  bold: boolean;
}

interface TextLine {
  y: number;
  items: TextItem[];
  /** 1-based position of this line among all text lines of the document: the row number bad rows report. */
  number: number;
}

export interface PdfRow {
  cells: string[];
  line: number;
}

/** Items closer than this vertically are one line (a quarter of a 9 pt line's height). */
const SAME_LINE = 0.15;
/** An item starting this far left of a header cell still belongs to that cell's column. */
const COLUMN_SLACK = 0.3;
/** How far down a page the header may sit, in lines: titles and notices above it (AL's page 1) are skipped. */
const HEADER_SEARCH_LINES = 40;
/** A header cell can wrap onto this many lines (`Action Type` / `(Suspend/Terminate)`). */
const HEADER_MAX_LINES = 3;
/** Bold lines a header may add below its first lines by wrapping (`STA` / `TE`). */
const HEADER_MAX_WRAPPED_LINES = 3;
/** Text runs a header line may hold: a line with more is a data line or garbage, never a header (and is not searched as one). */
const HEADER_MAX_RUNS = 120;

/** PDF text often carries typographic dashes (NE's dates are `2024‐03‐01` with U+2010): read them as `-`. */
function asciiDashes(text: string): string {
  return text.replace(/[\u2010-\u2015\u2212]/g, '-');
}

async function readPages(path: string, limits: ParseLimits): Promise<TextItem[][]> {
  const buffer = await readWholeArtifact(path, limits, 'PDF');
  const parser = new PDFParser(null, false);
  let data: Output;
  try {
    data = await new Promise<Output>((resolve, reject) => {
      parser.on('pdfParser_dataReady', resolve);
      parser.on('pdfParser_dataError', (error) => reject('parserError' in error ? error.parserError : error));
      parser.parseBuffer(buffer, -1);
    });
  } catch (error) {
    throw new ArtifactFormatError(`not a readable PDF: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    parser.destroy();
  }
  const runs = data.Pages.reduce((sum, page) => sum + page.Texts.length, 0);
  if (runs > limits.maxPdfTextRuns) {
    throw new ArtifactFormatError(`the PDF holds ${runs} text runs, more than the ${limits.maxPdfTextRuns} a list PDF may hold`);
  }
  return data.Pages.map((page) =>
    page.Texts.map((t) => ({
      x: t.x,
      y: t.y,
      text: asciiDashes(t.R.map((run) => run.T).join('')),
      bold: t.R.some((run) => run.TS?.[2] === 1),
    })).filter((t) => t.text.trim() !== ''),
  );
}

function linesOf(items: TextItem[], firstNumber: number): TextLine[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextLine[] = [];
  for (const item of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(item.y - last.y) <= SAME_LINE) last.items.push(item);
    else lines.push({ y: item.y, items: [item], number: 0 });
  }
  lines.forEach((line, i) => {
    line.items.sort((a, b) => a.x - b.x);
    line.number = firstNumber + i;
  });
  return lines;
}

function isHeading(text: string, options: PdfTableOptions): boolean {
  return (options.headings?.values ?? []).some((v) => v.trim().toLowerCase() === text.toLowerCase());
}

function lineText(line: TextLine): string {
  return line.items
    .map((i) => i.text.trim())
    .join(' ')
    .trim();
}

interface HeaderCell {
  x: number;
  text: string;
}

/**
 * Header cells of `lines` taken together: items stacked at the same x are one (wrapped) cell, the
 * first cell opened within COLUMN_SLACK of an item taking it. Cells are kept sorted by x, so each
 * item is placed by a binary search: cells opened are more than COLUMN_SLACK apart, so only a
 * couple lie within reach of any x.
 */
function headerCells(lines: TextLine[]): HeaderCell[] {
  const cells: Array<HeaderCell & { opened: number }> = [];
  for (const item of lines.flatMap((l) => l.items)) {
    let low = 0;
    let high = cells.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cells[mid].x < item.x - COLUMN_SLACK) low = mid + 1;
      else high = mid;
    }
    let cell: (typeof cells)[number] | null = null;
    for (let i = low; i < cells.length && cells[i].x <= item.x + COLUMN_SLACK; i += 1) {
      if (Math.abs(cells[i].x - item.x) <= COLUMN_SLACK && (!cell || cells[i].opened < cell.opened)) cell = cells[i];
    }
    if (cell) cell.text = `${cell.text} ${item.text.trim()}`;
    else cells.splice(low, 0, { x: item.x, text: item.text.trim(), opened: cells.length });
  }
  return cells.map(({ x, text }) => ({ x, text }));
}

/** Where the header sits on a page: its cells and the index of the first line below it. */
function findHeader(
  lines: TextLine[],
  options: PdfTableOptions,
  isHeader: (keys: string[]) => boolean,
): { cells: HeaderCell[]; after: number } | null {
  // One-line headers first, so a title line above is never glued to the header; the lines of a
  // wrapped header start under cells of its first line.
  for (let count = 1; count <= HEADER_MAX_LINES; count += 1) {
    for (let start = 0; start < Math.min(lines.length, HEADER_SEARCH_LINES) && start + count <= lines.length; start += 1) {
      const block = lines.slice(start, start + count);
      if (block.some((line) => line.items.length > HEADER_MAX_RUNS)) continue;
      const aligned = block
        .slice(1)
        .every((line) => line.items.every((item) => block[0].items.some((first) => Math.abs(first.x - item.x) <= COLUMN_SLACK)));
      if (!aligned) continue;
      if (!isHeader(headerCells(block).map((c) => normalizeHeader(c.text)))) continue;
      // Wrapped header cells below (`STA` / `TE`) are bold like the header and sit under its cells.
      let after = start + count;
      for (;;) {
        const next = lines[after];
        const cells = headerCells(block);
        const wraps =
          next &&
          block.length < count + HEADER_MAX_WRAPPED_LINES &&
          next.items.length <= HEADER_MAX_RUNS &&
          next.items.every((item) => item.bold && cells.some((c) => Math.abs(c.x - item.x) <= COLUMN_SLACK)) &&
          !isHeading(lineText(next), options);
        if (!wraps) return { cells, after };
        block.push(next);
        after += 1;
      }
    }
  }
  return null;
}

function columnOf(columns: HeaderCell[], x: number): number {
  let at = 0;
  columns.forEach((c, i) => {
    if (c.x <= x + COLUMN_SLACK) at = i;
  });
  return at;
}

/** Wrapped text joins with a space, except after a hyphen or slash the line broke at. */
function joinWrapped(before: string, after: string, token: boolean): string {
  if (!before) return after;
  if (!after) return before;
  return token || /[-/]$/.test(before) ? `${before}${after}` : `${before} ${after}`;
}

/**
 * Reads a PDF table into rows: the header's cell texts first, then one row per record, with the
 * lines of wrapped cells merged. Pages before `skipPages` and lines above each page's header are
 * not read; a page with no header continues the table of the page before.
 */
export async function readPdfTable(
  path: string,
  options: PdfTableOptions,
  isHeader: (keys: string[]) => boolean,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<PdfRow[]> {
  const pages = await readPages(path, limits);
  let columns: HeaderCell[] | null = null;
  let anchor = 0;
  let tokenColumns = new Set<number>();
  const records: PdfRow[] = [];
  let heading = '';
  let lineNumber = 1;
  pages.forEach((items, pageIndex) => {
    const lines = linesOf(items, lineNumber);
    lineNumber += lines.length;
    if (pageIndex < (options.skipPages ?? 0)) return;
    const header = findHeader(lines, options, isHeader);
    if (!columns) {
      if (!header) return;
      columns = header.cells;
      anchor = columnIndex(columns, options.continuationWhenEmpty) ?? 0;
      tokenColumns = new Set((options.tokenColumns ?? []).map((ref) => columnIndex(columns ?? [], ref) ?? -1));
    }
    for (const line of lines.slice(header ? header.after : 0)) {
      const text = lineText(line);
      if (options.ignoreLines?.some((pattern) => pattern.test(text))) continue;
      if (isHeading(text, options)) {
        heading = text;
        continue;
      }
      const cells: string[] = columns.map(() => '');
      for (const item of line.items) {
        const at = columnOf(columns, item.x);
        cells[at] = cells[at] ? `${cells[at]} ${item.text.trim()}` : item.text.trim();
      }
      const previous = records[records.length - 1];
      if (!cells[anchor] && previous) {
        cells.forEach((cell, i) => {
          previous.cells[i] = joinWrapped(previous.cells[i], cell, tokenColumns.has(i));
        });
        continue;
      }
      records.push({ cells: options.headings ? [...cells, heading] : cells, line: line.number });
    }
  });
  if (!columns) return [];
  const headerRow = (columns as HeaderCell[]).map((c) => c.text);
  if (options.headings) headerRow.push(options.headings.column);
  return [{ cells: headerRow, line: 0 }, ...records];
}

function columnIndex(columns: HeaderCell[], ref: ColumnRef | undefined): number | null {
  const keys = columns.map((c) => normalizeHeader(c.text));
  for (const key of ref === undefined ? [] : [ref].flat()) {
    const at = key.endsWith('*') ? keys.findIndex((k) => k.startsWith(key.slice(0, -1))) : keys.indexOf(key);
    if (at >= 0) return at;
  }
  return null;
}
