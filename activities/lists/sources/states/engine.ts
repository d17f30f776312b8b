import { open, stat } from 'node:fs/promises';
import { normalizeHeader, readCsvRows } from '../csv';
import { parseDate, parseEndDate } from '../dates';
import { makeEntry, naturalKey, personFromCells, type PersonParts } from '../entry';
import { looksLikeOrganization, parsePersonName, personDisplayName, splitAliasMarkers, splitNameList, type PersonName } from '../names';
import { extractNpis } from '../npi';
import { clean } from '../placeholders';
import { extractState } from '../usps';
import { ArtifactFormatError, type ListAdapter, type ListEntry, type ParseContext } from '../types';
import { readHtmlTables } from './htmlTable';
import { readJsonRecords } from './jsonRecords';
import { readXlsSheets } from './legacyXls';
import { readSharePointRows } from './sharePointRows';
import type { ColumnRef, SheetLayout, StateListMapping } from './mapping';
import { readPdfTable } from './pdfTable';
import { artifactWorkbooks } from './xlsxWorkbooks';
import { takeCredential, takeOtherNames, takeTrailingNotes, type NameNotes } from './nameNotes';
import { takeTrailingCredentials } from './credentials';

/** How far down a sheet the header row may sit (AL's workbook has 33 notice rows above it). */
const HEADER_SEARCH_ROWS = 40;

interface SheetRows {
  name: string | null;
  rows: AsyncIterable<{ cells: string[]; line: number }>;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value);
}

// State workbooks hold at most a few thousand rows, so they are read whole: exceljs's
// streaming reader races when a worksheet entry is parsed before workbook.xml.
async function* xlsxSheets(ctx: ParseContext): AsyncGenerator<SheetRows> {
  const size = (await stat(ctx.path)).size;
  for (const worksheet of (await artifactWorkbooks(ctx.path, ctx.limits)).flatMap((workbook) => workbook.worksheets)) {
    const sheetRows: { cells: string[]; line: number }[] = [];
    worksheet.eachRow((row) => {
      const values = (row.values as unknown[]) ?? [];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i]));
      sheetRows.push({ cells, line: row.number });
    });
    async function* rows(): AsyncGenerator<{ cells: string[]; line: number }> {
      yield* sheetRows;
    }
    yield { name: worksheet.name ?? null, rows: rows() };
  }
  ctx.onBytes?.(size);
}

// Each table of an HTML page is a sheet named by its caption.
async function* htmlSheets(ctx: ParseContext): AsyncGenerator<SheetRows> {
  const { tables, bytes } = await readHtmlTables(ctx.path, ctx.limits);
  for (const table of tables) {
    async function* rows(): AsyncGenerator<{ cells: string[]; line: number }> {
      yield* table.rows;
    }
    yield { name: table.caption, rows: rows() };
  }
  ctx.onBytes?.(bytes);
}

// Each sheet of a legacy .xls workbook, as an XLSX sheet.
async function* xlsSheets(ctx: ParseContext): AsyncGenerator<SheetRows> {
  const { sheets, bytes } = await readXlsSheets(ctx.path);
  for (const sheet of sheets) {
    async function* rows(): AsyncGenerator<{ cells: string[]; line: number }> {
      yield* sheet.rows;
    }
    yield { name: sheet.name, rows: rows() };
  }
  ctx.onBytes?.(bytes);
}

