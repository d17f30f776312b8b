import fs from 'node:fs';
import path from 'node:path';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { createPool } from '../base/db/pool';
import { createOrganization } from '../../gateway/orgs/organizations';
import { issueApiKey, revokeApiKey } from '../../gateway/auth/apiKeys';
import { ingestArtifact } from '../../activities/lists';
import { generateLists } from './synthetic/generate';

/**
 * Local demo data for `npm start`: one organization with a fresh API key (the previous
 * demo key is revoked, so a plaintext key never has to be stored), and a small synthetic
 * set of every list format, ingested through the same pipeline as real artifacts.
 * Synthetic rows are made up; they are never presented as real people.
 */
const DEMO_ORG_NAME = 'Demo Health System';
const DEMO_PLAN = 'medium';
const DEMO_SEED = 1;

export interface DemoAccess {
  orgId: string;
  orgName: string;
  plan: string;
  apiKey: string;
  /** A person on the demo LEIE, written as a roster would ("FIRST LAST"): a name to try that comes back a potential match. */
  listedPerson: string | null;
}

interface ManifestFile {
  source: string;
  path: string;
  format: string;
  rows: number;
}

export async function seedDemo({ dataDir, log }: { dataDir: string; log: Logger }): Promise<DemoAccess> {
  const pool = createPool({ max: 4 });
  try {
    const access = await seedDemoOrganization(pool);
    await loadDemoLists(pool, path.join(dataDir, 'lists', 'demo'), log);
    return { ...access, listedPerson: await demoListedPerson(pool) };
  } finally {
    await pool.end();
  }
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

async function loadDemoLists(pool: Pool, listDir: string, log: Logger): Promise<void> {
  const manifestPath = path.join(listDir, 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    await generateLists({ scale: 'demo', seed: DEMO_SEED, outDir: listDir, log: () => undefined });
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { files: ManifestFile[] };
  // Full-replacement artifacts only: re-running the seed then finds every list unchanged.
  const fullFiles = manifest.files.filter((file) => !file.format.startsWith('leie_supplement'));
  for (const file of fullFiles) {
    const result = await ingestArtifact({ pool, sourceKey: file.source, artifactPath: path.join(listDir, file.path) });
    log.info({ source: file.source, outcome: result.outcome }, 'demo list ingested');
  }
}
