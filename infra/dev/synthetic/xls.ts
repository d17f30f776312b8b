import * as XLSX from '@e965/xlsx';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A cell of a legacy sheet: text, a number, or a date (`{ date: 'YYYY-MM-DD' }`, written as an Excel date cell). */
export type XlsCell = string | number | { date: string } | null;

interface XlsSheetSpec {
  name: string;
  rows: readonly XlsCell[][];
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** The Excel day number of an ISO date, from UTC, so the machine's time zone never shifts it. */
function excelSerial(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return (Date.UTC(y, m - 1, d) - EXCEL_EPOCH) / DAY_MS;
}

function sheetOf(rows: readonly XlsCell[][]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  let lastColumn = 0;
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value === null || value === '') return;
      const address = XLSX.utils.encode_cell({ r, c });
      if (typeof value === 'object') sheet[address] = { t: 'n', v: excelSerial(value.date), z: 'm/d/yyyy' };
      else if (typeof value === 'number') sheet[address] = { t: 'n', v: value };
      else sheet[address] = { t: 's', v: value };
      lastColumn = Math.max(lastColumn, c);
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: lastColumn } });
  return sheet;
}

/**
 * A legacy Excel 97–2003 workbook (BIFF8 in a Compound File), as TX's and FL's report tools
 * export one, written with SheetJS. Its bytes depend only on its content and `modified`.
 */
export function legacyWorkbookBuffer(sheets: readonly XlsSheetSpec[], modified: Date): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const spec of sheets) XLSX.utils.book_append_sheet(workbook, sheetOf(spec.rows), spec.name);
  workbook.Props = { Author: 'State Medicaid Agency', LastAuthor: 'State Medicaid Agency', CreatedDate: modified, ModifiedDate: modified };
  return XLSX.write(workbook, { bookType: 'biff8', type: 'buffer', compression: false }) as Buffer;
}

export function writeLegacyWorkbook(path: string, sheets: readonly XlsSheetSpec[], modified: Date): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, legacyWorkbookBuffer(sheets, modified));
}
