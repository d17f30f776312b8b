-- Up Migration
-- A list switched on or off (LIST_SOURCES_DISABLED) changes what every monitored record should
-- be screened against. `monitoring_enabled` is `enabled` as the monitored records stand on it:
-- the two differ from the switch until every record has been screened again against the lists
-- as they now are (activities/monitoring/switches.ts). `enabled_changed_at` says when it was last
-- switched, so each switch's status changes are delivered once.

ALTER TABLE list_sources ADD COLUMN monitoring_enabled boolean;
ALTER TABLE list_sources ADD COLUMN enabled_changed_at timestamptz;
UPDATE list_sources SET monitoring_enabled = enabled;

-- Down Migration
ALTER TABLE list_sources DROP COLUMN enabled_changed_at;
ALTER TABLE list_sources DROP COLUMN monitoring_enabled;
