import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { createDatabaseFromTemplate, dropDatabase } from '../../harness/stack';
import { scratchDir } from '../../fixtures/lists/builders';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'lists');
export const LEIE_HEADER =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';

/** One LEIE full-file row in the all-quoted style. */
export function leieRow(last: string, first: string, dob: string, excldate: string, city = 'SPRINGFIELD'): string {
  return [
    last,
    first,
    '',
    '',
    'NURSING PROFESSION',
    'NURSE/NURSES AIDE',
    '',
    '0000000000',
    dob,
    '1 MAIN ST',
    city,
    'IL',
    '62701',
    '1128b4',
    excldate,
    '00000000',
    '00000000',
    '',
  ]
    .map((v) => `"${v}"`)
    .join(',');
}

/** One LEIE full-file row of an excluded business (no person name, BUSNAME set). */
export function leieBusinessRow(business: string, excldate: string): string {
  return [
    '',
    '',
    '',
    business,
    'OTHER BUSINESS',
    'HOME HEALTH AGENCY',
    '',
    '0000000000',
    '',
    '1 MAIN ST',
    'SPRINGFIELD',
    'IL',
    '62701',
    '1128b4',
    excldate,
    '00000000',
    '00000000',
    '',
  ]
    .map((v) => `"${v}"`)
    .join(',');
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
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

/**
 * A database of this test file's own, copied from the run's migrated template: list sources are
 * shared singletons (`oig_leie`…), so the harness database, which other areas' tests also
 * write lists into, would make version counts depend on test order.
 */
export async function createListsDatabase(): Promise<ListsDatabase> {
  const url = await createDatabaseFromTemplate(`lists_${randomBytes(3).toString('hex')}`);
  const pool = new Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined); // dropping the database ends whatever is still connected
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await dropDatabase(url);
    },
  };
}
