-- migrate:no-transaction
-- Up Migration
-- Every list version's fan-out first asks for records keyed under older blocking-key rules
-- (activities/monitoring/rekey.ts), and almost always finds none: without an index that probe
-- reads every monitored record, a second or more per version at a million records.
-- monitored_records is large: built concurrently, outside a transaction (README "Migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS monitored_records_keys_version ON monitored_records (blocking_keys_version)
  WHERE removed_at IS NULL;

-- Down Migration
DROP INDEX CONCURRENTLY IF EXISTS monitored_records_keys_version;
