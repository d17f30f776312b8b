import { join } from 'node:path';
import { createOpenApiAjv, componentRef } from '../../../gateway/openapi/ajv';
import { buildCoverageReport } from '../../../activities/lists/versions/coverage';
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

  it('reports a registry version older than its cadence allows as stale', async () => {
    await db.pool.query(`UPDATE list_versions SET retrieved_at = now() - interval '60 days' WHERE source_key = 'nppes'`);
    const report = await buildCoverageReport(db.pool);
    expect(report.registrySources[0].status).toBe('stale');
  });
});
