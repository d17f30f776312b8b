/**
 * What every ingestion adapter produces. A ListEntry mirrors one list_entries row
 * (infra/base/migrations/1000_lists.sql); a RegistryOrganization mirrors one
 * registry_organizations row. Dates are ISO `YYYY-MM-DD` strings.
 */
import type { EntryKind, ListedParty } from '../../../matcher/types';
import type { ParseLimits } from './limits';

export type { EntryKind, ListedParty };
export type EndDateKind = 'date' | 'indefinite' | 'permanent' | 'deceased';

export interface ListEntry extends ListedParty {
  contentHash: string;
  action: string | null;
  startDate: string | null;
  endDate: string | null;
  endDateKind: EndDateKind | null;
  raw: Record<string, string>;
}

export interface RegistryOrganization {
  npi: string;
  legalName: string;
  otherNames: string[];
  state: string | null;
  contentHash: string;
}

/** A row the adapter could not turn into an entry: its 1-based line/row number and why. */
export interface BadRow {
  row: number;
  reason: string;
}

export { ArtifactFormatError } from './formatError';

/**
 * Counters one parse fills in. `rows` counts data rows read; `skipped` counts rows that are
 * legitimately not entries (NPPES individuals and deactivated stubs, MD legend rows, blank rows).
 */
export class ParseReport {
  rows = 0;
  skipped = 0;
  badRowCount = 0;
  readonly badRows: BadRow[] = [];
  invalidNpis = 0;
  duplicates = 0;
  /** Last day the artifact covers, when its name says so (NPPES `npidata_pfile_20050523-YYYYMMDD.csv`). */
  periodEnd: string | null = null;

  constructor(private readonly keepBadRows = 500) {}

  bad(row: number, reason: string): void {
    this.badRowCount += 1;
    if (this.badRows.length < this.keepBadRows) this.badRows.push({ row, reason });
  }
}

export interface ParseContext {
  path: string;
  report: ParseReport;
  onBytes?: (bytesRead: number) => void;
  /** Bounds on what the artifact may make the parser do; the defaults when absent. */
  limits?: ParseLimits;
}

export interface ListAdapter {
  readonly id: string;
  readonly target: 'list_entries';
  parse(ctx: ParseContext): AsyncIterable<ListEntry>;
}

export interface RegistryAdapter {
  readonly id: string;
  readonly target: 'registry_organizations';
  parse(ctx: ParseContext): AsyncIterable<RegistryOrganization>;
}

export type SourceAdapter = ListAdapter | RegistryAdapter;
