import type { Pool } from 'pg';
import { createPool } from '../base/db/pool';
import { createOrganization } from '../../gateway/orgs/organizations';
import { issueApiKey, revokeApiKey } from '../../gateway/auth/apiKeys';
import { ensureListSet, type ListSet } from './lists/listSet';
import { ingestListSet, type SourceIngested } from './lists/ingestListSet';
import { progressLines } from './lists/progressLines';
import type { ScaleName } from './synthetic/scales';

/**
 * Local demo data for `npm start`: one organization with a fresh API key (the previous
 * demo key is revoked, so a plaintext key never has to be stored), and a synthetic set of
 * every list format at the chosen scale (demo by default, or full: the real lists' sizes),
 * generated once and ingested through the same pipeline as real artifacts.
 * Synthetic rows are made up; they are never presented as real people.
 */
const DEMO_ORG_NAME = 'Demo Health System';
const DEMO_PLAN = 'medium';

export interface DemoAccess {
  orgId: string;
  orgName: string;
  plan: string;
  apiKey: string;
  /** A person on the demo LEIE, written as a roster would ("FIRST LAST"): a name to try that comes back a potential match. */
  listedPerson: string | null;
}

export interface SeededLists {
  scale: ScaleName;
  set: ListSet;
  ingested: SourceIngested[];
  /** The current version of every enabled source once the set is in: what the matcher must serve. */
  currentVersions: Map<string, string>;
}

export interface Seeded {
  demo: DemoAccess;
  lists: SeededLists;
}

/** `say` prints progress for the person at the terminal: generation, and each list ingested. */
export async function seedDemo(options: { dataDir: string; scale: ScaleName; say: (line: string) => void }): Promise<Seeded> {
  const { dataDir, scale, say } = options;
  const pool = createPool({ max: 4 });
  try {
    const access = await seedDemoOrganization(pool);
    const set = await ensureListSet({
      dataDir,
      scale,
      onGenerate: (reason, dir) => say(`generating the ${scale} lists into ${dir} (${reason})`),
    });
    if (set.generatedSeconds !== null) say(`generated ${set.manifest.files.length} files in ${set.generatedSeconds.toFixed(1)} s`);
    const printer = progressLines(say);
    const ingested = await ingestListSet(pool, set, printer);
    say(printer.summary(ingested));
    const lists = { scale, set, ingested, currentVersions: await currentVersions(pool) };
    return { demo: { ...access, listedPerson: await demoListedPerson(pool) }, lists };
  } finally {
    await pool.end();
  }
}

async function currentVersions(pool: Pool): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ key: string; version_id: string }>(
    'SELECT key, current_version_id AS version_id FROM list_sources WHERE enabled AND current_version_id IS NOT NULL',
  );
  return new Map(rows.map((row) => [row.key, row.version_id]));
}

/** The first person, by entry key, of the published demo LEIE with a first and last name. */
async function demoListedPerson(pool: Pool): Promise<string | null> {
  const { rows } = await pool.query<{ first_name: string; last_name: string }>(
    `SELECT e.first_name, e.last_name FROM list_entries e JOIN list_sources s ON e.version_id = s.current_version_id
      WHERE s.key = 'oig_leie' AND e.kind = 'person' AND e.first_name IS NOT NULL AND e.last_name IS NOT NULL
      ORDER BY e.entry_key LIMIT 1`,
  );
  return rows[0] ? `${rows[0].first_name} ${rows[0].last_name}` : null;
}

async function seedDemoOrganization(pool: Pool): Promise<Omit<DemoAccess, 'listedPerson'>> {
  const existing = await pool.query<{ id: string; plan: string }>(
    'SELECT id, plan FROM organizations WHERE name = $1 ORDER BY created_at LIMIT 1',
    [DEMO_ORG_NAME],
  );
  const org = existing.rows[0] ?? (await createOrganization(pool, { name: DEMO_ORG_NAME, plan: DEMO_PLAN }));
  const live = await pool.query<{ id: string }>('SELECT id FROM api_keys WHERE org_id = $1 AND revoked_at IS NULL', [org.id]);
  for (const key of live.rows) await revokeApiKey(pool, key.id);
  const { apiKey } = await issueApiKey(pool, org.id);
  return { orgId: org.id, orgName: DEMO_ORG_NAME, plan: org.plan, apiKey };
}
