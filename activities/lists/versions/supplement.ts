import type { PoolClient } from 'pg';
import type { ListEntry, ParseReport } from '../sources/types';
import { copyLines, LIST_ENTRY_COLUMNS, listEntryLine, reinstatementLine } from './copyRows';

interface SupplementInput {
  kind: 'excl' | 'rein';
  versionId: string;
  currentVersionId: string;
  /** The supplement's rows, as the LEIE adapter reads them. */
  entries: AsyncIterable<ListEntry>;
  report: ParseReport;
}

/**
 * LEIE monthly supplements update `oig_leie` between full files: the new version is the current
 * one plus the EXCL rows (new exclusions), or minus the parties named by the REIN rows
 * (reinstatements). The next full `UPDATED.csv` replaces everything again.
 * Returns the entry count of the new version.
 */
export async function applyLeieSupplement(client: PoolClient, input: SupplementInput): Promise<number> {
  const rows: ListEntry[] = [];
  for await (const entry of input.entries) rows.push(entry);
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
    await copyLines(
      client,
      'list_entries',
      LIST_ENTRY_COLUMNS,
      (async function* () {
        for (const entry of unique.values()) yield listEntryLine(input.versionId, entry);
      })(),
    );
  } else {
    // A reinstatement row keeps the original exclusion's names, DOB and dates, so it matches by
    // entry key (the REINDATE is not part of the key); otherwise by name, DOB and exclusion date.
    await client.query(`CREATE TEMP TABLE IF NOT EXISTS leie_reinstatements
      (row_no serial, entry_key text, kind text, name text, date_of_birth date, start_date date)`);
    await client.query('TRUNCATE leie_reinstatements');
    await copyLines(
      client,
      'leie_reinstatements',
      ['entry_key', 'kind', 'name', 'date_of_birth', 'start_date'],
      (async function* () {
        for (const r of rows) yield reinstatementLine(r);
      })(),
    );
    await client.query('ANALYZE leie_reinstatements');
    // Two equi-joins (entry key; kind and name) rather than one OR, which would compare every
    // reinstatement with every listed entry.
    const { rows: unmatched } = await client.query(
      `WITH matched AS (
         SELECT r.row_no, e.entry_key FROM leie_reinstatements r
           JOIN list_entries e ON e.version_id = $1 AND e.entry_key = r.entry_key
         UNION
         SELECT r.row_no, e.entry_key FROM leie_reinstatements r
           JOIN list_entries e ON e.version_id = $1 AND e.kind = r.kind AND upper(e.name) = upper(r.name)
          WHERE e.date_of_birth IS NOT DISTINCT FROM r.date_of_birth AND e.start_date IS NOT DISTINCT FROM r.start_date
       ), removed AS (
         DELETE FROM list_entries e USING (SELECT DISTINCT entry_key FROM matched) m
          WHERE e.version_id = $1 AND e.entry_key = m.entry_key
       )
       SELECT (SELECT count(*) FROM leie_reinstatements) - (SELECT count(DISTINCT row_no) FROM matched) AS n`,
      [input.versionId],
    );
    input.report.skipped += Number(unmatched[0].n);
    await client.query('DROP TABLE leie_reinstatements');
  }
  const { rows: count } = await client.query('SELECT count(*)::int AS n FROM list_entries WHERE version_id = $1', [input.versionId]);
  return count[0].n;
}