// A SharePoint list service answer's items are one sheet: its first row is the field names.
async function* sharePointSheet(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<SheetRows> {
  if (!mapping.sharePoint) throw new Error(`the ${mapping.state} mapping reads SharePoint XML but names no listing field`);
  const { rows, bytes } = await readSharePointRows(ctx.path, mapping.sharePoint);
  async function* all(): AsyncGenerator<{ cells: string[]; line: number }> {
    yield* rows;
  }
  yield { name: null, rows: all() };
  ctx.onBytes?.(bytes);
}

async function* csvSheet(ctx: ParseContext): AsyncGenerator<SheetRows> {
  yield { name: null, rows: readCsvRows(ctx) };
}

// A PDF's table is rebuilt whole (pdfTable.ts): its first row is the header, repeated headers are gone.
async function* pdfSheet(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<SheetRows> {
  const rows = await readPdfTable(ctx.path, mapping.pdf ?? {}, (keys) => mapping.layouts.some((l) => isHeaderRow(l, keys)), ctx.limits);
  ctx.onBytes?.((await stat(ctx.path)).size);
  async function* all(): AsyncGenerator<{ cells: string[]; line: number }> {
    yield* rows;
  }
  yield { name: null, rows: all() };
}

// A JSON feed's records are one sheet: its first row is the records' keys.
async function* jsonSheet(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<SheetRows> {
  const { rows, bytes } = await readJsonRecords(ctx.path, mapping.json ?? {}, ctx.limits);
  async function* all(): AsyncGenerator<{ cells: string[]; line: number }> {
    yield* rows;
  }
  yield { name: null, rows: all() };
  ctx.onBytes?.(bytes);
}

/** A NUL is no character of any name or date, and PostgreSQL's text and jsonb cannot hold one. */
function withoutNul(cell: string): string {
  // eslint-disable-next-line no-control-regex
  return cell.includes('\u0000') ? cell.replace(/\u0000/g, '') : cell;
}

type Resolver = (ref: ColumnRef | undefined) => number;

/** A header row's keys: an empty header cell (AL's name column) is named by its position, `column_N`. */
function headerKeysOf(cells: string[]): string[] {
  return cells.map((cell, i) => normalizeHeader(cell) || `column_${i + 1}`);
}

function resolverFor(headerKeys: string[]): Resolver {
  return (ref) => {
    if (ref === undefined) return -1;
    for (const key of Array.isArray(ref) ? ref : [ref]) {
      const at = key.endsWith('*') ? headerKeys.findIndex((h) => h.startsWith(key.slice(0, -1))) : headerKeys.indexOf(key);
      if (at >= 0) return at;
    }
    return -1;
  };
}

function isHeaderRow(layout: SheetLayout, keys: string[]): boolean {
  const resolve = resolverFor(keys);
  return layout.headerKeys.every((k) => resolve(k) >= 0);
}

interface FullName {
  person: PersonParts | null;
  orgName: string | null;
  aliases: string[];
  owners: string[];
}

/** A person alias written `LAST, FIRST` reads better, and matches better, in natural order. */
function naturalAlias(alias: string, order: SheetLayout['fields']['fullNameOrder']): string {
  if (!alias.includes(',') || looksLikeOrganization(alias)) return alias;
  return personDisplayName(parsePersonName(alias, order));
}

/**
 * Another name written after the given name: a given name (`(aka Bobby)`) replaces it, a whole name
 * (`(aka Bobby Smith)`, `(aka Smith, Bobby)`) stands on its own.
 */
function givenNameAlias(name: PersonName, alt: string, order: SheetLayout['fields']['fullNameOrder']): string {
  const words = alt.toUpperCase().split(/[\s,]+/);
  const surname = name.lastName?.toUpperCase();
  if (alt.includes(',') || (surname && words.length > 1 && words.includes(surname))) return naturalAlias(alt, order);
  return personDisplayName({ ...name, firstName: alt, middleName: null, suffix: null });
}

/**
 * One free-form name cell: stacked names (WA), alias markers (`SAMPLEFIELD aka SAMPLES, DANA`),
 * person or organization (by the layout, else by legal forms and business words).
 */
function parseFullName(value: string, layout: SheetLayout): FullName {
  const order = layout.fields.fullNameOrder;
  const separator = layout.fields.fullNameSeparator ? new RegExp(layout.fields.fullNameSeparator) : /[\n\r]+/;
  const names = layout.fields.fullNameStacked || layout.fields.fullNameSeparator ? splitNameList(value, separator) : [value];
  const result: FullName = { person: null, orgName: null, aliases: [], owners: [] };
  const firstSplit = splitAliasMarkers(names[0]);
  result.owners.push(...firstSplit.owners);
  for (const extra of names.slice(1)) {
    const split = splitAliasMarkers(extra);
    for (const n of [split.primary, ...split.alternates]) if (n) result.aliases.push(naturalAlias(n, order));
  }
  if (!firstSplit.primary) return result;
  const kind = layout.kind ?? (looksLikeOrganization(firstSplit.primary) ? 'organization' : 'person');
  if (kind === 'organization') {
    result.orgName = firstSplit.primary;
    result.aliases.unshift(...firstSplit.alternates);
    return result;
  }
  const otherNames = takeOtherNames(names[0]);
  const text = otherNames.text.replace(/\s+/g, ' ').trim();
  // A comma inside parentheses belongs to a note (`Kyanna Pierce (aka Pierce, Kyonna)`), not to the name.
  const comma = text.replace(/\([^)]*\)/g, (note) => ' '.repeat(note.length)).indexOf(',');
  if (comma >= 0) {
    // `LAST [aka ALT], FIRST MIDDLE [aka ALT]`: split at the comma first so each alias replaces its own part.
    const last = splitAliasMarkers(text.slice(0, comma));
    const rest = splitAliasMarkers(text.slice(comma + 1));
    const given = parsePersonName(`X, ${rest.primary ?? ''}`);
    const name = { lastName: last.primary, firstName: given.firstName, middleName: given.middleName, suffix: given.suffix };
    const aliases = [
      ...[...last.alternates, ...otherNames.surnames].map((alt) => personDisplayName({ ...name, lastName: alt, suffix: null })),
      ...rest.alternates.map((alt) => givenNameAlias(name, alt, order)),
      ...otherNames.givenNames.map((alt) => givenNameAlias(name, alt, order)),
    ];
    result.person = { name, display: personDisplayName(name), aliases, owners: [] };
  } else {
    const split = otherNames.text === names[0] ? firstSplit : splitAliasMarkers(text);
    const name = parsePersonName(split.primary ?? text, order);
    const aliases = [
      ...otherNames.surnames.map((alt) => personDisplayName({ ...name, lastName: alt, suffix: null })),
      ...otherNames.givenNames.map((alt) => givenNameAlias(name, alt, order)),
    ];
    result.person = { name, display: personDisplayName(name), aliases, owners: [] };
    result.aliases.unshift(...split.alternates.map((alt) => naturalAlias(alt, order)));
  }
  result.aliases.unshift(...result.person.aliases);
  return result;
}

/** The earliest of every date in these cells; a cell may hold several, separated by spaces, `;` or `,` (MI, NH). */
function earliestDate(cells: string[]): string | null {
  const dates: string[] = [];
  for (const cell of cells) {
    const found = cell
      .split(/[\s;,]+/)
      .map(parseDate)
      .filter((d): d is string => d !== null);
    const whole = found.length === 0 ? parseDate(cell) : null;
    dates.push(...found, ...(whole ? [whole] : []));
  }
  return dates.length > 0 ? dates.sort()[0] : null;
}

/** The row's kind from a kind column (IA's enrollment type): anything but an organization value is a person. */
function kindOfRow(layout: SheetLayout, value: string): SheetLayout['kind'] {
  if (!layout.kindColumn || !value) return undefined;
  return layout.kindColumn.organization.some((v) => v.toLowerCase() === value.toLowerCase()) ? 'organization' : 'person';
}

/** Reads a cell by its column reference: trimmed, empty when the sheet lacks the column. */
type CellReader = (ref: ColumnRef | undefined) => string;

function cellReader(header: string[], cells: string[]): CellReader {
  const resolve = resolverFor(headerKeysOf(header));
  return (ref) => {
    const at = resolve(ref);
    return at >= 0 ? (cells[at] ?? '').trim() : '';
  };
}

/** The row as it was listed, by header: every non-empty cell. */
function rawCells(header: string[], cells: string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  const keys = new Set<string>();
  header.forEach((h, i) => {
    let key = h.trim() || `column_${i + 1}`;
    // MI heads two columns "Sanction Source": a repeated header keeps its column number.
    if (keys.has(key)) key = `${key} (column ${i + 1})`;
    keys.add(key);
    if (cells[i]) raw[key] = cells[i];
  });
  return raw;
}

/** Who a row names, gathered column by column; `aliases` and `owners` keep the order they were read in. */
interface RowNames {
  person: PersonParts | null;
  orgName: string | null;
  aliases: string[];
  owners: string[];
  notes: NameNotes | null;
  credential: string | null;
}

/** The names of a sheet with one full-name column. */
function namesFromFullNameCell(layout: SheetLayout, get: CellReader): RowNames {
  const f = layout.fields;
  // A name cell holding only a placeholder (CT's `N/A` above a business) names nobody.
  const cell = clean(get(f.fullName)) === null ? '' : get(f.fullName);
  const notes = f.fullNameNotes === 'trailing' ? takeTrailingNotes(cell) : f.fullNameNotes === 'credential' ? takeCredential(cell) : null;
  // A credential glued to the name (`HARRIS, MARIA L (LPN)`) is no part of it, whatever the list.
  const unglued = layout.kind === 'organization' ? null : takeTrailingCredentials(notes ? notes.name : cell);
  const parsed = parseFullName(unglued ? unglued.name : cell, layout);
  return {
    person: parsed.person,
    orgName: parsed.orgName,
    aliases: [...(notes?.aliases ?? []), ...parsed.aliases],
    owners: [...(notes?.owners ?? []), ...parsed.owners],
    notes,
    credential: unglued?.credential ?? null,
  };
}

/** The names of a sheet with last, first and middle name columns. */
function namesFromNameCells(layout: SheetLayout, get: CellReader): RowNames {
  const f = layout.fields;
  const names: RowNames = { person: null, orgName: null, aliases: [], owners: [], notes: null, credential: null };
  const parts = personFromCells({
    lastName: get(f.lastName),
    firstName: get(f.firstName),
    middleName: get(f.middleName),
    suffix: get(f.suffix),
  });
  names.owners.push(...parts.owners);
  const rowKind = layout.kind ?? kindOfRow(layout, get(layout.kindColumn?.column));
  const isOrg = rowKind === 'organization' || (rowKind !== 'person' && !parts.name.firstName && !parts.name.middleName);
  if (isOrg && get(f.orgName)) {
    // An organization's row that also names a person: the person behind it (IA), kept as an alias.
    if (parts.display) names.owners.push(parts.display);
  } else if (isOrg) {
    names.orgName = splitAliasMarkers(get(f.lastName)).primary;
    names.aliases.push(...splitAliasMarkers(get(f.lastName)).alternates);
  } else if (parts.display) {
    names.person = parts;
    names.aliases.push(...parts.aliases);
  }
  return names;
}

function namesFromNameColumns(layout: SheetLayout, get: CellReader): RowNames {
  if (layout.fields.fullName) return namesFromFullNameCell(layout, get);
  if (layout.fields.lastName) return namesFromNameCells(layout, get);
  return { person: null, orgName: null, aliases: [], owners: [], notes: null, credential: null };
}

/** The organization the row lists, from its business cell or its name columns; adds the names that cell holds besides. */
function listedOrganization(layout: SheetLayout, get: CellReader, names: RowNames): { name: string; aliases: string[] } | null {
  const f = layout.fields;
  let listedOrg: { name: string; aliases: string[] } | null = null;
  const orgCell = get(f.orgName) || (!names.person && !names.orgName ? get(f.affiliation) : '');
  if (orgCell) {
    const split = splitAliasMarkers(orgCell);
    names.owners.push(...split.owners);
    if (split.primary) listedOrg = { name: split.primary, aliases: split.alternates };
    // A business cell that is only `a.k.a. NAME` (WY) names no business: it is another name of the row's person.
    else if (names.person) names.aliases.push(...split.alternates);
  }
  if (names.orgName && !names.person) {
    return listedOrg ? { name: names.orgName, aliases: [...listedOrg.aliases, listedOrg.name] } : { name: names.orgName, aliases: [] };
  }
  return listedOrg;
}

/** Adds the names of the alias and owner columns, and of the alias rows that follow the row. */
function addOtherNames(layout: SheetLayout, get: CellReader, names: RowNames, aliasRows: string[]): void {
  const f = layout.fields;
  for (const cell of splitNameList(get(f.aliases), new RegExp(f.aliasSeparator ?? '[;\\n\\r]+'))) {
    const split = splitAliasMarkers(cell);
    for (const n of [split.primary, ...split.alternates]) if (n) names.aliases.push(n);
  }
  names.owners.push(...splitNameList(get(f.owners)));
  for (const pair of f.aliasNames ?? []) {
    const alias = clean(`${get(pair.firstName)} ${get(pair.lastName)}`);
    if (alias) names.aliases.push(alias);
  }
  names.aliases.push(...aliasRows.map((alias) => naturalAlias(alias, f.fullNameOrder)));
}

/** What the person's and the organization's entries of one row share; counts the row's invalid NPIs. */
function commonFields(
  layout: SheetLayout,
  get: CellReader,
  names: RowNames,
  raw: Record<string, string>,
  ctx: ParseContext,
  stateCode: string,
) {
  const f = layout.fields;
  const { npis, invalid } = extractNpis(get(f.npi));
  ctx.report.invalidNpis += invalid.length;
  const end = parseEndDate(get(f.endDate));
  return {
    npis,
    state: extractState(get(f.state)) ?? stateCode,
    providerType: names.notes?.providerType ?? clean(get(f.providerType)) ?? names.credential,
    action: clean(get(f.action)) ?? layout.action ?? null,
    startDate: f.startDates ? earliestDate(f.startDates.map(get)) : parseDate(get(f.startDate)),
    endDate: end.endDate,
    endDateKind: end.endDateKind,
    raw,
  };
}

/** The person's entry, then the organization's, each with the names that belong to it. */
function entriesOf(
  names: RowNames,
  listedOrg: { name: string; aliases: string[] } | null,
  common: ReturnType<typeof commonFields>,
  dateOfBirthCell: string,
): ListEntry[] {
  const { person, aliases } = names;
  const entries: ListEntry[] = [];
  const ownerAliases = names.owners.map((o) => clean(o)).filter((o): o is string => !!o);
  if (person) {
    const dateOfBirth = parseDate(dateOfBirthCell);
    const key = naturalKey(['person', person.display, common.npis[0], dateOfBirth, common.startDate]);
    entries.push(
      makeEntry(key, {
        kind: 'person',
        name: person.display,
        ...person.name,
        aliases: [...aliases, ...ownerAliases],
        dateOfBirth,
        ...common,
      }),
    );
  }
  if (listedOrg) {
    const orgAliases = person ? listedOrg.aliases : [...listedOrg.aliases, ...aliases];
    const key = naturalKey(['organization', listedOrg.name, common.npis[0], common.startDate]);
    entries.push(makeEntry(key, { kind: 'organization', name: listedOrg.name, aliases: [...orgAliases, ...ownerAliases], ...common }));
  }
  return entries;
}

/** Turns one data row into its entries (two when a person and an organization are listed together). */
function rowEntries(
  layout: SheetLayout,
  header: string[],
  cells: string[],
  line: number,
  ctx: ParseContext,
  stateCode: string,
  aliasRows: string[] = [],
): ListEntry[] {
  const get = cellReader(header, cells);
  const names = namesFromNameColumns(layout, get);
  const listedOrg = listedOrganization(layout, get, names);
  addOtherNames(layout, get, names, aliasRows);
  if (!names.person && !listedOrg) {
    ctx.report.bad(line, 'row names no person and no organization');
    return [];
  }
  const common = commonFields(layout, get, names, rawCells(header, cells), ctx, stateCode);
  return entriesOf(names, listedOrg, common, get(layout.fields.dateOfBirth));
}

/** A bundle missing one of its workbooks would publish part of the list as the whole. */
function requireEveryLayout(mapping: StateListMapping, found: Set<SheetLayout>): void {
  const missing = mapping.layouts.filter((layout) => !found.has(layout));
  if (missing.length > 0) {
    const expected = missing.map((l) => l.headerKeys.join(', ')).join(' | ');
    throw new ArtifactFormatError(`the ${mapping.state} bundle lacks a workbook with the header ${expected}`);
  }
}

/** The other name an alias row gives (MT's `a.k.a. NAME` under the listed row), or null for a listed row. */
function aliasRowName(layout: SheetLayout, header: string[], cells: string[]): string | null {
  const at = resolverFor(headerKeysOf(header))(layout.fields.fullName);
  const prefix = new RegExp(`^(?:${layout.aliasRowPrefix})`, 'i');
  const name = at >= 0 ? (cells[at] ?? '').trim() : '';
  return prefix.test(name) ? (clean(name.replace(prefix, '')) ?? '') : null;
}

/** True when the file is a PDF (`%PDF-` at its start). */
async function isPdfFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    return head.subarray(0, bytesRead).toString('latin1') === '%PDF-';
  } finally {
    await handle.close();
  }
}

