import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { createDatabaseFromTemplate, dropDatabase } from '../../harness/stack';
import { scratchDir } from '../../fixtures/lists/builders';
import { LEIE_HEADER as LEIE_COLUMNS } from '../../../infra/dev/synthetic/leie';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'lists');
export type LeieCells = Record<(typeof LEIE_COLUMNS)[number], string>;
export const LEIE_HEADER = LEIE_COLUMNS.join(',');

/** A nurse excluded under 1128b4 in Springfield, IL, with no NPI and no date yet: what a test row changes. */
const NURSE: LeieCells = {
  LASTNAME: '',
  FIRSTNAME: '',
  MIDNAME: '',
  BUSNAME: '',
  GENERAL: 'NURSING PROFESSION',
  SPECIALTY: 'NURSE/NURSES AIDE',
  UPIN: '',
  NPI: '0000000000',
  DOB: '',
  ADDRESS: '1 MAIN ST',
  CITY: 'SPRINGFIELD',
  STATE: 'IL',
  ZIP: '62701',
  EXCLTYPE: '1128b4',
  EXCLDATE: '',
  REINDATE: '00000000',
  WAIVERDATE: '00000000',
  WVRSTATE: '',
};

/** One LEIE row in the all-quoted style: the nurse above but for `cells`. */
export function leieLine(cells: Partial<LeieCells>): string {
  const row = { ...NURSE, ...cells };
  return LEIE_COLUMNS.map((column) => `"${row[column]}"`).join(',');
}

/** One LEIE full-file row in the all-quoted style. */
export function leieRow(last: string, first: string, dob: string, excldate: string, city = 'SPRINGFIELD'): string {
  return leieLine({ LASTNAME: last, FIRSTNAME: first, DOB: dob, EXCLDATE: excldate, CITY: city });
}

/** One LEIE full-file row of an excluded business (no person name, BUSNAME set). */
export function leieBusinessRow(business: string, excldate: string): string {
  return leieLine({ BUSNAME: business, GENERAL: 'OTHER BUSINESS', SPECIALTY: 'HOME HEALTH AGENCY', EXCLDATE: excldate });
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
