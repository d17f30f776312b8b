-- migrate:no-transaction
-- Up Migration
-- GET /v1/monitor?status=potential_match pages an organization's records of one status by id:
-- potential matches are a small share of the records, which the by-organization index (7950)
-- would walk past one by one.
-- monitored_records is large: built concurrently, outside a transaction (README "Migrations").
CREATE INDEX CONCURRENTLY IF NOT EXISTS monitored_records_org_status_page ON monitored_records (org_id, status, id) WHERE removed_at IS NULL;

-- Down Migration
DROP INDEX CONCURRENTLY IF EXISTS monitored_records_org_status_page;
