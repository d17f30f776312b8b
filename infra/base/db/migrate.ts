import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { config } from '../config';

/** Beside this module in the sources and in the compiled layout (`npm run build` copies the SQL files). */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/**
 * A line of its own in an SQL migration that makes the runner apply it outside a transaction, one
 * statement per query, as `CREATE INDEX CONCURRENTLY` (and its `DROP INDEX CONCURRENTLY`) needs.
 * node-pg-migrate has `pgm.noTransaction()` for JavaScript migrations only, and it sends an SQL
 * file's whole section as one query, which PostgreSQL runs as one implicit transaction; the loader
 * below reads the marker. Such a file holds only plain statements ending with `;` at a line end (no
 * `$$` bodies), each safe to run again (`IF NOT EXISTS`): a failure leaves the ones before it
 * applied and the migration unrecorded, and the next run starts it over.
 */
export const NO_TRANSACTION_MARKER = /^\s*--\s*migrate:no-transaction\s*$/m;

/** The part of node-pg-migrate's MigrationBuilder a migration here uses. */
interface SqlMigrationBuilder {
  sql(statement: string): void;
  noTransaction(): void;
}
type SqlAction = (pgm: SqlMigrationBuilder) => void;

function section(content: string, direction: 'up' | 'down'): string | undefined {
  const marker = (d: string) => new RegExp(`^\\s*--[\\s-]*${d}\\s+migration`, 'im');
  const start = content.search(marker(direction));
  const other = content.search(marker(direction === 'up' ? 'down' : 'up'));
  if (start < 0) return direction === 'up' ? content : undefined;
  return content.slice(start, other > start ? other : undefined);
}

/** The statements of a no-transaction section: split at each `;` ending a line, comments and blanks dropped. */
export function splitStatements(sql: string): string[] {
  if (sql.includes('$$'))
    throw new Error('a no-transaction migration may not hold $$ bodies (functions, DO blocks): put them in a migration of their own');
  return sql
    .split(/;[ \t]*(?:--[^\n]*)?(?:\r?\n|$)/)
    .map((chunk) => chunk.replace(/^\s*--[^\n]*$/gm, '').trim())
    .filter((chunk) => chunk.length > 0);
}

/** An SQL migration's actions: as node-pg-migrate's own SQL loader (one query, one transaction), or, with the marker, outside any transaction. */
export function sqlMigrationActions(content: string): { up: SqlAction; down: SqlAction | false } {
  const noTransaction = NO_TRANSACTION_MARKER.test(content);
  const action = (sql: string): SqlAction => {
    if (!noTransaction) return (pgm) => pgm.sql(sql);
    const statements = splitStatements(sql);
    return (pgm) => {
      pgm.noTransaction();
      for (const statement of statements) pgm.sql(statement);
    };
  };
  const up = section(content, 'up') ?? '';
  const down = section(content, 'down');
  return { up: action(up), down: down === undefined ? false : action(down) };
}

async function loadSqlMigrations(filePaths: string[]) {
  return Promise.all(
    filePaths.map(async (filePath) => ({
      id: filePath,
      filePaths: [filePath],
      actions: sqlMigrationActions(await fs.readFile(filePath, 'utf8')),
    })),
  );
}

/** Creates the configured database when the server does not have it yet. */
async function ensureDatabase(databaseUrl: string = config.databaseUrl): Promise<void> {
  const target = new URL(databaseUrl);
  const dbName = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error(`unsupported database name "${dbName}"`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (!rowCount) await client.query(`CREATE DATABASE "${dbName}"`);
  } finally {
    await client.end();
  }
}

/** Applies every pending versioned migration in infra/base/migrations (or `dir`), in file-name order. */
export async function migrate(databaseUrl: string = config.databaseUrl, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  // node-pg-migrate ships as ESM only; a dynamic import keeps this module CommonJS.
  const { runner } = await import('node-pg-migrate');
  const applied = await runner({
    databaseUrl,
    dir,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: false,
    migrationLoaderStrategies: [{ extensions: ['.sql'], loader: loadSqlMigrations }],
    log: () => undefined,
    verbose: false,
  });
  return applied.map((migration) => migration.name);
}

const USAGE = `Usage: node infra/base/db/migrate.js [--list | --help]
Creates the database DATABASE_URL names when missing and applies every pending migration.
  --list  print the migration files found (${MIGRATIONS_DIR}) and exit, without a database
  --help  print this and exit
`;

if (require.main === module) {
  const arg = process.argv[2];
  if (arg === '--help' || arg === '-h') {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (arg === '--list') {
    void fs.readdir(MIGRATIONS_DIR).then((names) => {
      process.stdout.write(JSON.stringify({ dir: MIGRATIONS_DIR, migrations: names.filter((n) => n.endsWith('.sql')).sort() }) + '\n');
    });
  } else if (arg !== undefined) {
    process.stderr.write(USAGE);
    process.exit(2);
  } else {
    migrate()
      .then((names) => {
        process.stdout.write(JSON.stringify({ msg: 'migrations applied', applied: names }) + '\n');
      })
      .catch((err: Error) => {
        process.stderr.write(`migration failed: ${err.message}\n`);
        process.exit(1);
      });
  }
}
