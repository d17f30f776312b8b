import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { config } from '../../../infra/config';
import { MIGRATIONS_DIR } from '../../../infra/db/migrate';
import { scratchDir } from '../../fixtures/lists/builders';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'lists');
export const LEIE_HEADER =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';

/** One LEIE full-file row in the all-quoted style. */
export function leieRow(last: string, first: string, dob: string, excldate: string, city = 'SPRINGFIELD'): string {
  return [last, first, '', '', 'NURSING PROFESSION', 'NURSE/NURSES AIDE', '', '0000000000', dob, '1 MAIN ST', city, 'IL', '62701',
    '1128b4', excldate, '00000000', '00000000', ''].map((v) => `"${v}"`).join(',');
}

export function writeLeie(name: string, rows: string[]): string {
  const path = join(scratchDir(), name);
  writeFileSync(path, [LEIE_HEADER, ...rows].join('\r\n') + '\r\n');
  return path;
}

export function copyFixture(relative: string): string {
  const path = join(scratchDir(), relative.split('/').pop() as string);
  copyFileSync(join(FIXTURES, relative), path);
  return path;
}

export interface ListsDatabase {
  pool: Pool;
  drop(): Promise<void>;
}

/**
 * A database of this test file's own, migrated like the harness database: list sources are
 * shared singletons (`oig_leie`…), so the harness database, which other areas' tests also
 * write lists into, would make version counts depend on test order.
 */
export async function createListsDatabase(): Promise<ListsDatabase> {
  const url = new URL(config.databaseUrl);
  url.pathname = `${url.pathname}_lists_${randomBytes(3).toString('hex')}`;
  const admin = new URL(url.toString());
  admin.pathname = '/postgres';
  const adminClient = new Client({ connectionString: admin.toString() });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE "${url.pathname.slice(1)}"`);
  await adminClient.end();
  const pool = new Pool({ connectionString: url.toString(), max: 4 });
  // The Up sections of the SQL migrations in file-name order, as node-pg-migrate applies them
  // (its ESM bundle cannot load inside jest).
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    await pool.query(sql.split(/^-- Down Migration/m)[0].replace(/^-- Up Migration/m, ''));
  }
  return {
    pool,
    async drop() {
      await pool.end();
      const client = new Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
      await client.end();
    },
  };
}
