import type { Pool } from 'pg';
import { ingestArtifact } from '../../../activities/lists';
import { leieRow, writeLeie } from '../lists/support';

/** One listed person of an LEIE file written for a test. */
export interface LeiePerson {
  last: string;
  first: string;
  /** YYYYMMDD */
  dob: string;
}

/** One listed business of an LEIE file written for a test. */
export interface LeieBusiness {
  business: string;
}

export type LeieParty = LeiePerson | LeieBusiness;

/** Publishes an LEIE version holding exactly these people (a full file: whoever is absent is removed). */
export async function publishLeie(pool: Pool, people: readonly LeiePerson[], name = `leie-${Date.now()}.csv`) {
  const path = writeLeie(
    name,
    people.map((p) => leieRow(p.last, p.first, p.dob, '20230101')),
  );
  const result = await ingestArtifact({ pool, sourceKey: 'oig_leie', artifactPath: path });
  if (result.outcome !== 'published') throw new Error(`LEIE not published: ${result.outcome}`);
  return result;
}
