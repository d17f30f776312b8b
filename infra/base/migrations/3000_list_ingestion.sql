-- Up Migration
-- Ingestion bookkeeping on top of 1000_lists.sql: what kind of artifact made a version, why a
-- version was refused, and the entry keys each version added, removed or changed.

ALTER TABLE list_versions
  ADD COLUMN artifact_kind    text NOT NULL DEFAULT 'full'
    CHECK (artifact_kind IN ('full', 'supplement_excl', 'supplement_rein')),
  ADD COLUMN artifact_bytes   bigint,
  ADD COLUMN skipped_count    integer NOT NULL DEFAULT 0,
  ADD COLUMN duplicate_count  integer NOT NULL DEFAULT 0,
  ADD COLUMN invalid_npi_count integer NOT NULL DEFAULT 0,
  ADD COLUMN refusal_reason   text;

CREATE INDEX list_versions_source_state ON list_versions (source_key, state, seq DESC);

-- The entry keys behind list_versions.diff_added / diff_removed / diff_changed. A source's first
-- version has no previous one to differ from: its counts say everything was added and no key rows are kept.
CREATE TABLE list_version_diffs (
  version_id uuid NOT NULL REFERENCES list_versions (id) ON DELETE CASCADE,
  entry_key  text NOT NULL,
  change     text NOT NULL CHECK (change IN ('added', 'removed', 'changed')),
  PRIMARY KEY (version_id, entry_key)
);

-- Down Migration
DROP TABLE list_version_diffs;
DROP INDEX list_versions_source_state;
ALTER TABLE list_versions
  DROP COLUMN artifact_kind,
  DROP COLUMN artifact_bytes,
  DROP COLUMN skipped_count,
  DROP COLUMN duplicate_count,
  DROP COLUMN invalid_npi_count,
  DROP COLUMN refusal_reason;
