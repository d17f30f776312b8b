-- Up Migration
-- Exclusion and registry lists. A version is immutable once published: its entries are
-- never edited, and results name the version they were screened against.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE list_sources (
  key                text PRIMARY KEY,
  name               text NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('federal', 'state', 'registry')),
  state              char(2),
  adapter            text NOT NULL,
  cadence            text NOT NULL CHECK (cadence IN ('daily', 'weekly', 'monthly', 'quarterly', 'on_change', 'irregular')),
  cadence_label      text NOT NULL,
  artifact_location  text,
  enabled            boolean NOT NULL DEFAULT true,
  current_version_id uuid
);

CREATE TABLE list_versions (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_key          text NOT NULL REFERENCES list_sources (key),
  seq                 integer NOT NULL,
  state               text NOT NULL CHECK (state IN ('staging', 'published', 'superseded', 'rejected')),
  artifact_checksum   text NOT NULL,
  artifact_name       text,
  source_url          text,
  retrieved_at        timestamptz NOT NULL,
  artifact_retrieved_at timestamptz,
  published_at        timestamptz,
  period_end          date,
  row_count           integer NOT NULL DEFAULT 0,
  entry_count         integer NOT NULL DEFAULT 0,
  bad_row_count       integer NOT NULL DEFAULT 0,
  bad_rows            jsonb NOT NULL DEFAULT '[]'::jsonb,
  previous_version_id uuid REFERENCES list_versions (id),
  diff_added          integer,
  diff_removed        integer,
  diff_changed        integer,
  UNIQUE (source_key, seq)
);

ALTER TABLE list_sources
  ADD CONSTRAINT list_sources_current_version_fk FOREIGN KEY (current_version_id) REFERENCES list_versions (id);

-- One row per listed party in one version. entry_key is the party's stable natural key
-- within its source (used for diffs); content_hash changes when any listed field changes.
CREATE TABLE list_entries (
  version_id     uuid NOT NULL REFERENCES list_versions (id) ON DELETE CASCADE,
  entry_key      text NOT NULL,
  content_hash   text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('person', 'organization')),
  name           text NOT NULL,
  last_name      text,
  first_name     text,
  middle_name    text,
  suffix         text,
  aliases        text[] NOT NULL DEFAULT '{}',
  npis           text[] NOT NULL DEFAULT '{}',
  date_of_birth  date,
  state          char(2),
  provider_type  text,
  action         text,
  start_date     date,
  end_date       date,
  end_date_kind  text,
  raw            jsonb,
  PRIMARY KEY (version_id, entry_key)
);

-- NPPES organizations (entity type 2) of one registry version, keyed by NPI.
CREATE TABLE registry_organizations (
  version_id   uuid NOT NULL REFERENCES list_versions (id) ON DELETE CASCADE,
  npi          text NOT NULL,
  legal_name   text NOT NULL,
  other_names  text[] NOT NULL DEFAULT '{}',
  state        char(2),
  content_hash text NOT NULL,
  PRIMARY KEY (version_id, npi)
);

-- Down Migration
DROP TABLE registry_organizations;
DROP TABLE list_entries;
ALTER TABLE list_sources DROP CONSTRAINT list_sources_current_version_fk;
DROP TABLE list_versions;
DROP TABLE list_sources;
