import PDFDocument from 'pdfkit';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** A data row, or a category heading spanning the table (AL's `PHYSICIANS`, `NURSES`, …). */
export type PdfTableRow = { cells: string[] } | { heading: string };

export interface PdfTableSpec {
  /** Lines of a cover page before the table (AK, NJ); none: the table starts on page 1. */
  cover?: string[];
  /** Notice paragraphs above the title on the first table page (AL's page 1 starts its table halfway down). */
  preamble?: string[];
  /** Title lines above the header: on every page with `headerOnEveryPage`, else on the first table page. */
  title: string[];
  columns: ReadonlyArray<{ header: string; width: number }>;
  rows: PdfTableRow[];
  headerOnEveryPage: boolean;
  /** Grey every other record, as AK's and NJ's lists do. */
  shading?: boolean;
  landscape?: boolean;
  fontSize?: number;
}

const MARGIN = 36;
const PAD = 2;

/**
 * Writes a table the way state offices' report tools print one: cells top-aligned and wrapped
 * inside their column, a `Page N` footer, byte-identical for the same input and date.
 */
export async function writePdfTable(path: string, spec: PdfTableSpec, modified: Date): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: spec.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: spec.title[0] ?? '', Producer: 'synthetic', Creator: 'synthetic', CreationDate: modified, ModDate: modified },
  });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
  });
  const fontSize = spec.fontSize ?? 8;
  let pageNumber = 0;
  let y = 0;
  const bottom = (): number => doc.page.height - MARGIN - 14;
  const xs: number[] = [];
  spec.columns.reduce((x, c) => {
    xs.push(x);
    return x + c.width;
  }, MARGIN);
  const tableWidth = spec.columns.reduce((sum, c) => sum + c.width, 0);

  const cellHeight = (cells: string[], bold: boolean): number => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    return Math.max(...cells.map((text, i) => (text ? doc.heightOfString(text, { width: spec.columns[i].width - 2 * PAD }) : 0)));
  };
  const drawCells = (cells: string[], bold: boolean): void => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize)
      .fillColor('black');
    cells.forEach((text, i) => {
      if (text) doc.text(text, xs[i] + PAD, y + PAD, { width: spec.columns[i].width - 2 * PAD });
    });
  };
  const newPage = (withHeader: boolean): void => {
    doc.addPage();
    pageNumber += 1;
    doc.font('Helvetica').fontSize(7).fillColor('black');
    doc.text(`Page ${pageNumber}`, MARGIN, doc.page.height - MARGIN - 8, { width: tableWidth, align: 'right', lineBreak: false });
    y = MARGIN;
    if (pageNumber === (spec.cover ? 2 : 1)) {
      doc.font('Helvetica').fontSize(9);
      for (const paragraph of spec.preamble ?? []) {
        doc.text(paragraph, MARGIN, y, { width: tableWidth });
        y = doc.y + 6;
      }
    }
    if (withHeader) {
      doc.font('Helvetica-Bold').fontSize(10);
      for (const line of spec.title) {
        doc.text(line, MARGIN, y, { width: tableWidth, align: 'center' });
        y += 14;
      }
      y += 4;
      const headers = spec.columns.map((c) => c.header);
      const height = cellHeight(headers, true) + 2 * PAD;
      doc.rect(MARGIN, y, tableWidth, height).fill('#d9d9d9');
      drawCells(headers, true);
      y += height;
    }
  };

  if (spec.cover) {
    doc.addPage();
    pageNumber += 1;
    doc.font('Helvetica-Bold').fontSize(16);
    let coverY = 160;
    for (const line of spec.cover) {
      doc.text(line, MARGIN, coverY, { width: doc.page.width - 2 * MARGIN, align: 'center' });
      coverY += 28;
    }
  }
  newPage(true);
  let shade = false;
  for (const row of spec.rows) {
    const cells = 'heading' in row ? [row.heading] : row.cells;
    const height = ('heading' in row ? cellHeight(cells, true) : cellHeight(cells, false)) + 2 * PAD;
    if (y + height > bottom()) newPage(spec.headerOnEveryPage);
    if ('heading' in row) {
      doc.font('Helvetica-Bold').fontSize(fontSize).fillColor('black');
      doc.text(row.heading, xs[0] + PAD, y + PAD, { width: tableWidth - 2 * PAD });
      shade = false;
    } else {
      if (spec.shading && shade) doc.rect(MARGIN, y, tableWidth, height).fill('#eeeeee');
      shade = !shade;
      drawCells(cells, false);
    }
    y += height;
  }
  doc.end();
  await done;
}
