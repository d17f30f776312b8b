import ExcelJS from 'exceljs';
import { open as openFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { DEFAULT_PARSE_LIMITS, readWholeArtifact, type ParseLimits } from '../limits';
import { ArtifactFormatError } from '../types';
import { InflateBudget, looksLikeZip, readZipEntries } from '../zipEntries';

const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PREFIXED_SPREADSHEET_NS = new RegExp(`\\sxmlns:([A-Za-z_][\\w.-]*)="${SPREADSHEET_NS.replace(/[./]/g, '\\$&')}"`);

/**
 * The parts of a workbook its cells are read from (exceljs's names, a leading `/` allowed):
 * package and workbook relationships, the workbook, shared strings, styles (which number is a
 * date) and the worksheets. Media, drawings, themes, embedded objects and anything else an
 * archive carries are never inflated.
 */
const CELL_PARTS =
  /^\/?(?:\[Content_Types\]\.xml|_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml|xl\/worksheets\/_rels\/sheet\d+\.xml\.rels)$/;

/**
 * OpenXML SDK writers (IL's Dynamics portal export) bind the spreadsheet namespace to a prefix
 * (`<x:row>`); exceljs reads only unprefixed elements. Returns the part unprefixed, or null when
 * it has no such prefix.
 */
function unprefixSpreadsheetXml(xml: string): string | null {
  const declared = PREFIXED_SPREADSHEET_NS.exec(xml);
  if (!declared) return null;
  const hasDefault = xml.includes(`xmlns="${SPREADSHEET_NS}"`);
  return xml.replace(new RegExp(`<(/?)${declared[1]}:`, 'g'), '<$1').replace(declared[0], hasDefault ? '' : ` xmlns="${SPREADSHEET_NS}"`);
}

/** A workbook rebuilt from its cell parts alone, so exceljs inflates nothing the adapter does not read. */
async function workbookOf(parts: Map<string, Buffer>, what: string): Promise<ExcelJS.Workbook> {
  const zip = new JSZip();
  for (const [name, bytes] of parts) {
    const unprefixed = name.endsWith('.xml') ? unprefixSpreadsheetXml(bytes.toString('utf8')) : null;
    zip.file(name.replace(/^\//, ''), unprefixed ?? bytes);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    const stored = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    // exceljs types its argument as the older non-generic Buffer.
    await workbook.xlsx.load(stored as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch (err) {
    throw new ArtifactFormatError(`${what} is not a readable XLSX workbook: ${(err as Error).message}`);
  }
  return workbook;
}

function isWorkbookPart(name: string): boolean {
  return CELL_PARTS.test(name);
}

function isBundledWorkbook(name: string): boolean {
  return name.toLowerCase().endsWith('.xlsx');
}

async function fileHead(path: string): Promise<Buffer> {
  const handle = await openFile(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The workbooks in an artifact: the workbook itself, or each `.xlsx` inside a ZIP bundle (a state
 * that publishes several workbooks, MN), in entry-name order. Every archive is read within one
 * inflate budget and entry count (limits.ts); a workbook inside a workbook is never opened.
 */
export async function artifactWorkbooks(path: string, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<ExcelJS.Workbook[]> {
  if (!looksLikeZip(await fileHead(path))) throw new ArtifactFormatError('not an XLSX workbook: the file is not a ZIP archive');
  const bytes = await readWholeArtifact(path, limits, 'XLSX');
  const budget = new InflateBudget(limits);
  let isBundle = false;
  const outer = await readZipEntries(
    bytes,
    (names) => {
      isBundle = !names.some((name) => /^\/?\[Content_Types\]\.xml$/.test(name));
      return isBundle ? isBundledWorkbook : isWorkbookPart;
    },
    budget,
    'the XLSX artifact',
  );
  if (!isBundle) return [await workbookOf(outer, 'the XLSX artifact')];
  const bundled = [...outer.keys()].filter(isBundledWorkbook).sort();
  const workbooks: ExcelJS.Workbook[] = [];
  for (const name of bundled) {
    const what = `the bundled workbook ${name}`;
    const inner = outer.get(name) as Buffer;
    outer.delete(name);
    workbooks.push(await workbookOf(await readZipEntries(inner, () => isWorkbookPart, budget, what), what));
  }
  return workbooks;
}
