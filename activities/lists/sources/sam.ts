import { normalizeHeader, readCsvRows, toRaw } from './csv';
import { parseDate, parseEndDate } from './dates';
import { makeEntry, naturalKey, personFromCells } from './entry';
import { splitAliasMarkers } from './names';
import { extractNpis } from './npi';
import { clean, cleanState } from './placeholders';
import { ArtifactFormatError, type ListAdapter, type ListEntry, type ParseContext } from './types';

/**
 * SAM.gov Exclusions public extract (data-sources.md §2): a ZIP holding one CSV, or the bare
 * CSV. The V2 header (31 columns, `Unique Entity ID`) and the legacy V1 header (28 columns,
 * `DUNS`) are both accepted; columns are found by name, so their order does not matter.
 */
const REQUIRED = [
  'classification',
  'name',
  'first',
  'middle',
  'last',
  'suffix',
  'state_province',
  'exclusion_type',
  'excluding_agency',
  'active_date',
  'termination_date',
  'cross_reference',
  'sam_number',
  'npi',
];

// Not `\b` at the end: after `P.C.` there is no word boundary, and the form would stand alone.
const LEGAL_FORM_TOKEN = /^(INC|INC\.|LLC|L\.L\.C\.|PLLC|LLP|LP|LTD|LTD\.|CORP|CORP\.|CO|CO\.|PC|P\.C\.|PA|P\.A\.)(?![A-Za-z0-9])/i;

/**
 * `(also NAME[, NAME2…])`: names themselves contain commas (`ACME, LLC`, `WAGNER, MICHAEL`), so the
 * list cannot be split cleanly (data-sources.md §2.3). What is unambiguous is read as such: a comma
 * before a legal form continues the name before it, and two one-word pieces in a row are one
 * inverted name (`WAGNER, MICHAEL`, with an initial after the given name allowed). A one-word
 * piece left over is a fragment: it stays an alias, which the matcher reads as a bare name
 * (never a potential match of a longer roster name on its own). DBA text inside a name is split out too.
 */
const INITIAL = /^[A-Z]\.?$/i;

function wordsOf(piece: string): string[] {
  return piece.split(/\s+/).filter(Boolean);
}

/** `MICHAEL` or `MICHAEL J.`: what can follow `LAST,` as the given name of an inverted name. */
function isGivenPiece(piece: string): boolean {
  const words = wordsOf(piece);
  return words.length === 1 ? !INITIAL.test(words[0]) : words.length === 2 && !INITIAL.test(words[0]) && INITIAL.test(words[1]);
}

export function parseCrossReference(value: string | null): string[] {
  const text = clean(value);
  if (!text) return [];
  const body = text.replace(/^\(?\s*also\s+/i, '').replace(/\)\s*$/, '');
  const pieces: string[] = [];
  for (const piece of body.split(/,\s*/)) {
    const last = pieces.length - 1;
    if (last >= 0 && LEGAL_FORM_TOKEN.test(piece)) pieces[last] = `${pieces[last]}, ${piece}`;
    else if (piece.trim()) pieces.push(piece.trim());
  }
  const names: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const next = pieces[i + 1];
    if (wordsOf(pieces[i]).length === 1 && next !== undefined && !LEGAL_FORM_TOKEN.test(pieces[i]) && isGivenPiece(next)) {
      names.push(`${pieces[i]}, ${next}`);
      i++;
    } else names.push(pieces[i]);
  }
  const out: string[] = [];
  for (const name of names) {
    const split = splitAliasMarkers(name);
    for (const n of [split.primary, ...split.alternates, ...split.owners]) if (n && !out.includes(n)) out.push(n);
  }
  return out;
}

async function* parseSam(ctx: ParseContext): AsyncGenerator<ListEntry> {
  let index: Map<string, number> | null = null;
  let header: string[] = [];
  for await (const { cells, line } of readCsvRows(ctx)) {
    if (!index) {
      header = cells.map((c) => c.trim());
      index = new Map(header.map((h, i) => [normalizeHeader(h), i]));
      const missing = REQUIRED.filter((k) => !index?.has(k));
      if (missing.length) throw new ArtifactFormatError(`not a SAM exclusions extract: header lacks ${missing.join(', ')}`);
      if (!index.has('unique_entity_id') && !index.has('duns')) {
        throw new ArtifactFormatError('not a SAM exclusions extract: neither a Unique Entity ID (V2) nor a DUNS (V1) column');
      }
      continue;
    }
    ctx.report.rows += 1;
    if (cells.length !== header.length) {
      ctx.report.bad(line, `expected ${header.length} fields, found ${cells.length}`);
      continue;
    }
    const idx = index;
    const get = (key: string): string => (cells[idx.get(key) ?? -1] ?? '').trim();
    const classification = clean(get('classification'));
    const isPerson = classification?.toLowerCase() === 'individual';
    const person = isPerson
      ? personFromCells({ lastName: get('last'), firstName: get('first'), middleName: get('middle'), suffix: get('suffix') })
      : null;
    const orgName = splitAliasMarkers(get('name'));
    const name = person ? person.display : orgName.primary;
    if (!name) {
      ctx.report.bad(line, isPerson ? 'individual without a name' : 'non-individual without a Name');
      continue;
    }
    const activeDate = parseDate(get('active_date'));
    const { npis, invalid } = extractNpis(get('npi'));
    ctx.report.invalidNpis += invalid.length;
    const aliases = [
      ...(person ? person.aliases : [...orgName.alternates, ...orgName.owners]),
      ...parseCrossReference(get('cross_reference')),
    ];
    const samNumber = clean(get('sam_number'));
    const key = samNumber
      ? naturalKey([samNumber])
      : naturalKey([classification, get('name'), get('first'), get('middle'), get('last'), get('active_date'), get('excluding_agency')]);
    yield makeEntry(key, {
      kind: isPerson ? 'person' : 'organization',
      name,
      ...(person ? person.name : {}),
      aliases,
      npis,
      state: cleanState(get('state_province')),
      action: clean(get('exclusion_type')),
      startDate: activeDate,
      ...parseEndDate(get('termination_date')),
      raw: toRaw(header, cells),
    });
  }
  if (!index) throw new ArtifactFormatError('empty SAM extract: no header row');
}

export const samAdapter: ListAdapter = { id: 'sam', target: 'list_entries', parse: parseSam };
