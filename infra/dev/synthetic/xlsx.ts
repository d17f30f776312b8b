import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pinZipTimes } from './zipFiles';

export type CellValue = string | number | Date | null;
interface SheetSpec {
  name: string;
  rows: CellValue[][];
}

/** A workbook whose bytes depend only on its content (pinned metadata and ZIP times). */
export async function workbookBuffer(sheets: readonly SheetSpec[], modified: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'State Medicaid Agency';
  workbook.lastModifiedBy = 'State Medicaid Agency';
  workbook.created = modified;
  workbook.modified = modified;
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
    worksheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'mm/dd/yyyy';
      }),
    );
  }
  return pinZipTimes(Buffer.from(await workbook.xlsx.writeBuffer()), modified);
}

/** Writes a workbook whose bytes depend only on its content. */
export async function writeWorkbook(path: string, sheets: readonly SheetSpec[], modified: Date): Promise<void> {
  const buffer = await workbookBuffer(sheets, modified);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, buffer);
}

/** "2025-03-01" as a real Excel date cell (serial number with a date format). */
export function excelDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/**
 * The workbook as an OpenXML SDK writer (a Dynamics portal export) gives it: every spreadsheet
 * part binds the namespace to the prefix `x:` (`<x:row>`), and the styles carry an empty
 * `<x:fill />` that some readers reject.
 */
export async function openXmlSdkStyle(buffer: Buffer, modified: Date): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buffer);
  for (const name of Object.keys(zip.files).filter((n) => n.startsWith('xl/') && n.endsWith('.xml'))) {
    const xml = await zip.files[name].async('string');
    if (!xml.includes(`xmlns="${SPREADSHEET_NS}"`)) continue;
    let prefixed = xml
      .replace(/<(\/?)([A-Za-z][\w]*)(?=[\s/>])/g, '<$1x:$2')
      .replace(`xmlns="${SPREADSHEET_NS}"`, `xmlns:x="${SPREADSHEET_NS}"`);
    if (name === 'xl/styles.xml')
      prefixed = prefixed.replace(/<x:fills count="(\d+)">/, (_, n) => `<x:fills count="${Number(n) + 1}"><x:fill />`);
    zip.file(name, prefixed);
  }
  return pinZipTimes(await zip.generateAsync({ type: 'nodebuffer' }), modified);
}
