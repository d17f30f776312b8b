/**
 * List ingestion's public entry: what the worker's activities, the CLI, the seed and the schedules
 * use. Adapters (sources/) and the version store (versions/) stay behind it. The coverage report
 * has a read-only entry of its own (coverage.ts), which the gateway uses.
 */
export { SOURCE_CATALOG, artifactLocation, requireSource, type SourceDefinition } from './sources/catalog';
export { downloadArtifact, OversizedDownloadError, TruncatedDownloadError } from './sources/download';
export { FETCH_RECIPES, recipeFor } from './sources/recipes';
export { describeRecipe, isAutomatic, type FetchRecipe } from './sources/recipe';
export { fetchSourceArtifact } from './fetch/source';
export { fetchNow, type OperatorFetch } from './fetch/operator';
export { automaticRecipe, fetchedBy } from './fetch/mode';
export { fetchFromPublishers, fetchSettings } from './fetch/settings';
export { FetchStepError } from './fetch/run';
export { readFetchStates, type FetchState } from './fetch/state';
export { ingestArtifact, type IngestProgress, type IngestResult } from './versions/ingest';
export { syncSourceCatalog } from './versions/catalogSync';
export { buildCoverageReport } from './coverage';
export {
  changedParties,
  listScreeningStates,
  listSwitchStates,
  markSwitchApplied,
  markVersionFannedOut,
  monitoringPending,
  olderVersionsOf,
  settleSwitchesOfListsWithoutVersion,
  versionForMonitoring,
  versionSeqs,
  versionsNotFannedOut,
  type ListScreeningState,
  type ListSwitchState,
  type VersionForMonitoring,
} from './versions/forMonitoring';
