import type { AnyNode, Element } from 'domhandler';
import { findAll, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { DEFAULT_PARSE_LIMITS, readWholeArtifact, type ParseLimits } from '../limits';
import { ArtifactFormatError } from '../types';

/** One `<table>` of a page: its caption (if any) and its rows as cell texts, header rows included. */
export interface HtmlTable {
  caption: string | null;
  rows: { cells: string[]; line: number }[];
}

/** Elements that start a new line inside a cell: `<br>` and block elements. */
const LINE_BREAKING = new Set(['br', 'p', 'div', 'li', 'tr']);

function isElement(node: AnyNode): node is Element {
  return 'name' in node && 'children' in node;
}

/** Text of a cell with line breaks where the page shows them, each line's spaces collapsed. */
function cellText(cell: Element): string {
  const parts: string[] = [];
  const walk = (node: AnyNode): void => {
    if (isElement(node)) {
      if (LINE_BREAKING.has(node.name)) parts.push('\n');
      node.children.forEach(walk);
      if (LINE_BREAKING.has(node.name) && node.name !== 'br') parts.push('\n');
    } else if (node.type === 'text') {
      parts.push(textContent(node));
    }
  };
  cell.children.forEach(walk);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The nearest enclosing table of a node, so rows of a nested table stay with their own table. */
function owningTable(node: AnyNode): Element | null {
  for (let parent = node.parent; parent; parent = parent.parent) if (isElement(parent) && parent.name === 'table') return parent;
  return null;
}

function tableRows(table: Element): HtmlTable['rows'] {
  const rows = findAll((el) => el.name === 'tr' && owningTable(el) === table, table.children);
  return rows.map((tr, index) => {
    const cells: string[] = [];
    for (const cell of tr.children) {
      if (!isElement(cell) || (cell.name !== 'td' && cell.name !== 'th')) continue;
      cells.push(cellText(cell));
      // A spanned cell keeps the columns after it under their headers.
      const span = Number(getAttributeValue(cell, 'colspan') ?? '1');
      for (let i = 1; i < Math.min(Number.isFinite(span) ? span : 1, 50); i += 1) cells.push('');
    }
    return { cells, line: index + 1 };
  });
}

/**
 * How deep the page nests its elements, walked with a stack of its own: the readers below recurse
 * (and search ancestors) per level, so a page nested beyond `maxHtmlDepth` is refused before them.
 */
function requireDepthWithin(roots: AnyNode[], maxDepth: number): void {
  const pending: Array<{ node: AnyNode; depth: number }> = roots.map((node) => ({ node, depth: 1 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!isElement(next.node)) continue;
    if (next.depth > maxDepth) {
      throw new ArtifactFormatError(`the HTML page nests its elements more than ${maxDepth} deep; no list page does`);
    }
    for (const child of next.node.children) pending.push({ node: child, depth: next.depth + 1 });
  }
}

/** Reads every table of an HTML page, in document order. A page without tables gives none. */
export async function readHtmlTables(
  path: string,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<{ tables: HtmlTable[]; bytes: number }> {
  const html = await readWholeArtifact(path, limits, 'HTML');
  const document = parseDocument(html.toString('utf8'));
  requireDepthWithin(document.children, limits.maxHtmlDepth);
  const tables = findAll((el) => el.name === 'table', document.children).map((table) => {
    const caption = table.children.find((child): child is Element => isElement(child) && child.name === 'caption');
    return { caption: caption ? cellText(caption) : null, rows: tableRows(table) };
  });
  return { tables, bytes: html.length };
}
