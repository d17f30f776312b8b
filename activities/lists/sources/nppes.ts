import { basename } from 'node:path';
import { openTextArtifact } from './artifact';
import { pipeIntoCsvParser } from './csv';
import { sha256Hex } from './entry';
import { isValidNpi } from './npi';
import { clean, cleanState } from './placeholders';
import { ArtifactFormatError, type ParseContext, type RegistryAdapter, type RegistryOrganization } from './types';

/**
 * NPPES NPI file (data-sources.md §4): 330 quoted columns, ~9M rows. Only organizations
 * (Entity Type Code 2) are kept; individuals and deactivated stubs (empty Entity Type Code)
 * are skipped. The file is streamed row by row and never held in memory.
 */
const COLUMNS = {
  npi: 'NPI',
  entityType: 'Entity Type Code',
  legalName: 'Provider Organization Name (Legal Business Name)',
  otherName: 'Provider Other Organization Name',
  practiceState: 'Provider Business Practice Location Address State Name',
  deactivationDate: 'NPI Deactivation Date',
} as const;
const SEX_COLUMNS = ['Provider Sex Code', 'Provider Gender Code'];

type Column = keyof typeof COLUMNS;

function locate(header: string[]): Record<Column, number> {
  const names = header.map((h) => h.trim());
  const index = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(COLUMNS) as Array<[Column, string]>) {
    index[key] = names.indexOf(name);
    if (index[key] < 0) missing.push(name);
  }
  if (!SEX_COLUMNS.some((c) => names.includes(c))) missing.push('Provider Sex Code (or Provider Gender Code)');
  if (missing.length) throw new ArtifactFormatError(`not an NPPES NPI file: header lacks ${missing.join(', ')}`);
  return index;
}

/** `npidata_pfile_20050523-20260510.csv` covers up to 2026-05-10. */
function nppesPeriodEnd(fileName: string): string | null {
  const m = /npidata_pfile_\d{8}-(\d{4})(\d{2})(\d{2})/i.exec(fileName);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

async function* parseNppes(ctx: ParseContext): AsyncGenerator<RegistryOrganization> {
  const { text, innerName } = await openTextArtifact(ctx.path, ctx.onBytes, ctx.limits);
  ctx.report.periodEnd = nppesPeriodEnd(innerName ?? basename(ctx.path));
  const parser = pipeIntoCsvParser(text, ctx, { info: false });
  let index: Record<Column, number> | null = null;
  let width = 0;
  let row = 1;
  for await (const cells of parser as AsyncIterable<string[]>) {
    if (!index) {
      index = locate(cells);
      width = cells.length;
      continue;
    }
    row += 1;
    ctx.report.rows += 1;
    if (cells.length !== width) {
      ctx.report.bad(row, `expected ${width} fields, found ${cells.length}`);
      continue;
    }
    const entityType = cells[index.entityType].trim();
    if (entityType !== '2') {
      if (entityType === '1' || entityType === '') ctx.report.skipped += 1;
      else ctx.report.bad(row, `unknown Entity Type Code "${entityType}"`);
      continue;
    }
    const npi = cells[index.npi].trim();
    if (!isValidNpi(npi)) {
      ctx.report.invalidNpis += 1;
      ctx.report.bad(row, `invalid NPI "${npi}"`);
      continue;
    }
    const legalName = clean(cells[index.legalName]);
    if (!legalName) {
      // A deactivated organization keeps its NPI and deactivation date but loses its name.
      if (clean(cells[index.deactivationDate])) ctx.report.skipped += 1;
      else ctx.report.bad(row, 'organization without a legal business name');
      continue;
    }
    const otherName = clean(cells[index.otherName]);
    const otherNames = otherName && otherName !== legalName ? [otherName] : [];
    const state = cleanState(cells[index.practiceState]);
    yield {
      npi,
      legalName,
      otherNames,
      state,
      contentHash: sha256Hex(`${legalName}\u0001${otherNames.join('\u0002')}\u0001${state ?? ''}`),
    };
  }
  if (!index) throw new ArtifactFormatError('empty NPPES file: no header row');
}

export const nppesAdapter: RegistryAdapter = { id: 'nppes', target: 'registry_organizations', parse: parseNppes };
