import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { ArtifactFormatError } from '../types';

/** One sheet of a legacy workbook: its name and its rows as cell texts, the header rows included. */
export interface XlsSheet {
  name: string;
  rows: { cells: string[]; line: number }[];
}

/** Compound File Binary signature: every BIFF5/BIFF8 `.xls` starts with it. */
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A cell as text. A date is stored as a day number with a date format: it is written
 * `YYYY-MM-DD` from the number itself, so the machine's time zone never shifts it.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number' && cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
    const date = XLSX.SSF.parse_date_code(cell.v);
    if (date) return `${date.y}-${pad(date.m)}-${pad(date.d)}`;
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'e') return '';
  return String(cell.v);
}

/**
 * Reads a legacy Excel 97–2003 workbook (BIFF8 in a Compound File, TX's and FL's downloads)
 * with SheetJS. Anything that is not such a file is refused: SheetJS would otherwise read a
 * CSV or an HTML page as a one-sheet workbook and publish its text as rows.
 */
export async function readXlsSheets(path: string): Promise<{ sheets: XlsSheet[]; bytes: number }> {
  const bytes = await readFile(path);
  if (bytes.length < CFB_SIGNATURE.length || !bytes.subarray(0, CFB_SIGNATURE.length).equals(CFB_SIGNATURE)) {
    throw new ArtifactFormatError('not a legacy Excel (.xls) workbook: no Compound File signature');
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'buffer', cellDates: false, cellNF: true, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch (err) {
    throw new ArtifactFormatError(`unreadable .xls workbook: ${(err as Error).message}`);
  }
  const sheets = workbook.SheetNames.map((name): XlsSheet => {
    const sheet = workbook.Sheets[name];
    const ref = sheet['!ref'];
    if (!ref) return { name, rows: [] };
    const range = XLSX.utils.decode_range(ref);
    const rows: XlsSheet['rows'] = [];
    for (let r = range.s.r; r <= range.e.r; r += 1) {
      const cells: string[] = [];
      for (let c = 0; c <= range.e.c; c += 1) cells.push(cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined));
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      rows.push({ cells, line: r + 1 });
    }
    return { name, rows };
  });
  return { sheets, bytes: bytes.length };
}
