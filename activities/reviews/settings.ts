import type { Pool } from 'pg';
import type { FourEyes } from './decisions';

/** Sets an organization's four-eyes rule (operators: `screenctl org four-eyes`); false for an unknown organization. */
export async function setFourEyes(pool: Pool, orgId: string, fourEyes: FourEyes): Promise<boolean> {
  const { rowCount } = await pool.query('UPDATE organizations SET review_four_eyes = $2, updated_at = now() WHERE id = $1', [
    orgId,
    fourEyes,
  ]);
  return rowCount === 1;
}
