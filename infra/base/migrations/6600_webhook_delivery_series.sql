-- Up Migration
-- Which series of attempts a delivery is in. An operator's reset starts a new series under the
-- same workflow id; an activity of the ended series that was already running when it was ended
-- must not mark the new series failed or send again, so each series carries its own id (null
-- for the first series) and the attempt and the failure mark act only for the current one.

ALTER TABLE webhook_deliveries ADD COLUMN series uuid;

-- Down Migration
ALTER TABLE webhook_deliveries DROP COLUMN series;
