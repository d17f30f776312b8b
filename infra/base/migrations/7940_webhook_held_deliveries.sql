-- Up Migration
-- Nothing a webhook endpoint misses is lost (README "Webhooks"):
-- status 'held': a delivery kept while it cannot be sent (its endpoint disabled, or a monitoring
-- event of an organization that is read-only); it is sent when the endpoint is enabled again or
-- the organization is active again. The wider CHECK is added NOT VALID and validated by 7941.
-- workflow_started_at: when the delivery's workflow was started (null: not known to be started),
-- so the sweep of unstarted deliveries reads only those (7941 indexes them).
-- monitored_records.announced_status: the status the record's last match_status_change (or its
-- enrollment's answer) announced; null: the stored status (rows from before this release).
-- Every column is nullable and null means the state of every existing row: nothing to backfill.

ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
  CHECK (status IN ('pending', 'held', 'succeeded', 'failed', 'cancelled')) NOT VALID;
ALTER TABLE webhook_deliveries ADD COLUMN workflow_started_at timestamptz;
ALTER TABLE monitored_records ADD COLUMN announced_status text;

-- Down Migration
ALTER TABLE monitored_records DROP COLUMN announced_status;
ALTER TABLE webhook_deliveries DROP COLUMN workflow_started_at;
UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'held';
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled'));
