/**
 * The coverage report's read-only entry (GET /v1/lists, `screenctl lists coverage`, the coverage
 * page): list versions read from PostgreSQL and the source descriptions, without ingestion's
 * parsers (exceljs, yauzl, csv-parse) and without writing anything.
 */
export { buildCoverageReport, buildCoverageView, type CoverageReport, type CoverageView, type VersionFreshness } from './versions/coverage';
