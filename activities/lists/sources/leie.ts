import { readCsvRows, toRaw } from './csv';
import { parseDate } from './dates';
import { makeEntry, naturalKey, personFromCells } from './entry';
import { extractNpis } from './npi';
import { clean, cleanState } from './placeholders';
import { ArtifactFormatError, type ListAdapter, type ListEntry, type ParseContext } from './types';

/**
 * HHS-OIG LEIE: the monthly full file `UPDATED.csv` and the monthly supplements
 * `YYMMEXCL.csv` / `YYMMREIN.csv` share one 18-column layout (data-sources.md §1). Both quoting
 * styles (every field quoted, or empty fields bare with a trailing comma) parse the same way.
 */
const LEIE_COLUMNS = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

type LeieColumn = (typeof LEIE_COLUMNS)[number];

function headerIndex(cells: string[]): Record<LeieColumn, number> {
  const names = cells.map((c) =>
    c
      .trim()
      .toUpperCase()
      .replace(/^WAIVERSTATE$/, 'WVRSTATE'),
  );
  const index = {} as Record<LeieColumn, number>;
  const missing: string[] = [];
  for (const column of LEIE_COLUMNS) {
    const at = names.indexOf(column);
    if (at < 0) missing.push(column);
    index[column] = at;
  }
  if (missing.length) throw new ArtifactFormatError(`not an LEIE file: header lacks ${missing.join(', ')}`);
  return index;
}

/** The natural key OIG's rows lack an id for: names, DOB, NPI, authority, exclusion date, state. */
function leieEntryKey(get: (c: LeieColumn) => string): string {
  return naturalKey(
    ['LASTNAME', 'FIRSTNAME', 'MIDNAME', 'BUSNAME', 'DOB', 'NPI', 'EXCLTYPE', 'EXCLDATE', 'STATE'].map((c) => get(c as LeieColumn)),
  );
}

export async function* parseLeie(ctx: ParseContext): AsyncGenerator<ListEntry> {
  let index: Record<LeieColumn, number> | null = null;
  let header: string[] = [];
  for await (const { cells, line } of readCsvRows(ctx)) {
    if (!index) {
      index = headerIndex(cells);
      header = cells.map((c) => c.trim());
      continue;
    }
    ctx.report.rows += 1;
    if (cells.length < LEIE_COLUMNS.length - 1 || cells.length > LEIE_COLUMNS.length + 1) {
      ctx.report.bad(line, `expected 18 fields, found ${cells.length}`);
      continue;
    }
    const idx = index;
    const get = (c: LeieColumn): string => (cells[idx[c]] ?? '').trim();
    const busName = clean(get('BUSNAME'));
    const isEntity = !clean(get('LASTNAME')) && !clean(get('FIRSTNAME'));
    if (isEntity && !busName) {
      ctx.report.bad(line, 'row has neither a person name nor a business name');
      continue;
    }
    const excludedOn = parseDate(get('EXCLDATE'));
    if (!excludedOn) {
      ctx.report.bad(line, `invalid EXCLDATE "${get('EXCLDATE')}"`);
      continue;
    }
    const { npis, invalid } = extractNpis(get('NPI'));
    ctx.report.invalidNpis += invalid.length;
    const reinstatedOn = parseDate(get('REINDATE'));
    const common = {
      npis,
      state: cleanState(get('STATE')),
      providerType: clean(get('SPECIALTY')) ?? clean(get('GENERAL')),
      action: clean(get('EXCLTYPE')),
      startDate: excludedOn,
      endDate: reinstatedOn,
      endDateKind: reinstatedOn ? ('date' as const) : null,
      raw: toRaw(header, cells),
    };
    const key = leieEntryKey(get);
    if (isEntity) {
      yield makeEntry(key, { kind: 'organization', name: busName as string, ...common });
    } else {
      const person = personFromCells({
        lastName: get('LASTNAME'),
        firstName: get('FIRSTNAME'),
        middleName: get('MIDNAME'),
      });
      yield makeEntry(key, {
        kind: 'person',
        name: person.display,
        ...person.name,
        aliases: person.aliases,
        dateOfBirth: parseDate(get('DOB')),
        ...common,
      });
    }
  }
  if (!index) throw new ArtifactFormatError('empty LEIE file: no header row');
}

export const leieAdapter: ListAdapter = { id: 'leie', target: 'list_entries', parse: parseLeie };

/** Supplement files are named `YYMMEXCL.csv` / `YYMMREIN.csv`. */
export function leieSupplementKind(fileName: string): 'excl' | 'rein' | null {
  const m = /(\d{4})(EXCL|REIN)\.csv$/i.exec(fileName);
  return m ? (m[2].toLowerCase() as 'excl' | 'rein') : null;
}
