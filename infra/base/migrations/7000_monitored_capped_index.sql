-- Up Migration
-- A record whose last screening hit the candidate limit is screened again on every list
-- version, whatever entries changed: which of its viable candidates are scored is chosen by
-- weights taken across the whole list. The re-screen finds them here, not through the
-- blocking keys.

CREATE INDEX monitored_records_capped ON monitored_records (id) WHERE removed_at IS NULL AND recall_capped;

-- Down Migration
DROP INDEX monitored_records_capped;
