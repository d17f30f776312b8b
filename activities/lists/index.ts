/**
 * List ingestion's public entry: what the worker's activities, the CLI, the seed, the schedules
 * and the gateway's coverage report use. Adapters (sources/) and the version store (versions/)
 * stay behind it.
 */
export { SOURCE_CATALOG, artifactLocation, requireSource, type Cadence, type SourceDefinition } from './sources/catalog';
export { ingestArtifact, type IngestProgress, type IngestResult } from './versions/ingest';
export { syncSourceCatalog } from './versions/catalogSync';
export { buildCoverageReport, type CoverageReport } from './versions/coverage';
