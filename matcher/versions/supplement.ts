import type { PoolClient } from 'pg';
import { parseLeie } from '../sources/leie';
import type { ListEntry, ParseReport } from '../sources/types';
import { copyLines, LIST_ENTRY_COLUMNS, listEntryLine } from './copyRows';

export interface SupplementInput {
  kind: 'excl' | 'rein';
  versionId: string;
  currentVersionId: string;
  path: string;
  report: ParseReport;
  onBytes: (bytes: number) => void;
}

/**
 * LEIE monthly supplements update `oig_leie` between full files: the new version is the current
 * one plus the EXCL rows (new exclusions), or minus the parties named by the REIN rows
 * (reinstatements). The next full `UPDATED.csv` replaces everything again.
 * Returns the entry count of the new version.
 */
export async function applyLeieSupplement(client: PoolClient, input: SupplementInput): Promise<number> {
  const rows: ListEntry[] = [];
  for await (const entry of parseLeie({ path: input.path, report: input.report, onBytes: input.onBytes })) rows.push(entry);
  await client.query(
    `INSERT INTO list_entries (${LIST_ENTRY_COLUMNS.join(', ')})
     SELECT $1, ${LIST_ENTRY_COLUMNS.slice(1).join(', ')} FROM list_entries WHERE version_id = $2`,
    [input.versionId, input.currentVersionId],
  );
  const keys = rows.map((r) => r.entryKey);
  if (input.kind === 'excl') {
    await client.query('DELETE FROM list_entries WHERE version_id = $1 AND entry_key = ANY($2::text[])', [input.versionId, keys]);
    const unique = new Map(rows.map((r) => [r.entryKey, r]));
    input.report.duplicates += rows.length - unique.size;
    await copyLines(client, 'list_entries', LIST_ENTRY_COLUMNS, (async function* () {
      for (const entry of unique.values()) yield listEntryLine(input.versionId, entry);
    })());
  } else {
    // A reinstatement row keeps the original exclusion's names, DOB and dates, so it matches by
    // entry key (the REINDATE is not part of the key); otherwise by name, DOB and exclusion date.
    for (const row of rows) {
      const { rowCount } = await client.query(
        `DELETE FROM list_entries WHERE version_id = $1 AND (entry_key = $2 OR (kind = $3 AND upper(name) = upper($4)
           AND date_of_birth IS NOT DISTINCT FROM $5::date AND start_date IS NOT DISTINCT FROM $6::date))`,
        [input.versionId, row.entryKey, row.kind, row.name, row.dateOfBirth, row.startDate],
      );
      if (!rowCount) input.report.skipped += 1;
    }
  }
  const { rows: count } = await client.query('SELECT count(*)::int AS n FROM list_entries WHERE version_id = $1', [input.versionId]);
  return count[0].n;
}
