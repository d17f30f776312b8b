-- Up Migration
-- Monitored records. Each holds its entity, its last screening and its blocking keys: hashes
-- of every key through which the matcher's candidate generation could reach a list entry
-- (token, typo neighbourhood, sound, OCR and nickname keys, NPI; matcher/blockingKeys.ts). A
-- new list version re-screens only the records that share a key with an entry it added,
-- removed or changed: any other record cannot have that entry among its candidates, so its
-- result cannot change.

CREATE TABLE monitored_records (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id         uuid NOT NULL REFERENCES organizations (id),
  source         text NOT NULL DEFAULT 'api' CHECK (source IN ('api')),
  entity         jsonb NOT NULL,
  -- sha256 of the canonical entity: enrolling the same entity again finds this record.
  entity_hash    text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('person', 'organization')),
  has_npi        boolean NOT NULL,
  status         text NOT NULL CHECK (status IN ('clear', 'potential_match')),
  result         jsonb NOT NULL,
  blocking_keys  integer[] NOT NULL,
  enrolled_at    timestamptz NOT NULL DEFAULT now(),
  checked_at     timestamptz NOT NULL,
  removed_at     timestamptz
);
CREATE UNIQUE INDEX monitored_records_once ON monitored_records (org_id, entity_hash) WHERE removed_at IS NULL;
CREATE INDEX monitored_records_keys ON monitored_records USING gin (blocking_keys) WHERE removed_at IS NULL;
CREATE INDEX monitored_records_registry ON monitored_records (kind) WHERE removed_at IS NULL AND has_npi;

-- Down Migration
DROP TABLE monitored_records;
