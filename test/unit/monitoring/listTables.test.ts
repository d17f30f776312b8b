import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Monitoring reads list state through the lists feature's entry (activities/lists/index.ts), not
 * its tables: no file under activities/monitoring names a table the lists feature's migrations
 * create. Comments may name them (to explain), code may not.
 */
const REPO = path.resolve(__dirname, '..', '..', '..');
const LISTS_MIGRATIONS = ['1000_lists.sql', '3000_list_ingestion.sql'];

function listTables(): string[] {
  const tables = LISTS_MIGRATIONS.flatMap((file) =>
    [...readFileSync(path.join(REPO, 'infra/base/migrations', file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi)].map(
      (m) => m[1],
    ),
  );
  return [...new Set(tables)].sort();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** The code without its comments (line and block), so that what is left is what runs. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function tablesNamed(source: string, tables: readonly string[]): string[] {
  const code = withoutComments(source);
  return tables.filter((t) => new RegExp(`\\b${t}\\b`).test(code));
}

describe("monitoring and the lists feature's tables", () => {
  const tables = listTables();

  it("knows the lists feature's tables from its migrations", () => {
    expect(tables).toEqual(expect.arrayContaining(['list_sources', 'list_versions', 'list_entries', 'list_version_diffs']));
  });

  it('finds a table named in SQL, and not one named only in a comment', () => {
    const sql = "await pool.query('SELECT id FROM list_versions WHERE id = $1', [id]); // reads list_entries";
    expect(tablesNamed(sql, tables)).toEqual(['list_versions']);
    expect(tablesNamed('/** The version (`list_versions.monitoring_applied_at`). */\nconst x = 1;', tables)).toEqual([]);
  });

  it.each(filesUnder(path.join(REPO, 'activities/monitoring')).map((f) => path.relative(REPO, f)))('%s names no list table', (file) => {
    expect(tablesNamed(readFileSync(path.join(REPO, file), 'utf8'), tables)).toEqual([]);
  });
});
