import path from 'node:path';
import { Client } from 'pg';
import { config } from '../config';

const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

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

/** Applies every pending versioned migration in infra/base/migrations, in file-name order. */
export async function migrate(databaseUrl: string = config.databaseUrl): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  // node-pg-migrate ships as ESM only; a dynamic import keeps this module CommonJS.
  const { runner } = await import('node-pg-migrate');
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: false,
    log: () => undefined,
    verbose: false,
  });
  return applied.map((migration) => migration.name);
}

if (require.main === module) {
  migrate()
    .then((names) => {
      process.stdout.write(JSON.stringify({ msg: 'migrations applied', applied: names }) + '\n');
    })
    .catch((err: Error) => {
      process.stderr.write(`migration failed: ${err.message}\n`);
      process.exit(1);
    });
}
