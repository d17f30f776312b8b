-- Up Migration
-- The event-type check 7970 added NOT VALID, validated without blocking the deliveries' writes.

ALTER TABLE webhook_deliveries VALIDATE CONSTRAINT webhook_deliveries_event_type_check;

-- Down Migration
SELECT 1;
