import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { parse } from 'csv-parse/sync';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Test-side readers for a generated list set. */
export function readCsv(path: string, fromLine = 1): string[][] {
  return parse(readFileSync(path), { relax_column_count: true, from_line: fromLine }) as string[][];
}

export async function readSamCsv(zipPath: string): Promise<{ entryNames: string[]; text: string }> {
  const zip = await JSZip.loadAsync(readFileSync(zipPath));
  const entryNames = Object.keys(zip.files);
  return { entryNames, text: await zip.files[entryNames[0]].async('string') };
}

export async function readSheets(path: string): Promise<Map<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheets = new Map<string, unknown[][]>();
  workbook.eachSheet((worksheet) => {
    const rows: unknown[][] = [];
    for (let index = 1; index <= worksheet.rowCount; index++) {
      const values = worksheet.getRow(index).values as unknown[];
      rows.push(Array.isArray(values) ? values.slice(1) : []);
    }
    sheets.set(worksheet.name, rows);
  });
  return sheets;
}

export function normalizeHeader(text: unknown): string {
  return String(text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Relative path → sha256 of every file under a folder. */
export function hashTree(root: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder).sort()) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else hashes.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return hashes;
}
