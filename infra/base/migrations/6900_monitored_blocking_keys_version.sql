-- Up Migration
-- The blocking-key rules a record's keys were computed under (matcher/blockingKeys.ts
-- BLOCKING_KEYS_VERSION). When the matcher learns a new kind of variant, keys computed before
-- it may miss a listed party that now matches: a list version's re-screen first re-keys every
-- record whose version is older. Rows before this column were keyed under version 1.

ALTER TABLE monitored_records ADD COLUMN blocking_keys_version integer NOT NULL DEFAULT 1;

-- Down Migration
ALTER TABLE monitored_records DROP COLUMN blocking_keys_version;
