-- migrate:no-transaction
-- Up Migration
-- GET /v1/monitor pages an organization's active records by id (keyset).
-- monitored_records is large: built concurrently, outside a transaction (README "Migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS monitored_records_org_page ON monitored_records (org_id, id) WHERE removed_at IS NULL;

-- Down Migration
DROP INDEX CONCURRENTLY IF EXISTS monitored_records_org_page;
