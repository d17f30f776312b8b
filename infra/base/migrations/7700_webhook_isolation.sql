-- Up Migration
-- Webhook deliveries that cannot starve other work (README "Webhooks").
--
-- sending_until: an attempt claims its delivery in a short transaction before it POSTs, with no
-- transaction or lock held across the request. The claim counts against the organization's cap
-- on concurrent attempts, and DELETE /monitor/{id} waits (outside any transaction) for the claims
-- of the record's deliveries to end. A claim of a worker that died expires by itself.
-- series_attempts: attempts made in the current series (null: none), so the retry schedule is
-- kept by the attempt itself and a turn refused by the organization's cap is not one of them.
-- On endpoints, the run of failed deliveries that disables one (null: not failing) and when it was
-- disabled (null: enabled). Every column is nullable and null means the state of every existing
-- row, so there is nothing to backfill and a worker of the previous release keeps working.

ALTER TABLE webhook_deliveries ADD COLUMN sending_until timestamptz;
ALTER TABLE webhook_deliveries ADD COLUMN series_attempts integer;
ALTER TABLE webhook_endpoints ADD COLUMN failing_since timestamptz;
ALTER TABLE webhook_endpoints ADD COLUMN failed_deliveries_in_row integer;
ALTER TABLE webhook_endpoints ADD COLUMN disabled_at timestamptz;

-- Both hold only the deliveries being sent at this moment.
CREATE INDEX webhook_deliveries_sending_org ON webhook_deliveries (org_id) WHERE sending_until IS NOT NULL;
CREATE INDEX webhook_deliveries_sending_record ON webhook_deliveries (monitored_record_id) WHERE sending_until IS NOT NULL;

-- Down Migration
DROP INDEX webhook_deliveries_sending_record;
DROP INDEX webhook_deliveries_sending_org;
ALTER TABLE webhook_endpoints DROP COLUMN disabled_at;
ALTER TABLE webhook_endpoints DROP COLUMN failed_deliveries_in_row;
ALTER TABLE webhook_endpoints DROP COLUMN failing_since;
ALTER TABLE webhook_deliveries DROP COLUMN series_attempts;
ALTER TABLE webhook_deliveries DROP COLUMN sending_until;
