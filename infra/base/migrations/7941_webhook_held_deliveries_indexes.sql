-- migrate:no-transaction
-- Up Migration
-- webhook_deliveries is large: the check is validated and the indexes built without blocking writes.
ALTER TABLE webhook_deliveries VALIDATE CONSTRAINT webhook_deliveries_status_check;
-- The sweep of unstarted deliveries pages through these by key: only first-series pending
-- deliveries whose workflow start is not recorded, a handful at any moment.
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_deliveries_unstarted ON webhook_deliveries (created_at, id)
  WHERE status = 'pending' AND workflow_started_at IS NULL AND series IS NULL;
-- What enabling an endpoint or reactivating an organization releases.
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_deliveries_held ON webhook_deliveries (endpoint_id) WHERE status = 'held';

-- Down Migration
DROP INDEX CONCURRENTLY IF EXISTS webhook_deliveries_held;
DROP INDEX CONCURRENTLY IF EXISTS webhook_deliveries_unstarted;
