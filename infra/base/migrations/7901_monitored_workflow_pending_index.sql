-- migrate:no-transaction
-- Up Migration
-- Holds only the records whose workflow start is not confirmed (7900): a handful at any moment.
-- monitored_records is large: built concurrently, outside a transaction (README "Migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS monitored_records_workflow_pending ON monitored_records (workflow_pending_since)
  WHERE workflow_pending_since IS NOT NULL AND removed_at IS NULL;

-- Down Migration
DROP INDEX CONCURRENTLY IF EXISTS monitored_records_workflow_pending;