async function* sheetsOf(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<SheetRows> {
  if (mapping.pdf && mapping.format !== 'pdf' && (await isPdfFile(ctx.path))) {
    yield* pdfSheet(mapping, ctx);
    return;
  }
  switch (mapping.format) {
    case 'xlsx':
      return yield* xlsxSheets(ctx);
    case 'xls':
      return yield* xlsSheets(ctx);
    case 'html':
      return yield* htmlSheets(ctx);
    case 'pdf':
      return yield* pdfSheet(mapping, ctx);
    case 'json':
      return yield* jsonSheet(mapping, ctx);
    case 'sharepoint_xml':
      return yield* sharePointSheet(mapping, ctx);
    case 'csv':
      return yield* csvSheet(ctx);
  }
}

/** The heading a row is, when the layout has heading rows and the row's only text is one of them. */
function headingOf(layout: SheetLayout, cells: string[]): string | null {
  if (!layout.headingRows) return null;
  const texts = cells.map((c) => c.trim()).filter(Boolean);
  if (texts.length !== 1) return null;
  const wanted = texts[0].toUpperCase();
  return layout.headingRows.values.find((v) => v.toUpperCase() === wanted) ?? null;
}

/** False for a row the layout keeps out of the list (FL's fines), true otherwise. */
function isKeptRow(layout: SheetLayout, header: string[], cells: string[]): boolean {
  if (!layout.keepRowsWhere) return true;
  const at = resolverFor(headerKeysOf(header))(layout.keepRowsWhere.column);
  return new RegExp(layout.keepRowsWhere.matching, 'i').test(at >= 0 ? (cells[at] ?? '').trim() : '');
}

/** Reads any state list described by a mapping: locates each header by its keys, then maps rows. */
async function* parseStateList(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<ListEntry> {
  const sheets = sheetsOf(mapping, ctx);
  let headersFound = 0;
  const layoutsFound = new Set<SheetLayout>();
  for await (const sheet of sheets) {
    const candidates = mapping.layouts.filter(
      (l) => !l.sheet || (sheet.name !== null && l.sheet.toLowerCase() === sheet.name.trim().toLowerCase()),
    );
    let layout: SheetLayout | null = null;
    let header: string[] = [];
    let scanned = 0;
    let stopped = false;
    let held: { cells: string[]; line: number; aliases: string[] } | null = null;
    let currentHeading = '';
    for await (const row of sheet.rows) {
      if (stopped) continue;
      let cells = row.cells.map(withoutNul);
      const line = row.line;
      if (!layout) {
        if (candidates.length === 0 || scanned >= HEADER_SEARCH_ROWS) continue;
        scanned += 1;
        const keys = headerKeysOf(cells);
        layout = candidates.find((l) => isHeaderRow(l, keys)) ?? null;
        if (layout) {
          header = layout.headingRows ? [...cells, layout.headingRows.column] : cells;
          headersFound += 1;
          layoutsFound.add(layout);
        }
        continue;
      }
      if (cells.every((c) => !c.trim())) continue;
      if (layout.stopAtFirstCell && cells[0]?.trim().toLowerCase() === layout.stopAtFirstCell.toLowerCase()) {
        stopped = true;
        continue;
      }
      if (layout.stopAtFirstCellMatching && new RegExp(layout.stopAtFirstCellMatching, 'i').test(cells[0]?.trim() ?? '')) {
        stopped = true;
        continue;
      }
      if (layout.skipRowsMatching && new RegExp(layout.skipRowsMatching, 'i').test(cells.join(' '))) continue;
      if (layout.headingRows) {
        const heading = headingOf(layout, cells);
        if (heading !== null) {
          currentHeading = heading;
          continue;
        }
        cells = [
          ...cells.slice(0, header.length - 1),
          ...Array<string>(Math.max(0, header.length - 1 - cells.length)).fill(''),
          currentHeading,
        ];
      }
      ctx.report.rows += 1;
      if (!isKeptRow(layout, header, cells)) {
        ctx.report.skipped += 1;
        continue;
      }
      if (!layout.aliasRowPrefix) {
        yield* rowEntries(layout, header, cells, line, ctx, mapping.state);
        continue;
      }
      // A row that only names another name of the row above is held until the next row starts.
      const alias = aliasRowName(layout, header, cells);
      if (alias !== null) {
        if (!held) ctx.report.bad(line, 'alias row with no listed row above it');
        else if (alias) held.aliases.push(alias);
        continue;
      }
      if (held) yield* rowEntries(layout, header, held.cells, held.line, ctx, mapping.state, held.aliases);
      held = { cells, line, aliases: [] };
    }
    if (held && layout) yield* rowEntries(layout, header, held.cells, held.line, ctx, mapping.state, held.aliases);
  }
  if (headersFound === 0) {
    const expected = mapping.layouts.map((l) => l.headerKeys.join(', ')).join(' | ');
    throw new ArtifactFormatError(
      `not the ${mapping.state} list layout: no header row with ${expected} in the first ${HEADER_SEARCH_ROWS} rows`,
    );
  }
  if (mapping.bundledWorkbooks) requireEveryLayout(mapping, layoutsFound);
}

export function stateAdapter(mapping: StateListMapping): ListAdapter {
  return { id: `state_${mapping.state.toLowerCase()}`, target: 'list_entries', parse: (ctx) => parseStateList(mapping, ctx) };
}
