/** Messages between the ingestion (parseProcess.ts) and the process that parses its artifact (parseChild.ts). */
import type { ParseLimits } from '../sources/limits';
import type { BadRow, ListEntry } from '../sources/types';

export interface ParseRequest {
  type: 'parse';
  sourceKey: string;
  path: string;
  /**
   * `copy`: the version's rows as COPY text for the version `versionId`, duplicates dropped;
   * `entries`: the adapter's entries as read (an LEIE supplement is applied from them).
   */
  output: 'copy' | 'entries';
  versionId: string;
  limits: ParseLimits;
}

/** The parent took one chunk: the child may send one more. */
export interface Ack {
  type: 'ack';
}

export type ParentMessage = ParseRequest | Ack;

export interface ReportCounts {
  rows: number;
  skipped: number;
  badRowCount: number;
  badRows: BadRow[];
  invalidNpis: number;
  duplicates: number;
  periodEnd: string | null;
}

export type ChildMessage =
  | { type: 'progress'; bytes: number; rows: number }
  /** COPY text of whole rows, for the table of the source's target. */
  | { type: 'chunk'; text: string; bytes: number; rows: number }
  | { type: 'entries'; entries: ListEntry[]; bytes: number; rows: number }
  | { type: 'done'; stored: number; report: ReportCounts }
  /** `reusable`: the adapter refused the artifact itself and the process may take the next one. */
  | { type: 'failed'; name: string; message: string; reusable: boolean };
