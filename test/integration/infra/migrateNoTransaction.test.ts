import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { promisify } from 'node:util';
import { config } from '../../../infra/base/config';

/**
 * On PostgreSQL itself: a migration marked `-- migrate:no-transaction` builds its indexes
 * CONCURRENTLY, and the same file without the mark is refused, as node-pg-migrate alone runs it.
 */
const scratch = `screening_migrate_nt_${process.pid}`;
const scratchUrl = (() => {
  const url = new URL(config.databaseUrl);
  url.pathname = `/${scratch}`;
  return url.toString();
})();
const adminUrl = (() => {
  const url = new URL(config.databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
})();

const TABLE =
  "-- Up Migration\nCREATE TABLE probe (id int, kind text);\nINSERT INTO probe SELECT g, 'x' FROM generate_series(1, 1000) g;\n-- Down Migration\nDROP TABLE probe;\n";
const INDEXES =
  '-- Up Migration\nCREATE INDEX CONCURRENTLY IF NOT EXISTS probe_id ON probe (id);\nCREATE INDEX CONCURRENTLY IF NOT EXISTS probe_kind ON probe (kind); -- second\n-- Down Migration\nDROP INDEX CONCURRENTLY IF EXISTS probe_kind;\nDROP INDEX CONCURRENTLY IF EXISTS probe_id;\n';

async function admin(sql: string): Promise<void> {
  const pg = new PgClient({ connectionString: adminUrl });
  await pg.connect();
  try {
    await pg.query(sql);
  } finally {
    await pg.end();
  }
}

/** The runner in a process of its own, as deployments run it (node-pg-migrate is ESM only, which jest's module sandbox cannot import). */
async function migrate(databaseUrl: string, dir: string): Promise<string[]> {
  const runner = path.resolve(__dirname, '..', '..', '..', 'infra', 'base', 'db', 'migrate.ts');
  const script = `require(${JSON.stringify(runner)}).migrate(process.argv[1], process.argv[2]).then(
    (names) => console.log(JSON.stringify(names)),
    (err) => { console.error(err.message); process.exit(1); })`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script, databaseUrl, dir], {
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    return JSON.parse(stdout) as string[];
  } catch (err) {
    throw new Error((err as { stderr?: string }).stderr || String(err));
  }
}

function migrationsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('a no-transaction migration on PostgreSQL', () => {
  beforeEach(() => admin(`DROP DATABASE IF EXISTS ${scratch}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${scratch}`));

  it('builds its indexes CONCURRENTLY, one statement at a time, and is recorded', async () => {
    const dir = migrationsDir({ '1000_probe.sql': TABLE, '2000_probe_indexes.sql': `-- migrate:no-transaction\n${INDEXES}` });
    expect(await migrate(scratchUrl, dir)).toEqual(['1000_probe', '2000_probe_indexes']);
    const pg = new PgClient({ connectionString: scratchUrl });
    await pg.connect();
    try {
      const { rows } = await pg.query<{ indexname: string; valid: boolean }>(
        `SELECT c.relname AS indexname, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid = 'probe'::regclass ORDER BY 1`,
      );
      expect(rows).toEqual([
        { indexname: 'probe_id', valid: true },
        { indexname: 'probe_kind', valid: true },
      ]);
      const { rows: run } = await pg.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY name');
      expect(run.map((r) => r.name)).toEqual(['1000_probe', '2000_probe_indexes']);
    } finally {
      await pg.end();
    }
  });

  it('is refused without the mark: node-pg-migrate runs the section in one transaction', async () => {
    const dir = migrationsDir({ '1000_probe.sql': TABLE, '2000_probe_indexes.sql': INDEXES });
    await expect(migrate(scratchUrl, dir)).rejects.toThrow(/cannot run inside a transaction block/);
  });
});
