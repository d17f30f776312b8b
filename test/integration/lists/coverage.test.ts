import { join } from 'node:path';
import { createOpenApiAjv, componentRef } from '../../../gateway/openapi/ajv';
import { buildCoverageReport, buildCoverageView, type CoverageReport } from '../../../activities/lists/versions/coverage';
import { FETCH_RECIPES } from '../../../activities/lists/sources/recipes';
import { STATE_MAPPINGS } from '../../../activities/lists/sources/states';
import { JURISDICTIONS } from '../../../activities/lists/sources/states/jurisdictions';
import { STATE_NAMES } from '../../../activities/lists/sources/usps';
import { ingestArtifact } from '../../../activities/lists/versions/ingest';
import { nppesSampleRows, scratchDir, writeNppes } from '../../fixtures/lists/builders';
import { copyFixture, createListsDatabase, type ListsDatabase } from './support';

let db: ListsDatabase;
beforeAll(async () => {
  db = await createListsDatabase();
});
afterAll(async () => {
  await db.drop();
});

const validateReport = createOpenApiAjv().getSchema(componentRef('CoverageReport'));

function expectValid(report: unknown): void {
  if (!validateReport) throw new Error('CoverageReport schema missing from the OpenAPI document');
  const valid = validateReport(report);
  expect(validateReport.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe('buildCoverageReport (GET /v1/lists)', () => {
  it('before any ingestion: nothing screened, every source a gap, NPPES unavailable', async () => {
    const report = await buildCoverageReport(db.pool);
    expectValid(report);
    expect(report.sources).toEqual([]);
    expect(report.additionalSources).toEqual([]);
    expect(report.totals).toEqual({ screened: 0, total: 51 });
    expect(report.registrySources).toEqual([
      expect.objectContaining({ sourceKey: 'NPPES', status: 'unavailable', versionId: null, organizationCount: 0 }),
    ]);
    const gapKeys = report.gaps.map((g) => g.key);
    expect(gapKeys).toEqual(expect.arrayContaining(['oig_leie', 'sam_exclusions', 'state_ca', 'state_nm', 'state_tx']));
    expect(report.gaps.find((g) => g.key === 'state_nm')?.reason).toMatch(/relies on the HHS-OIG LEIE/);
  });

  it('names every jurisdiction without an adapter as a gap, with the reason from the jurisdictions table', async () => {
    const report = await buildCoverageReport(db.pool);
    const stateGaps = report.gaps.filter((g) => g.key.startsWith('state_'));
    const withoutAdapter = JURISDICTIONS.filter((j) => !STATE_MAPPINGS[j.state]);
    expect(withoutAdapter.length).toBeGreaterThan(0);
    for (const j of withoutAdapter) {
      expect(stateGaps.filter((g) => g.key === `state_${j.state.toLowerCase()}`)).toEqual([
        {
          key: `state_${j.state.toLowerCase()}`,
          name: j.listName ?? `${STATE_NAMES[j.state]} Medicaid exclusion list`,
          reason: `${STATE_NAMES[j.state]} ${j.gapReason}`,
        },
      ]);
    }
    // A state with an adapter is a gap only until its first version is published, and says so.
    for (const state of Object.keys(STATE_MAPPINGS)) {
      const gap = stateGaps.find((g) => g.key === `state_${state.toLowerCase()}`);
      const manual = FETCH_RECIPES[`state_${state.toLowerCase()}`]?.kind === 'manual';
      expect([state, gap?.reason]).toEqual([
        state,
        manual
          ? expect.stringMatching(
              /^adapter ready, but no list version has been published yet; fetched by hand \(screenctl lists ingest\): .+, from https:\/\//,
            )
          : 'adapter ready, but no list version has been published yet',
      ]);
    }
    expect(stateGaps).toHaveLength(51);
    expect(report.gaps.every((g) => g.reason.trim().length > 0)).toBe(true);
  });

  it('agrees with the stored versions once lists are published', async () => {
    const leie = await ingestArtifact({ pool: db.pool, sourceKey: 'oig_leie', artifactPath: copyFixture('leie/UPDATED.csv') });
    const ca = await ingestArtifact({ pool: db.pool, sourceKey: 'state_ca', artifactPath: copyFixture('states/ca.csv') });
    const sam = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'sam_exclusions',
      artifactPath: copyFixture('sam/SAM_Exclusions_Public_Extract_V2_25060.CSV'),
    });
    const nppes = await ingestArtifact({
      pool: db.pool,
      sourceKey: 'nppes',
      artifactPath: writeNppes(join(scratchDir(), 'npidata_pfile_20050523-20260510.csv'), nppesSampleRows()),
    });
    const report = await buildCoverageReport(db.pool);
    expectValid(report);

    const { rows } = await db.pool.query(
      `SELECT s.key, v.id, v.retrieved_at, v.artifact_checksum, v.entry_count FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id`,
    );
    const stored = new Map(rows.map((r) => [r.key, r]));
    expect(report.sources.map((s) => [s.key, s.listVersionId, s.retrievedAt])).toEqual([
      ['oig_leie', leie.versionId, stored.get('oig_leie').retrieved_at.toISOString()],
      ['state_ca', ca.versionId, stored.get('state_ca').retrieved_at.toISOString()],
    ]);
    expect(report.sources[0]).toMatchObject({
      name: 'HHS-OIG List of Excluded Individuals/Entities (LEIE)',
      cadence: 'monthly',
      cadenceLabel: 'Monthly, usually by the 10th',
    });
    expect(report.additionalSources).toEqual([
      expect.objectContaining({ key: 'sam_exclusions', listVersionId: sam.versionId, cadence: 'daily' }),
    ]);
    expect(report.registrySources[0]).toMatchObject({
      status: 'live',
      versionId: nppes.versionId,
      organizationCount: 2,
      periodEnd: '2026-05-10',
      artifactChecksum: stored.get('nppes').artifact_checksum,
      excludedFromMedicaidDenominator: true,
      type1PublicPagesEnabled: false,
    });
    // CA has its own list; the seven states without one are covered through the published LEIE.
    expect(report.totals).toEqual({ screened: 8, total: 51 });
    expect(report.gaps.map((g) => g.key)).not.toContain('state_ca');
    expect(report.gaps.map((g) => g.key)).toContain('state_pa');
  });

  it('reports a registry whose content stayed unchanged for more than twice its cadence as stale', async () => {
    await db.pool.query(`UPDATE list_versions SET retrieved_at = now() - interval '60 days' WHERE source_key = 'nppes'`);
    expect((await buildCoverageReport(db.pool)).registrySources[0].status).toBe('live');
    await db.pool.query(`UPDATE list_versions SET retrieved_at = now() - interval '63 days' WHERE source_key = 'nppes'`);
    expect((await buildCoverageReport(db.pool)).registrySources[0].status).toBe('stale');
  });

  it('marks a state list stale once its content has not changed for more than twice its cadence', async () => {
    const DAY = 86_400_000;
    await db.pool.query(`UPDATE list_versions SET retrieved_at = now() - interval '61 days' WHERE source_key = 'state_ca'`);
    const fresh = (await buildCoverageView(db.pool)).freshness.state_ca;
    expect(fresh).toMatchObject({ stale: false, allowedAgeMs: 62 * DAY });
    expect(Math.round(fresh.ageMs / DAY)).toBe(61);
    const caIn = (report: CoverageReport) => report.sources.find((s) => s.key === 'state_ca');
    expect(caIn(await buildCoverageReport(db.pool))).toMatchObject({ status: 'live' });
    await db.pool.query(`UPDATE list_versions SET retrieved_at = now() - interval '70 days' WHERE source_key = 'state_ca'`);
    expect((await buildCoverageView(db.pool)).freshness.state_ca).toMatchObject({ stale: true, allowedAgeMs: 62 * DAY });
    // GET /v1/lists says so too, with the moment the content last changed.
    const stale = caIn(await buildCoverageReport(db.pool));
    expect(stale).toMatchObject({ status: 'stale' });
    expect(Math.round((Date.now() - Date.parse(stale?.contentChangedAt ?? '')) / DAY)).toBe(70);
  });

  it('counts "unchanged" from the first version with the current content hash, not from a later repeat of it', async () => {
    const { rows } = await db.pool.query<{ id: string; seq: number; artifact_checksum: string }>(
      `SELECT v.id, v.seq, v.artifact_checksum FROM list_sources s JOIN list_versions v ON v.id = s.current_version_id WHERE s.key = 'state_ca'`,
    );
    const current = rows[0];
    // A version that repeats the current hash (as a re-published identical artifact would) changes no content.
    const repeat = await db.pool.query<{ id: string }>(
      `INSERT INTO list_versions (source_key, seq, state, artifact_checksum, retrieved_at, published_at, entry_count, previous_version_id)
       SELECT source_key, seq + 1, 'published', artifact_checksum, now() - interval '1 day', now(), entry_count, id FROM list_versions WHERE id = $1
       RETURNING id`,
      [current.id],
    );
    await db.pool.query(`UPDATE list_versions SET state = 'superseded' WHERE id = $1`, [current.id]);
    await db.pool.query(`UPDATE list_sources SET current_version_id = $1 WHERE key = 'state_ca'`, [repeat.rows[0].id]);
    try {
      const view = await buildCoverageView(db.pool);
      expect(view.report.sources.find((s) => s.key === 'state_ca')?.listVersionId).toBe(repeat.rows[0].id);
      expect(view.freshness.state_ca).toMatchObject({ stale: true });
      expect(Math.round(view.freshness.state_ca.ageMs / 86_400_000)).toBe(70);

      // A version whose hash differs is a change: the clock starts again from it.
      await db.pool.query(`UPDATE list_versions SET artifact_checksum = 'changed' WHERE id = $1`, [repeat.rows[0].id]);
      const changed = await buildCoverageView(db.pool);
      expect(changed.freshness.state_ca).toMatchObject({ stale: false });
      expect(Math.round(changed.freshness.state_ca.ageMs / 86_400_000)).toBe(1);
    } finally {
      await db.pool.query(`UPDATE list_sources SET current_version_id = $1 WHERE key = 'state_ca'`, [current.id]);
      await db.pool.query(`DELETE FROM list_versions WHERE id = $1`, [repeat.rows[0].id]);
      await db.pool.query(`UPDATE list_versions SET state = 'published', retrieved_at = now() WHERE id = $1`, [current.id]);
    }
  });
});
