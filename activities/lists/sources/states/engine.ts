import ExcelJS from 'exceljs';
import { stat } from 'node:fs/promises';
import { normalizeHeader, readCsvRows } from '../csv';
import { parseDate, parseEndDate } from '../dates';
import { makeEntry, naturalKey, personFromCells, type PersonParts } from '../entry';
import { looksLikeOrganization, parsePersonName, personDisplayName, splitAliasMarkers, splitNameList } from '../names';
import { extractNpis } from '../npi';
import { clean } from '../placeholders';
import { extractState } from '../usps';
import { ArtifactFormatError, type ListAdapter, type ListEntry, type ParseContext } from '../types';
import type { ColumnRef, SheetLayout, StateListMapping } from './mapping';
import { readPdfTable } from './pdfTable';
import { takeCredential, takeTrailingNotes, type NameNotes } from './nameNotes';

/** How far down a sheet the header row may sit (NC has 6 junk rows above it). */
const HEADER_SEARCH_ROWS = 30;

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
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(ctx.path);
  for (const worksheet of workbook.worksheets) {
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

async function* csvSheet(ctx: ParseContext): AsyncGenerator<SheetRows> {
  yield { name: null, rows: readCsvRows(ctx) };
}

// A PDF's table is rebuilt whole (pdfTable.ts): its first row is the header, repeated headers are gone.
async function* pdfSheet(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<SheetRows> {
  const rows = await readPdfTable(ctx.path, mapping.pdf ?? {}, (keys) => mapping.layouts.some((l) => isHeaderRow(l, keys)));
  ctx.onBytes?.((await stat(ctx.path)).size);
  async function* all(): AsyncGenerator<{ cells: string[]; line: number }> {
    yield* rows;
  }
  yield { name: null, rows: all() };
}

type Resolver = (ref: ColumnRef | undefined) => number;

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
 * One free-form name cell: stacked names (WA), alias markers (`SAMPLEFIELD aka SAMPLES, DANA`),
 * person or organization (by the layout, else by legal forms and business words).
 */
function parseFullName(value: string, layout: SheetLayout): FullName {
  const order = layout.fields.fullNameOrder;
  const names = layout.fields.fullNameStacked ? splitNameList(value, /[\n\r]+/) : [value];
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
  const text = names[0].replace(/\s+/g, ' ').trim();
  // A comma inside parentheses belongs to a note (`Kyanna Pierce (aka Pierce, Kyonna)`), not to the name.
  const comma = text.replace(/\([^)]*\)/g, (note) => ' '.repeat(note.length)).indexOf(',');
  if (comma >= 0) {
    // `LAST [aka ALT], FIRST MIDDLE [aka ALT]`: split at the comma first so each alias replaces its own part.
    const last = splitAliasMarkers(text.slice(0, comma));
    const rest = splitAliasMarkers(text.slice(comma + 1));
    const given = parsePersonName(`X, ${rest.primary ?? ''}`);
    const name = { lastName: last.primary, firstName: given.firstName, middleName: given.middleName, suffix: given.suffix };
    const aliases = [
      ...last.alternates.map((alt) => personDisplayName({ ...name, lastName: alt, suffix: null })),
      ...rest.alternates.map((alt) => personDisplayName({ ...name, firstName: alt, middleName: null, suffix: null })),
    ];
    result.person = { name, display: personDisplayName(name), aliases, owners: [] };
  } else {
    const name = parsePersonName(firstSplit.primary, order);
    result.person = { name, display: personDisplayName(name), aliases: [], owners: [] };
    result.aliases.unshift(...firstSplit.alternates.map((alt) => naturalAlias(alt, order)));
  }
  result.aliases.unshift(...result.person.aliases);
  return result;
}

/** Turns one data row into its entries (two when a person and an organization are listed together). */
function rowEntries(
  layout: SheetLayout,
  header: string[],
  cells: string[],
  line: number,
  ctx: ParseContext,
  stateCode: string,
): ListEntry[] {
  const f = layout.fields;
  const resolve = resolverFor(header.map(normalizeHeader));
  const get = (ref: ColumnRef | undefined): string => {
    const at = resolve(ref);
    return at >= 0 ? (cells[at] ?? '').trim() : '';
  };
  const raw: Record<string, string> = {};
  header.forEach((h, i) => {
    if (cells[i]) raw[h.trim() || `column_${i + 1}`] = cells[i];
  });

  let person: PersonParts | null = null;
  let orgName: string | null = null;
  const aliases: string[] = [];
  const owners: string[] = [];
  let notes: NameNotes | null = null;
  if (f.fullName) {
    const cell = get(f.fullName);
    notes = f.fullNameNotes === 'trailing' ? takeTrailingNotes(cell) : f.fullNameNotes === 'credential' ? takeCredential(cell) : null;
    const parsed = parseFullName(notes ? notes.name : cell, layout);
    aliases.push(...(notes?.aliases ?? []));
    owners.push(...(notes?.owners ?? []));
    aliases.push(...parsed.aliases);
    owners.push(...parsed.owners);
    person = parsed.person;
    orgName = parsed.orgName;
  } else if (f.lastName) {
    const parts = personFromCells({
      lastName: get(f.lastName),
      firstName: get(f.firstName),
      middleName: get(f.middleName),
      suffix: get(f.suffix),
    });
    owners.push(...parts.owners);
    const isOrg = layout.kind === 'organization' || (layout.kind !== 'person' && !parts.name.firstName && !parts.name.middleName);
    if (isOrg) {
      orgName = splitAliasMarkers(get(f.lastName)).primary;
      aliases.push(...splitAliasMarkers(get(f.lastName)).alternates);
    } else if (parts.display) {
      person = parts;
      aliases.push(...parts.aliases);
    }
  }
  let listedOrg: { name: string; aliases: string[] } | null = null;
  const orgCell = get(f.orgName) || (!person && !orgName ? get(f.affiliation) : '');
  if (orgCell) {
    const split = splitAliasMarkers(orgCell);
    owners.push(...split.owners);
    if (split.primary) listedOrg = { name: split.primary, aliases: split.alternates };
  }
  if (orgName && !person) {
    listedOrg = listedOrg ? { name: orgName, aliases: [...listedOrg.aliases, listedOrg.name] } : { name: orgName, aliases: [] };
  }
  for (const cell of splitNameList(get(f.aliases), new RegExp(f.aliasSeparator ?? '[;\\n\\r]+'))) {
    const split = splitAliasMarkers(cell);
    for (const n of [split.primary, ...split.alternates]) if (n) aliases.push(n);
  }
  owners.push(...splitNameList(get(f.owners)));
  if (!person && !listedOrg) {
    ctx.report.bad(line, 'row names no person and no organization');
    return [];
  }
  const { npis, invalid } = extractNpis(get(f.npi));
  ctx.report.invalidNpis += invalid.length;
  const end = parseEndDate(get(f.endDate));
  const common = {
    npis,
    state: extractState(get(f.state)) ?? stateCode,
    providerType: notes?.providerType ?? clean(get(f.providerType)),
    action: clean(get(f.action)) ?? layout.action ?? null,
    startDate: parseDate(get(f.startDate)),
    endDate: end.endDate,
    endDateKind: end.endDateKind,
    raw,
  };
  const entries: ListEntry[] = [];
  const ownerAliases = owners.map((o) => clean(o)).filter((o): o is string => !!o);
  if (person) {
    const dateOfBirth = parseDate(get(f.dateOfBirth));
    const key = naturalKey(['person', person.display, npis[0], dateOfBirth, common.startDate]);
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
    const key = naturalKey(['organization', listedOrg.name, npis[0], common.startDate]);
    entries.push(makeEntry(key, { kind: 'organization', name: listedOrg.name, aliases: [...orgAliases, ...ownerAliases], ...common }));
  }
  return entries;
}

/** Reads any state list described by a mapping: locates each header by its keys, then maps rows. */
async function* parseStateList(mapping: StateListMapping, ctx: ParseContext): AsyncGenerator<ListEntry> {
  const sheets = mapping.format === 'xlsx' ? xlsxSheets(ctx) : mapping.format === 'pdf' ? pdfSheet(mapping, ctx) : csvSheet(ctx);
  let headersFound = 0;
  for await (const sheet of sheets) {
    const candidates = mapping.layouts.filter(
      (l) => !l.sheet || (sheet.name !== null && l.sheet.toLowerCase() === sheet.name.trim().toLowerCase()),
    );
    let layout: SheetLayout | null = null;
    let header: string[] = [];
    let scanned = 0;
    let stopped = false;
    for await (const { cells, line } of sheet.rows) {
      if (stopped) continue;
      if (!layout) {
        if (candidates.length === 0 || scanned >= HEADER_SEARCH_ROWS) continue;
        scanned += 1;
        const keys = cells.map(normalizeHeader);
        layout = candidates.find((l) => isHeaderRow(l, keys)) ?? null;
        if (layout) {
          header = cells;
          headersFound += 1;
        }
        continue;
      }
      if (cells.every((c) => !c.trim())) continue;
      if (layout.stopAtFirstCell && cells[0]?.trim().toLowerCase() === layout.stopAtFirstCell.toLowerCase()) {
        stopped = true;
        continue;
      }
      ctx.report.rows += 1;
      yield* rowEntries(layout, header, cells, line, ctx, mapping.state);
    }
  }
  if (headersFound === 0) {
    const expected = mapping.layouts.map((l) => l.headerKeys.join(', ')).join(' | ');
    throw new ArtifactFormatError(
      `not the ${mapping.state} list layout: no header row with ${expected} in the first ${HEADER_SEARCH_ROWS} rows`,
    );
  }
}

export function stateAdapter(mapping: StateListMapping): ListAdapter {
  return { id: `state_${mapping.state.toLowerCase()}`, target: 'list_entries', parse: (ctx) => parseStateList(mapping, ctx) };
}
